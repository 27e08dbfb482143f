/**
 * `npm run bench:load [-- --replicas 2] [-- --users 200] [-- --duration 60] [-- --soak 600] [-- --no-build]
 * [-- --json FILE]`: Warrantly as a hosted deployment runs it, black-box, every part in a process of its own:
 *
 * - `--replicas` replicas of the built server (apps/server/dist/server.js), each on its own port, on one
 *   scratch PostgreSQL database (created beside the one DATABASE_URL names, or 127.0.0.1:5432, and dropped
 *   after), one shared provider sandbox (SANDBOX_URL), an S3 server (s3rver) and Redis (REDIS_URL, or
 *   127.0.0.1:6379, under a prefix of the run's own, removed after);
 * - `--users` users signed in through the sandbox, each from an address of its own (TRUST_PROXY=1 and
 *   X-Forwarded-For: sign-in is limited per address), each with a calendar, a few purchases and a mailbox
 *   of order mail;
 * - then as many virtual users for `--duration` seconds, each on its own mix: list and totals (70 %),
 *   receipt list and detail (10 %), create, edit or delete a purchase (10 %: a user holding 10 purchases
 *   or more deletes its oldest down to 9 instead of creating, so the data stays the same size), upload a
 *   200 KB PDF receipt (5 %), a mailbox sync (5 %), each request to a replica chosen at random, 0-100 ms apart.
 *
 * Prints requests, errors (answers >= 500 but a 503 with Retry-After, and failed connections), 429s and
 * 503s apart, p50/p95/p99 per kind; background jobs finished and duplicated (from the replicas' `job
 * finished` log lines); calendar events on the sandbox against the reminder rows; files in the bucket
 * against the documents' rows; each replica's resident memory at the start and the end; then bench:api's
 * ratios to a bare Node floor (list, 304, first page, totals) on replica 1 as the mix left it, for a user
 * with 1,000 purchases seeded as bench:api seeds one, with each side's CPU per request. `--soak 600` runs
 * the same mix for 600 s and prints each replica's memory every minute (its peak RSS in that minute, sampled
 * every 2 s, and its RSS at the minute), with the verdict on the peaks.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { googleSubject } from '@warrantly/sandbox/other-accounts';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { signAccessToken } from '../../apps/server/src/modules/auth/access-token';
import { loadKeys } from '../../apps/server/src/storage/keys';
import { multipart } from '../../apps/server/test/harness';
import { orderMail } from '../../apps/server/test/mail-fixtures';
import { ROOT, type ServerProcess, startServerProcess } from '../../e2e/support/server';
import { MEASURED, scratchPostgres, seedMeasuredUser } from './support/api-seed';
import { SERIES } from './support/api-series';
import { captureRoute, startBareServer, verifyBareServer } from './support/bare-floor';
import type { BareRoute } from './support/bare-routes';
import { procCpuMs } from './support/cpu';
import { expectAnswers, type MeasuredLoad, measuredLoadRun } from './support/load';
import { checkRedis, dropRedisKeys, type S3Process, startS3Process } from './support/load-services';
import { procMemoryMb, procRssParts } from './support/memory';
import { receiptPdf } from './support/receipt-pdf';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox';
import { signInOverHttp } from './support/sign-in';

const args = process.argv.slice(2);
/** `--name value` or `--name=value`. */
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}
function count(name: string, fallback: number, min: number): number {
  const given = option(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} takes a whole number of at least ${min}; not ${given}`);
  return value;
}

const REPLICAS = count('--replicas', 2, 1);
const USERS = count('--users', 200, 1);
const SOAK = option('--soak') === undefined ? null : count('--soak', 600, 60);
/**
 * Minutes of a soak before its memory is judged: the first, as issue #33 sets the target ("flat within
 * 10 % after the first minute"). `--warm-up N` judges from a later minute, to see how much of the growth
 * is the answers cache (READ_CACHE_MB) and V8's heap filling rather than a leak.
 */
const WARM_UP = SOAK ? count('--warm-up', 1, 1) : 0;
const READ_CACHE_MB = Number(process.env.READ_CACHE_MB ?? 64);
const DURATION = SOAK ?? count('--duration', 60, 1);
const JSON_FILE = option('--json');
/** `--node-arg X` (repeatable): passed to each replica's node, e.g. `--heapsnapshot-signal=SIGUSR2`. */
const NODE_ARGS = args.flatMap((a, i) =>
  a === '--node-arg' ? [args[i + 1] as string] : a.startsWith('--node-arg=') ? [a.slice(11)] : [],
);
const PG_SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = randomUUID().slice(0, 8);
const REDIS_PREFIX = `bench-load-${RUN}:`;
const SECRET = 'bench-load-secret-bench-load-secret-bench-load';
/** How long the replicas get after the load to bring every calendar in step. */
const SETTLE_MS = 60_000;
/** Calendars unchanged this long count as settled, in step or not. */
const STILL_MS = 10_000;
const SIGN_IN_CONCURRENCY = 8;
/**
 * Purchases a user holds at most: a create that finds more (uploads and mail syncs add them too) deletes
 * the user's oldest ones, down to this, instead. A soak then measures the server, not each user's list
 * growing for 10 minutes (every answer, and what producing it allocates, growing with it).
 */
const PURCHASES_KEPT = 10;
const DAY = 86_400_000;

const KINDS = [
  'list',
  'totals',
  'receipts',
  'receipt',
  'create',
  'edit',
  'delete',
  'upload',
  'sync',
] as const;
type Kind = (typeof KINDS)[number];

// ---------------------------------------------------------------------------------------------------------
// Everything started is stopped on the way out, Ctrl-C included, last started first.

const cleanups: { what: string; run: () => Promise<void> }[] = [];
function onExit(what: string, run: () => Promise<void>) {
  cleanups.push({ what, run });
}
let cleaning: Promise<void> | null = null;
/** Runs the clean-ups once, however many ways out ask for it (a signal during the run's own ending). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let next = cleanups.pop(); next; next = cleanups.pop()) {
      try {
        await next.run();
      } catch (error) {
        console.error(`bench:load: could not ${next.what}: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\nbench:load: ${signal}, stopping every process it started and dropping the database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------
// HTTP to the replicas: keep-alive connections of Node's own client, the cheapest the load process has.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 120 s')));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

// ---------------------------------------------------------------------------------------------------------
// What was measured.

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
}
const tallies = new Map<Kind, Tally>(KINDS.map((k) => [k, { latencies: [], statuses: new Map() }]));
const totals = { requests: 0, errors: 0, connectionFailures: 0, s429: 0, s503: 0, otherClient: 0 };
const examples = new Map<string, string>();
const uploads = { read: 0, empty: 0 };

