import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect, Listen } from './db/database';
import type { Database } from './db/schema';
import { registerApiDocs } from './http/api-docs';
import { registerCompression } from './http/compression';
import { createCursorCodec } from './http/cursor';
import { registerErrorHandler } from './http/errors';
import { clientAddress, createFrontDoor, memoryReads, type ProxyTrust } from './http/memory-reads';
import { createReadCache, createVersionedRead } from './http/read-cache';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { createRateLimitStore } from './http/shared-limits';
import { registerWebApp } from './http/web-app';
import type { JobQueue, JobSettings } from './jobs/jobs';
import { createLocalQueue } from './jobs/local-queue';
import { logRequests, requestLoggerFactory } from './logging';
import { accountRoutes } from './modules/account/account.routes';
import { userExists } from './modules/account/account.service';
import { createGuard } from './modules/auth/access-token-guard';
import { authRoutes } from './modules/auth/auth.routes';
import { createProviderTokens } from './modules/auth/provider-tokens.service';
import { createSignIn } from './modules/auth/sign-in.service';
import { healthRoutes } from './modules/health/health.routes';
import { syncRoutes } from './modules/mail-sync/mail-sync.routes';
import { createMailSync, type MailSync, type MailSyncDeps } from './modules/mail-sync/mail-sync.service';
import { memoryRoutes } from './modules/memory/memory.routes';
import { partsRoutes } from './modules/parts/parts.routes';
import { createDataVersions } from './modules/purchases/data-versions.service';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { purchaseDocumentsRoutes } from './modules/receipts/documents.routes';
import type { ExtractionPool } from './modules/receipts/reader/extraction-pool';
import { createLlmRefiner } from './modules/receipts/reader/llm-refiner';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { documentsRoutes } from './modules/receipts/upload.routes';
import { calendarRoutes } from './modules/reminders/calendar.routes';
import { createCalendar } from './modules/reminders/calendar.service';
import { feedRoutes } from './modules/reminders/feed.routes';
import { createReminderWorker, type ReminderWorker } from './modules/reminders/reminder-worker';
import { settingsRoutes } from './modules/reminders/settings.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import type { ProviderEndpoints } from './providers/endpoints';
import type { BlobStore } from './storage/blob-store';
import type { Keys } from './storage/keys';

/** Everything the app needs from outside; `server.ts` builds it from config, tests from fixtures. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's LISTEN, so remembered data versions hear other replicas' changes (see data-versions). */
  listen?: Listen | undefined;
  blobs: BlobStore;
  keys: Keys;
  /** The clock, so derived statuses and totals are testable without faking time. */
  now?: () => Date;
  /** Where the built web app is; null serves no app (API-only tests). */
  webDistDir?: string | null;
  /** Reads receipt PDFs and e-mails in child processes with memory and time limits. */
  extraction: ExtractionPool;
  /** Google and Microsoft (or the local sandbox standing in for both). */
  endpoints: ProviderEndpoints;
  logger?: FastifyServerOptions['logger'];
  /** Reads one raw e-mail for the mailbox sync; the in-process reader when not given. */
  readEmail?: MailSyncDeps['readEmail'];
}

/** One registered route: tests walk this table to prove every route is guarded and scoped. */
export interface RouteEntry {
  method: string;
  url: string;
  isPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    /** The mailbox sync, shared by its endpoints and the background scheduler. */
    mailSync: MailSync;
    /** Keeps warranty and maintenance events on the user's calendar in step with their purchases. */
    reminders: ReminderWorker;
    /** Background jobs: pg-boss on PostgreSQL, in-process on SQLite (src/jobs). */
    jobs: JobQueue;
    /** Requests answered from memory before Fastify saw them (http/memory-reads.ts). */
    readsFromMemory(): number;
  }
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts that many proxies nearest the server (Fastify
 * reads a bare number as "trust nothing"), a list trusts those addresses; 0 trusts no forwarded header.
 */
function trustProxyOption(setting: number | string[]): ProxyTrust {
  if (typeof setting !== 'number') return setting;
  return setting > 0 ? (_address: string, hop: number) => hop < setting : false;
}

/**
 * A route's rate limit per signed-in user (work a user can make the server do: reading documents, syncing
 * a mailbox). It runs after the bearer guard, so the key is the user's id, whatever address they come from.
 */