/** Sends one request of `kind` as `user` to a replica chosen at random, and counts its answer. */
async function call(
  user: LoadUser,
  kind: Kind,
  method: string,
  pathname: string,
  extra: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer | null> {
  const replica = replicas[Math.floor(Math.random() * replicas.length)] as ServerProcess;
  const tally = tallies.get(kind) as Tally;
  const start = performance.now();
  totals.requests += 1;
  let answer: Answer;
  try {
    answer = await send(
      `${replica.url}${pathname}`,
      method,
      { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.address, ...extra.headers },
      extra.body,
    );
  } catch (error) {
    totals.errors += 1;
    totals.connectionFailures += 1;
    examples.set(`${kind} failed`, (error as Error).message);
    return null;
  }
  tally.latencies.push(performance.now() - start);
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status === 429) totals.s429 += 1;
  else if (answer.status === 503) {
    totals.s503 += 1;
    // An overloaded replica saying when to come back is the contract; a bare 503 is a failure.
    if (!answer.headers['retry-after']) totals.errors += 1;
  } else if (answer.status >= 500) totals.errors += 1;
  else if (answer.status >= 400) totals.otherClient += 1;
  if (answer.status >= 400 && answer.status !== 429 && !examples.has(`${kind} ${answer.status}`))
    examples.set(`${kind} ${answer.status}`, answer.body.toString('utf8').slice(0, 200));
  return answer.status < 400 ? answer : null;
}

// ---------------------------------------------------------------------------------------------------------
// The users and their mix.

interface LoadUser {
  email: string;
  /** The account's key in the sandbox's control API (mailbox, calendar). */
  sandboxKey: string;
  address: string;
  token: string;
  refreshToken: string;
  /** When the access token was issued (it lives 15 minutes). */
  tokenAt: number;
  /** ETags seen per path, sent back as If-None-Match as a browser does. */
  etags: Map<string, string>;
  purchaseIds: number[];
  receiptIds: string[];
  serial: number;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function newPurchase(user: LoadUser) {
  user.serial += 1;
  const now = Date.now();
  return {
    product_name: `Appliance ${user.serial}`,
    shop_name: 'HomeCore Appliances',
    purchase_date: isoDay(now - (user.serial % 200) * DAY),
    price: `${100 + user.serial}.00`,
    // Warranties ending in the coming years: each one a calendar reminder.
    warranty_expire_date: isoDay(now + (90 + ((user.serial * 37) % 900)) * DAY),
  };
}

async function conditionalGet(user: LoadUser, kind: Kind, pathname: string): Promise<Answer | null> {
  const etag = user.etags.get(pathname);
  const answer = await call(user, kind, 'GET', pathname, etag ? { headers: { 'if-none-match': etag } } : {});
  const fresh = answer?.headers.etag;
  if (typeof fresh === 'string') user.etags.set(pathname, fresh);
  return answer;
}

async function listAndTotals(user: LoadUser) {
  const list = await conditionalGet(user, 'list', '/api/v1/user-orders/');
  if (list?.status === 200) {
    const rows = JSON.parse(list.body.toString('utf8')) as { id: number }[];
    user.purchaseIds = rows.map((r) => r.id);
  }
  await conditionalGet(user, 'totals', '/api/v1/user-orders/total-price/');
}

async function receipts(user: LoadUser) {
  const list = await conditionalGet(user, 'receipts', '/api/v1/invoice/');
  if (list?.status === 200) {
    const body = JSON.parse(list.body.toString('utf8')) as { orders: { order_id: string }[] };
    user.receiptIds = body.orders.map((o) => o.order_id);
  }
  const id = pick(user.receiptIds);
  if (id) await call(user, 'receipt', 'GET', `/api/v1/invoice/${encodeURIComponent(id)}/`);
}

async function createOrEdit(user: LoadUser) {
  const id = pick(user.purchaseIds);
  const json = { 'content-type': 'application/json' };
  if (id === undefined || Math.random() < 0.5) {
    if (user.purchaseIds.length >= PURCHASES_KEPT) {
      const sorted = [...user.purchaseIds].sort((a, b) => a - b);
      const oldest = sorted.slice(0, sorted.length - PURCHASES_KEPT + 1);
      user.purchaseIds = sorted.slice(oldest.length);
      for (const old of oldest) await call(user, 'delete', 'DELETE', `/api/v1/user-delete-order/${old}/`);
      return;
    }
    const made = await call(user, 'create', 'POST', '/api/v1/orders/create/', {
      headers: json,
      body: JSON.stringify(newPurchase(user)),
    });
    if (made) user.purchaseIds.push((JSON.parse(made.body.toString('utf8')) as { id: number }).id);
    return;
  }
  // A new warranty date moves the purchase's reminder: the case that left two events across replicas.
  const { warranty_expire_date } = newPurchase(user);
  await call(user, 'edit', 'PUT', `/api/v1/user-orders/update/${id}/`, {
    headers: json,
    body: JSON.stringify({ warranty_expire_date }),
  });
}

async function upload(user: LoadUser) {
  user.serial += 1;
  const pdf = receiptPdf(`LD-${user.address.replaceAll('.', '')}-${user.serial}`, new Date());
  const form = multipart({}, [{ field: 'file', filename: `receipt-${user.serial}.pdf`, bytes: pdf }]);
  const answer = await call(user, 'upload', 'POST', '/api/v1/ai-order-extract/', {
    headers: form.headers,
    body: form.payload,
  });
  if (answer) {
    const found = JSON.parse(answer.body.toString('utf8')) as unknown[];
    if (found.length > 0) uploads.read += 1;
    else uploads.empty += 1;
  }
}

let sandbox: SandboxProcess;

async function deliverOrder(user: LoadUser) {
  user.serial += 1;
  const raw = orderMail({
    orderId: `NW-${user.address.replaceAll('.', '')}-${user.serial}`,
    date: new Date().toUTCString().replace('GMT', '+0000'),
    items: [{ name: `Kettle ${user.serial}`, price: '39.99' }],
    total: '39.99',
  }).replace('To: avery.quinn@example.com', `To: ${user.email}`);
  const res = await fetch(`${sandbox.url}/__sandbox/messages/${user.sandboxKey}`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822' },
    body: raw,
  });
  if (res.status !== 201) throw new Error(`the sandbox refused a message for ${user.email}: ${res.status}`);
}

async function mailboxSync(user: LoadUser) {
  // Half the syncs find a new order confirmation, the others nothing new.
  if (Math.random() < 0.5) await deliverOrder(user);
  await call(user, 'sync', 'GET', '/google-auth/google/sync/');
}

/** A new token pair when the access token is 10 minutes old, as the web app does before it runs out. */
async function freshToken(user: LoadUser) {
  if (Date.now() - user.tokenAt < 10 * 60_000) return;
  const replica = pick(replicas) as ServerProcess;
  const answer = await send(
    `${replica.url}/api/v1/auth/refresh/`,
    'POST',
    { 'content-type': 'application/json', 'x-forwarded-for': user.address },
    JSON.stringify({ refresh_token: user.refreshToken }),
  );
  if (answer.status !== 200) throw new Error(`refreshing ${user.email}'s token answered ${answer.status}`);
  const pair = JSON.parse(answer.body.toString('utf8')) as { access_token: string; refresh_token: string };
  Object.assign(user, { token: pair.access_token, refreshToken: pair.refresh_token, tokenAt: Date.now() });
}