export function perUserLimit(perMinute: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req) => `user:${req.userId}`,
    },
  };
}

export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  // Every module writes through the watched handle: on SQLite it keeps the users' data versions in memory
  // true (purchases/data-versions.service.ts), so versioned reads need no database read to answer.
  const versions = createDataVersions(given.db, given.dialect, given.listen);
  const deps: AppDeps = { ...given, db: versions.watch(given.db) };
  const trustProxy = trustProxyOption(deps.config.TRUST_PROXY);
  const frontDoor = createFrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    genReqId: frontDoor.genReqId,
    logger: deps.logger ?? false,
    ...(deps.logger ? { childLoggerFactory: requestLoggerFactory } : {}),
    // One line per request, written by logRequests below.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy,
    // The reply's header is enough to tell requests apart in logs.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; serialising stays plain JSON.stringify (a 1,000-line list is hot).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(app);
  const requestLines = deps.logger ? logRequests(app) : null;

  const fixedHeaders = securityHeaders(deps.config.PUBLIC_URL);
  registerSecurityHeaders(app, fixedHeaders);
  registerCompression(app);
  await app.register(multipart);
  const limits = await createRateLimitStore({
    redisUrl: deps.config.REDIS_URL,
    prefix: deps.config.REDIS_PREFIX,
    // The counters are not user data: written past the data-version watch.
    db: given.db,
    dialect: deps.dialect,
    log: app.log,
  });
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, limits.options);
  registerApiDocs(app);

  // Every route needs the bearer token unless it says it is public.
  const now = deps.now ?? (() => new Date());
  // Tokens of a deleted account stop at once here, and within USER_EXISTS_TTL_MS on other replicas.
  const requireUser = createGuard(deps.keys.signing, now, (userId) => userExists(deps.db, userId));
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const isPublic = route.config?.public === true || route.url.startsWith('/api/docs');
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, isPublic });
    if (isPublic) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [requireUser, ...existing];
  });

  const tokens = createProviderTokens(deps.db, deps.keys.encryption, deps.endpoints);

  const calendar = createCalendar({
    db: deps.db,
    tokens,
    endpoints: deps.endpoints,
    now,
    appUrl: deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${deps.config.PORT}`,
    log: app.log,
  });
  // Jobs keep their own handle: their bookkeeping is no user's data change.
  const jobSettings: JobSettings = {
    timeoutSeconds: deps.config.JOB_TIMEOUT_SECONDS,
    retryLimit: deps.config.JOB_RETRY_LIMIT,
    retryDelaySeconds: deps.config.JOB_RETRY_DELAY_SECONDS,
    longestIntervalMs: deps.config.SYNC_INTERVAL_MINUTES * 60_000,
  };
  // pg-boss (and the cron parser and date library it brings) is loaded only on PostgreSQL: on SQLite its
  // code would be held by an idle server for nothing.
  const jobs =
    deps.dialect === 'postgres'
      ? await (await import('./jobs/pg-boss-queue')).createPgBossQueue({
          db: given.db,
          log: app.log,
          settings: jobSettings,
        })
      : createLocalQueue({ db: given.db, log: app.log, settings: jobSettings });
  app.decorate('jobs', jobs);
  const reminders = createReminderWorker(calendar, jobs, app.log);
  app.decorate('reminders', reminders);
  // The one subscriber to "this user's data changed": their calendar follows their purchases and settings.
  const onUserDataChanged = (userId: string) => reminders.schedule(userId);
  const purchaseDeps = {
    db: deps.db,
    blobs: deps.blobs,
    encryptionKey: deps.keys.encryption,
    onUserDataChanged,
  };
  await app.register(healthRoutes, { db: deps.db, sandboxUrl: deps.endpoints.sandboxUrl });
  const signIn = createSignIn({
    db: deps.db,
    endpoints: deps.endpoints,
    microsoftTenant: deps.config.MICROSOFT_TENANT,
    encryptionKey: deps.keys.encryption,
    signingKey: deps.keys.signing,
    // A sign-in may reconnect a calendar: what waited for it (reminders set meanwhile) is written now.
    onSignedIn: onUserDataChanged,
  });
  await app.register(authRoutes, {
    signIn,
    db: deps.db,
    signingKey: deps.keys.signing,
    publicUrl: deps.config.PUBLIC_URL,
    sessionMaxDays: deps.config.SESSION_MAX_DAYS,
    signInsPerMinute: deps.config.SIGN_INS_PER_MINUTE,
    now,
  });
  // Page cursors are signed with a key of their own, derived from the signing key.
  const cursors = createCursorCodec(deps.keys.signing);
  const readCache = createReadCache(Math.floor(deps.config.READ_CACHE_MB * 1024 * 1024));
  const { read: versioned, fromMemory } = createVersionedRead(readCache, versions.read, now, fixedHeaders);
  const early = memoryReads({
    guard: requireUser,
    versions,
    reads: { fromMemory },
    lines: requestLines,
    genReqId: frontDoor.genReqId,
    clientIp: clientAddress(trustProxy),
    now,
  });
  frontDoor.use(early.answer);
  app.decorate('readsFromMemory', early.answered);
  app.addHook('preClose', (done) => {
    early.close();
    done();
  });
  await app.register(purchasesRoutes, { deps: purchaseDeps, now, cursors, versioned });
  await app.register(receiptsRoutes, { deps: purchaseDeps, now, cursors, versioned });
  await app.register(trackingRoutes, { db: deps.db, now });
  await app.register(settingsRoutes, { deps: { db: deps.db, onUserDataChanged } });
  await app.register(calendarRoutes, { calendar, settled: (userId) => reminders.settled(userId) });
  const mailSync = createMailSync({
    db: deps.db,
    tokens,
    endpoints: deps.endpoints,
    lookbackMonths: deps.config.SYNC_LOOKBACK_MONTHS,
    now,
    log: app.log,
    onUserDataChanged,
    blobs: deps.blobs,
    encryptionKey: deps.keys.encryption,
    readEmail: deps.readEmail ?? ((message) => deps.extraction.readEmail(message)),
  });
  app.decorate('mailSync', mailSync);
  jobs.define('sync-mailbox', (userId) => mailSync.syncInBackground(userId));
  await app.register(syncRoutes, { mailSync, limit: perUserLimit(deps.config.SYNCS_PER_MINUTE) });
  await app.register(accountRoutes, {
    deps: {
      db: deps.db,
      blobs: deps.blobs,
      encryptionKey: deps.keys.encryption,
      calendar,
      tokens,
      calendarIdle: async (userId) => {
        await reminders.forget(userId);
        await jobs.cancel('sync-mailbox', userId);
      },
      userDeleted: requireUser.userDeleted,
      now,
      log: app.log,
    },
  });
  app.addHook('onClose', async () => {
    await versions.close();
    // Runs in progress here end first; queued jobs wait for another replica or the next start.
    await jobs.stop();
  });
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = deps.config;
  const refine =
    LLM_BASE_URL && LLM_MODEL
      ? createLlmRefiner({
          baseUrl: LLM_BASE_URL,
          apiKey: LLM_API_KEY,
          model: LLM_MODEL,
          log: (message, error) => app.log.warn({ err: error }, message),
        })
      : null;
  await app.register(documentsRoutes, {
    deps: { ...purchaseDeps, pool: deps.extraction, refine },
    now,
    limit: perUserLimit(deps.config.UPLOADS_PER_MINUTE),
  });
  await app.register(purchaseDocumentsRoutes, {
    deps: purchaseDeps,
    viewEmail: (bytes) => deps.extraction.viewEmail(bytes),
    now,
  });
  await app.register(reviewRoutes, { deps: purchaseDeps, now });
  await app.register(memoryRoutes, { db: deps.db, encryptionKey: deps.keys.encryption });
  await app.register(partsRoutes, { db: deps.db, cursors, versioned });
  await app.register(feedRoutes, {
    db: deps.db,
    encryptionKey: deps.keys.encryption,
    publicUrl: deps.config.PUBLIC_URL,
    now,
  });

  await jobs.start();
  await registerWebApp(app, deps.webDistDir === undefined ? DEFAULT_WEB_DIST : deps.webDistDir, {
    sandbox: deps.endpoints.sandboxUrl !== null,
  });
  return app;
}