async function virtualUser(user: LoadUser, until: number) {
  while (Date.now() < until && !stopping) {
    await freshToken(user);
    const roll = Math.random();
    if (roll < 0.7) await listAndTotals(user);
    else if (roll < 0.8) await receipts(user);
    else if (roll < 0.9) await createOrEdit(user);
    else if (roll < 0.95) await upload(user);
    else await mailboxSync(user);
    await new Promise((r) => setTimeout(r, Math.random() * 100));
  }
}

/** Signs user `i` in on a replica from an address of its own; mail and a few purchases to start with. */
async function createUser(i: number): Promise<LoadUser> {
  const address = `10.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
  const email = `load.user${i}.${RUN}@example.com`;
  const replica = replicas[i % replicas.length] as ServerProcess;
  const signedIn = await signInOverHttp(
    replica.url,
    'google',
    { email, name: `Load User ${i}`, verified: true },
    { 'x-forwarded-for': address },
  );
  const user: LoadUser = {
    email,
    sandboxKey: googleSubject(email.toLowerCase()),
    address,
    token: signedIn.access_token,
    refreshToken: signedIn.refresh_token,
    tokenAt: Date.now(),
    etags: new Map(),
    purchaseIds: [],
    receiptIds: [],
    serial: 0,
  };
  for (let n = 0; n < 2; n += 1) await deliverOrder(user);
  // The first sync a new user makes; it also starts each replica's mail readers before the measured load.
  if (!(await call(user, 'sync', 'GET', '/google-auth/google/sync/')))
    throw new Error(`user ${i}: the first mailbox sync failed (${[...examples.values()].at(-1)})`);
  for (let n = 0; n < 3; n += 1) {
    const made = await call(user, 'create', 'POST', '/api/v1/orders/create/', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newPurchase(user)),
    });
    if (!made) throw new Error(`user ${i}: creating a purchase failed (${[...examples.values()].at(-1)})`);
    user.purchaseIds.push((JSON.parse(made.body.toString('utf8')) as { id: number }).id);
  }
  return user;
}

async function createUsers(): Promise<LoadUser[]> {
  const users: LoadUser[] = new Array(USERS);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < USERS && !stopping; i = next++) users[i] = await createUser(i);
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, USERS) }, worker));
  return users;
}

// ---------------------------------------------------------------------------------------------------------
// What the run left: background jobs, calendars, files.

interface JobLine {
  id: string;
  name: string;
  key: string | null;
  startedAt: number;
  finishedAt: number;
  replica: number;
}

const finished: JobLine[] = [];
let jobsFailed = 0;

/**
 * Takes the job lines out of the replicas' logs and drops the rest (a request line each: a soak's worth
 * would pile up in this process).
 */
function harvestJobLines() {
  replicas.forEach((replica, index) => {
    for (const line of replica.logs.splice(0)) {
      if (line.msg === 'job failed') jobsFailed += 1;
      const job = line.job as Record<string, unknown> | undefined;
      if (line.msg !== 'job finished' || !job) continue;
      finished.push({
        id: String(job.id),
        name: String(job.name),
        key: job.key === undefined || job.key === null ? null : String(job.key),
        startedAt: new Date(job.startedAt as string | number).getTime(),
        finishedAt: new Date(job.finishedAt as string | number).getTime(),
        replica: index,
      });
    }
  });
}

/** Jobs finished and failed; duplicates: one id finished twice, or one name+key run at once on two replicas. */
function jobFigures() {
  harvestJobLines();
  const byId = new Map<string, number>();
  for (const job of finished) byId.set(job.id, (byId.get(job.id) ?? 0) + 1);
  const sameId = [...byId.values()].reduce((sum, n) => sum + (n > 1 ? n - 1 : 0), 0);
  // Two runs of one job name and key at once, on two replicas: the work ran twice.
  const byKey = new Map<string, JobLine[]>();
  for (const job of finished) {
    if (job.key === null) continue;
    const k = `${job.name}\u0000${job.key}`;
    byKey.set(k, [...(byKey.get(k) ?? []), job]);
  }
  let overlapping = 0;
  for (const runs of byKey.values()) {
    runs.sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < runs.length; i += 1) {
      const [a, b] = [runs[i - 1] as JobLine, runs[i] as JobLine];
      if (a.id !== b.id && a.replica !== b.replica && b.startedAt < a.finishedAt) overlapping += 1;
    }
  }
  const byName = new Map<string, number>();
  for (const job of finished) byName.set(job.name, (byName.get(job.name) ?? 0) + 1);
  return { finished: finished.length, failed: jobsFailed, sameId, overlapping, byName };
}

interface CalendarFigures {
  events: number;
  expected: number;
  /** Reminder rows without their event on the sandbox (or without an event id yet). */
  missing: number;
  /** Events on the sandbox no reminder row names: duplicates, or events left behind by an edit. */
  unmatched: number;
}

async function calendarFigures(db: DatabaseHandle['db'], users: LoadUser[]): Promise<CalendarFigures> {
  const rows = await sql<{ email: string; external_id: string | null }>`
    select u.email, r.external_id from reminders r join users u on u.id = r.user_id
    where r.provider = 'google'`.execute(db);
  const byEmail = new Map<string, (string | null)[]>();
  for (const row of rows.rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.external_id]);
  const figures: CalendarFigures = { events: 0, expected: 0, missing: 0, unmatched: 0 };
  for (const user of users) {
    const res = await fetch(`${sandbox.url}/__sandbox/calendar/${user.sandboxKey}`);
    const { events } = (await res.json()) as { events: { id: string }[] };
    const ids = new Set(events.map((e) => e.id));
    const expected = byEmail.get(user.email) ?? [];
    const named = new Set(expected.filter((id): id is string => id !== null));
    figures.events += events.length;
    figures.expected += expected.length;
    figures.missing += expected.filter((id) => id === null || !ids.has(id)).length;
    figures.unmatched += events.filter((e) => !named.has(e.id)).length;
  }
  return figures;
}

/**
 * Waits until every calendar is in step, or has not moved for STILL_MS (what is left then stays), or
 * SETTLE_MS has passed; answers the figures and how long it took (null: still moving at the deadline).
 */
async function settledCalendars(db: DatabaseHandle['db'], users: LoadUser[]) {
  const start = Date.now();
  let last = await calendarFigures(db, users);
  let stillSince = Date.now();
  for (;;) {
    const elapsed = Date.now() - start;
    if ((last.missing === 0 && last.unmatched === 0) || Date.now() - stillSince >= STILL_MS)
      return { ...last, settledInMs: elapsed };
    if (elapsed > SETTLE_MS) return { ...last, settledInMs: null };
    await new Promise((r) => setTimeout(r, 2000));
    const now = await calendarFigures(db, users);
    if (JSON.stringify(now) !== JSON.stringify(last)) stillSince = Date.now();
    last = now;
  }
}

/** Files the replicas wrote to their own data folders (what they do while S3 is not in use). */
function filesOnDisk(): number {
  let files = 0;
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files += 1;
    }
  };
  for (const replica of replicas) walk(path.join(replica.dataDir, 'blobs'));
  return files;
}

async function fileFigures(db: DatabaseHandle['db'], s3: S3Process) {
  const rows = await sql<{ n: string }>`select count(*) as n from documents`.execute(db);
  return {
    rows: Number(rows.rows[0]?.n ?? 0),
    objects: (await s3.keys()).length,
    onDisk: filesOnDisk(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The run.

const replicas: ServerProcess[] = [];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
const ms = (value: number) =>
  Number.isNaN(value) ? '-' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

async function startReplicas(env: Record<string, string>) {
  // One after the other: the first migrates the empty database, the others find it migrated.
  for (let i = 0; i < REPLICAS; i += 1) {
    const replica = await startServerProcess(env, {
      requireBuilt: true,
      nodeArgs: NODE_ARGS,
      // Only the job lines are counted (harvestJobLines): parsing every request's line here took a share of
      // the two cores from the replicas in proportion to their request rate, and none from the floor.
      keepLinesWith: '"msg":"job ',
    });
    // Stopped even when Ctrl-C came while it was starting (the clean-ups may already have run).
    if (stopping) await replica.stop();
    onExit(`stop replica ${i + 1}`, () => replica.stop(10_000));
    replicas.push(replica);
  }
}

/** How long replica 1's CPU is watched with no request before the ratios. */
const REST_MS = 5000;
/**
 * Paired runs per ratio. This machine's speed drifts by a fifth or more within a minute (the same server
 * answered the same series at 26 and at 34 us a request minutes apart), so a replica run in a slow spell
 * and a floor run in a fast one made a ratio of the drift: a pair runs back to back, the order alternates
 * from pair to pair, and the median pair is the ratio.
 */
const RATIO_PAIRS = 3;
/** Seconds measured in each run of a pair, after 1 s of warm-up. */
const RATIO_SECONDS = 4;

/**
 * After the mix, bench:api's ratios on a replica as the load left it, for bench:api's measured user: one
 * with 1,000 purchases, written into the database as bench:api seeds it (the mix's users hold at most
 * ten, where the whole list is the size of a page). Its answers are captured from the replica and served
 * by a bare Node server in its own process. Each series runs in RATIO_PAIRS pairs, a run on the replica
 * and one on the floor (autocannon in a process of its own, 1 s of warm-up, RATIO_SECONDS measured, only the
 * answers the series is about), with the CPU each spent per request.
 */
async function floorRatios(replica: ServerProcess, databaseUrl: string): Promise<Record<string, number>> {
  const series = SERIES.flatMap((spec) => {
    const target = spec.targets?.find((t) => 'ratio' in t);
    return target && 'ratio' in target ? [{ spec, target: target.ratio }] : [];
  });
  const measured = await seedMeasuredUser(databaseUrl);
  // The replicas' signing key, from the secret they share.
  const signing = loadKeys(replica.dataDir, SECRET).signing;
  const headers = {
    authorization: `Bearer ${signAccessToken(signing, measured)}`,
    'x-forwarded-for': '10.255.0.1',
  };
  const routes = new Map<string, BareRoute>();
  for (const { spec } of series)
    if (!routes.has(spec.path)) routes.set(spec.path, await captureRoute(replica.url, spec.path, headers));
  const floor = await startBareServer([...routes.values()]);
  const ratios: Record<string, number> = {};
  const cpu = (us: number | null) => (us === null ? 'n/a' : `${us.toFixed(0)} us/req`);
  const others = (ms: number | null) =>
    ms === null ? 'n/a' : `${(ms / (RATIO_SECONDS * 1000)).toFixed(2)} cores`;
  try {
    await verifyBareServer(floor.url, [...routes.values()]);
    // What the replica spends with no request to answer (its jobs, the queue's polling, the collector) is in
    // each series' CPU per request too: said apart.
    const restStart = procCpuMs(replica.pid);
    await new Promise((r) => setTimeout(r, REST_MS));
    const restEnd = procCpuMs(replica.pid);
    const atRest = restStart === null || restEnd === null ? null : (restEnd - restStart) / REST_MS;
    console.log(
      `\nratios to the bare Node floor on replica 1, after the mix (as bench:api measures them, for a user with ${MEASURED.toLocaleString('en')} purchases); replica 1 at rest first: ${atRest === null ? 'n/a' : `${atRest.toFixed(3)} cores`} over ${REST_MS / 1000} s`,
    );
    for (const { spec, target } of series) {
      const etag = routes.get(spec.path)?.etag;
      const asked = {
        ...headers,
        ...spec.headers,
        ...(spec.conditional && etag ? { 'if-none-match': etag } : {}),
      };
      const run = async (base: string, pid: number) => {
        const url = `${base}${spec.path}`;
        const result = await measuredLoadRun(url, spec.connections, 1, RATIO_SECONDS, asked, pid);
        expectAnswers(spec.name, url, spec.conditional === true, result);
        return result;
      };
      const pairs: { real: MeasuredLoad; bare: MeasuredLoad; ratio: number }[] = [];
      const onReplica = () => run(replica.url, replica.pid);
      const onFloor = () => run(floor.url, floor.pid);
      for (let i = 0; i < RATIO_PAIRS; i += 1) {
        let real: MeasuredLoad;
        let bare: MeasuredLoad;
        if (i % 2 === 0) {
          real = await onReplica();
          bare = await onFloor();
        } else {
          bare = await onFloor();
          real = await onReplica();
        }
        pairs.push({ real, bare, ratio: real.rps / bare.rps });
      }
      const byRatio = [...pairs].sort((a, b) => a.ratio - b.ratio);
      const { real, bare, ratio } = byRatio[Math.floor(byRatio.length / 2)] as (typeof pairs)[number];
      ratios[spec.name] = ratio;
      console.log(
        `  ${spec.name.padEnd(26)}${real.rps.toFixed(0).padStart(8)} req/s against ${bare.rps.toFixed(0).padStart(6)}: ${ratio.toFixed(2)} (target >= ${target}: ${ratio >= target ? 'met' : 'MISSED'}); pairs ${pairs.map((p) => p.ratio.toFixed(2)).join(', ')}`,
      );
      console.log(
        `  ${''.padEnd(26)}CPU ${cpu(real.cpuUs)} against ${cpu(bare.cpuUs)}; the other processes ${others(real.othersMs)} against ${others(bare.othersMs)}`,
      );
    }
  } finally {
    await floor.stop();
  }
  return ratios;
}

async function main(): Promise<number> {
  // Before the build: a service that is down is said at once.
  await checkRedis(REDIS_URL);
  if (!args.includes('--no-build')) {
    console.log('building apps/server (--no-build skips it)');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('npm run build -w apps/server failed');
  }
  const scratch = await scratchPostgres(PG_SERVER, 'bench_load').catch((error: Error) => {
    throw new Error(
      `PostgreSQL at ${PG_SERVER.replace(/\/\/[^@]*@/, '//')} is not usable (${error.message}): start it, or set DATABASE_URL to a server this user may create databases on`,
    );
  });
  onExit('drop the scratch database', () => scratch.drop());
  onExit('remove the run’s Redis keys', () => dropRedisKeys(REDIS_URL, REDIS_PREFIX));
  sandbox = await startSandboxProcess();
  onExit('stop the sandbox', () => sandbox.stop());
  const s3 = await startS3Process(`bench-load-${RUN}`);
  onExit('stop s3rver', () => s3.stop());
  await startReplicas({
    SANDBOX: 'on',
    SANDBOX_URL: sandbox.url,
    DATABASE_URL: scratch.url,
    APP_SECRET: SECRET,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    REDIS_URL,
    REDIS_PREFIX,
    ...s3.env,
  });
  const db = await openDatabase({ url: scratch.url });
  onExit('close the database connection', () => db.close());
  await new Promise((r) => setTimeout(r, 2000));
  const rssAtStart = replicas.map((r) => procMemoryMb(r.pid, 'VmRSS'));
  console.log(
    `${REPLICAS} replicas on PostgreSQL (pids ${replicas.map((r) => r.pid).join(', ')}), sandbox ${sandbox.url}, s3rver ${s3.endpoint}, Redis ${REDIS_URL} (prefix ${REDIS_PREFIX})`,
  );

  const setupStart = Date.now();
  const users = await createUsers();
  console.log(
    `${USERS} users signed in, each with 3 purchases and 2 order mails synced, in ${((Date.now() - setupStart) / 1000).toFixed(0)} s`,
  );
  // The load is measured from here: setup's requests are not in the figures.
  for (const tally of tallies.values()) {
    tally.latencies.length = 0;
    tally.statuses.clear();
  }
  Object.assign(totals, { requests: 0, errors: 0, connectionFailures: 0, s429: 0, s503: 0, otherClient: 0 });
  examples.clear();

  console.log(
    `${USERS} virtual users for ${DURATION} s${SOAK ? ` (soak: RSS judged after a ${WARM_UP}-minute warm-up)` : ''}`,
  );
  const began = Date.now();
  // Each minute's peak RSS, sampled every 2 s: one sample a minute lands anywhere on the sawtooth V8's
  // collections draw (up and down by a quarter on this mix), while a leak lifts the peaks themselves.
  const rssByMinute: (number | null)[][] = [];
  let peaks = replicas.map(() => 0);
  const withSample = (sample: (number | null)[]) => peaks.map((p, i) => Math.max(p, sample[i] ?? 0));
  const rssNow = () => replicas.map((r) => procMemoryMb(r.pid, 'VmRSS'));
  const sampler = setInterval(() => {
    peaks = withSample(rssNow());
  }, 2000);
  const minute = setInterval(() => {
    const sample = rssNow();
    const peak = withSample(sample).map((p) => p || null);
    peaks = replicas.map(() => 0);
    rssByMinute.push(peak);
    if (SOAK)
      console.log(
        `  minute ${rssByMinute.length}: ${sample
          .map((v, i) => {
            const parts = procRssParts(replicas[i]?.pid ?? 0);
            return `replica ${i + 1} peak ${mb(peak[i] ?? null)}, now ${mb(v)}${parts ? ` (anon ${mb(parts.anon)}, files ${mb(parts.file)})` : ''}`;
          })
          .join('; ')}`,
      );
  }, 60_000);
  const harvest = setInterval(harvestJobLines, 5000);
  await Promise.all(users.map((user) => virtualUser(user, began + DURATION * 1000)));
  clearInterval(minute);
  clearInterval(sampler);
  clearInterval(harvest);
  const seconds = (Date.now() - began) / 1000;
  const rssAtEnd = rssNow();

  console.log(
    `settling: up to ${SETTLE_MS / 1000} s for the calendars to be in step (or still for ${STILL_MS / 1000} s)`,
  );
  const calendars = await settledCalendars(db.db, users);
  const jobs = jobFigures();
  const files = await fileFigures(db.db, s3);

  // ------------------------------------------------------------------------------------ the table
  console.log(
    `\n${'kind'.padEnd(10)}${'requests'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}  answers`,
  );
  const perKind: Record<string, unknown> = {};
  for (const kind of KINDS) {
    const tally = tallies.get(kind) as Tally;
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p)) as [number, number, number];
    const statuses = [...tally.statuses].sort((a, b) => a[0] - b[0]);
    perKind[kind] = { requests: sorted.length, p50, p95, p99, statuses: Object.fromEntries(statuses) };
    console.log(
      `${kind.padEnd(10)}${String(sorted.length).padStart(9)}${ms(p50).padStart(9)}${ms(p95).padStart(9)}${ms(p99).padStart(9)}  ${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nrequests          ${totals.requests} in ${seconds.toFixed(0)} s (${(totals.requests / seconds).toFixed(0)}/s)`,
  );
  console.log(
    `errors            ${totals.errors} (>= 500 but a 503 with Retry-After, and ${totals.connectionFailures} failed connections; target 0: ${verdict(totals.errors === 0)})`,
  );
  console.log(`429s              ${totals.s429} (per-user upload and sync limits)`);
  console.log(`503s              ${totals.s503}`);
  console.log(`other 4xx         ${totals.otherClient}`);
  for (const [what, text] of examples) console.log(`  e.g. ${what}: ${text.replace(/\s+/g, ' ')}`);
  console.log(`uploads read      ${uploads.read} made a purchase, ${uploads.empty} none`);
  const jobNames = [...jobs.byName].map(([name, n]) => `${name} ${n}`).join(', ');
  console.log(
    `jobs              ${jobs.finished} finished${jobNames ? ` (${jobNames})` : ''}, ${jobs.failed} failed; duplicated ${jobs.sameId + jobs.overlapping} (${jobs.sameId} one id finished twice, ${jobs.overlapping} one name+key at once on two replicas; target 0: ${verdict(jobs.sameId + jobs.overlapping === 0)})`,
  );
  if (jobs.finished === 0)
    console.log('                  (no `job finished` lines: the replicas run no job queue yet)');
  console.log(
    `calendar events   ${calendars.events} on the sandbox, ${calendars.expected} expected (reminder rows); ${calendars.missing} missing, ${calendars.unmatched} without a row (target equal, 0 and 0: ${verdict(calendars.events === calendars.expected && calendars.missing === 0 && calendars.unmatched === 0)})${calendars.settledInMs === null ? `, not settled after ${SETTLE_MS / 1000} s` : `, settled in ${(calendars.settledInMs / 1000).toFixed(0)} s`}`,
  );
  const s3Active = files.objects > 0 || files.onDisk === 0;
  console.log(
    s3Active
      ? `files             ${files.objects} objects in the bucket, ${files.rows} document rows (target equal: ${verdict(files.objects === files.rows)})`
      : `files             S3 not active: ${files.onDisk} files in the replicas' own data folders, ${files.rows} document rows, 0 in the bucket`,
  );
  for (const [i, start] of rssAtStart.entries())
    console.log(`replica ${i + 1} RSS     ${mb(start)} at the start, ${mb(rssAtEnd[i] ?? null)} at the end`);

  const ratios = await floorRatios(replicas[0] as ServerProcess, scratch.url);
  let soakVerdict: { flat: boolean; spread: number[] } | null = null;
  if (SOAK) {
    // Flat: every minute's peak after the warm-up within 10 % of the peak of its last minute. A leak keeps
    // growing past it; a cache filling to its cap does not.
    const spread = replicas.map((_, i) => {
      const [first, ...later] = rssByMinute.slice(WARM_UP - 1).map((sample) => sample[i] ?? null);
      if (first === null || first === undefined) return 0;
      return Math.max(0, ...later.map((v) => (v === null ? 0 : Math.abs(v - first) / first)));
    });
    const warmUpGrowth = replicas.map((_, i) => {
      const [first, end] = [rssByMinute[0]?.[i], rssByMinute[WARM_UP - 1]?.[i]];
      return first === undefined || first === null || end === undefined || end === null ? null : end - first;
    });
    soakVerdict = { flat: spread.every((s) => s <= 0.1), spread };
    console.log(
      `soak RSS          ${spread.map((s, i) => `replica ${i + 1} within ${(s * 100).toFixed(1)} %`).join(', ')} of its peak in minute ${WARM_UP} (--warm-up), minutes ${WARM_UP + 1}..${rssByMinute.length} (target <= 10 %: ${verdict(soakVerdict.flat)})`,
    );
    if (WARM_UP > 1)
      console.log(
        `  warm-up growth  ${warmUpGrowth.map((g, i) => `replica ${i + 1} ${g === null ? 'n/a' : `${g >= 0 ? '+' : ''}${g.toFixed(0)} MB`}`).join(', ')} from minute 1: ${READ_CACHE_MB > 0 ? `the answers cache filling to READ_CACHE_MB=${READ_CACHE_MB} MB, with V8's heap and malloc around it` : 'the answers cache off (READ_CACHE_MB=0)'}`,
      );
  }
  if (JSON_FILE)
    writeFileSync(
      JSON_FILE,
      `${JSON.stringify(
        {
          replicas: REPLICAS,
          users: USERS,
          seconds,
          totals,
          perKind,
          uploads,
          jobs: { ...jobs, byName: Object.fromEntries(jobs.byName) },
          calendars,
          files: { ...files, s3Active },
          rss: { atStart: rssAtStart, atEnd: rssAtEnd, byMinute: rssByMinute },
          soak: soakVerdict,
          ratios,
        },
        null,
        2,
      )}\n`,
    );
  return totals.errors === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  // After Ctrl-C, what failed is only what the stopping broke.
  if (!stopping) console.error(`bench:load: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  agent.destroy();
}
