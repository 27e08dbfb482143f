import { randomUUID } from 'node:crypto';
import type { SyncSummary } from '@warrantly/contract/mail-sync';
import type { Purchase } from '@warrantly/contract/purchases';
import type { Extraction } from '@warrantly/extract/types';
import { timestamp } from '../../dates';
import { isDatabaseUnavailable } from '../../db/database';
import type { Db } from '../../db/schema';
import { AppError, InputOverLimit } from '../../errors';
import type { ProviderEndpoints, ProviderName } from '../../providers/endpoints';
import { createGmailSource } from '../../providers/google/gmail';
import type { ProviderTokens } from '../../providers/http';
import { createProviderClient, ProviderHttpError } from '../../providers/http';
import type { FetchedMessage, MailSource, MessageRef } from '../../providers/mail';
import { createOutlookSource } from '../../providers/microsoft/outlook-mail';
import type { UserDataChanged } from '../../user-data-changes';
import { requireSignedInWith } from '../auth/provider-accounts.service';
import { extractionStatus, hasPurchase, importExtraction } from '../purchases/import.service';
import {
  dataVersion,
  findPurchases,
  noteDataChanged,
  updatePurchaseLine,
} from '../purchases/purchases.service';
import * as repo from './mail-sync.repository';

export interface MailSyncDeps {
  db: Db;
  tokens: ProviderTokens;
  endpoints: ProviderEndpoints;
  lookbackMonths: number;
  now: () => Date;
  /** Messages fetched at once; with `perSecond`, keeps a sync under half the provider's per-user quota. */
  concurrency?: number;
  /** Raw message fetches per second (Gmail: 250 quota units/s per user, `messages.get` costs 5: half is 25/s). */
  perSecond?: number;
  /** Counts provider calls by kind (benchmarks). */
  onCall?: (service: string, url: string) => void;
  /** Called after a sync that created or updated purchases (calendar reminders follow). */
  onUserDataChanged: UserDataChanged;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Reads a fetched message's fields away from the main thread (the extraction pool); rejects when it
   * cannot, with 'provider_failed' when the provider's answer itself was garbled.
   */
  readEmail: (message: FetchedMessage) => Promise<Extraction>;
}

/** How long a lease lasts without renewal: a crashed process's lease expires and the next run resumes. */
const LEASE_MS = 120_000;
const SOURCE: Record<ProviderName, 'gmail' | 'outlook'> = { google: 'gmail', microsoft: 'outlook' };

/**
 * Messages stored per transaction. SQLite answers one statement at a time and a transaction's statements
 * run back to back, so a page's 100 messages in one would hold every other user's queries for ~80 ms.
 */
const STORE_BATCH = 10;

/**
 * Attempts at a message before it is skipped for good: the failed one and one retry on the next sync. A
 * message over a reader's cap uses them all at once: it would be refused again.
 */
export const MAX_ATTEMPTS = 2;

type Outcome =
  | { kind: 'order'; ref: MessageRef; extraction: Extraction }
  | { kind: 'shipping'; ref: MessageRef; extraction: Extraction }
  | { kind: 'skipped'; ref: MessageRef; extraction: Extraction | null }
  | { kind: 'error'; ref: MessageRef; reason: string; final?: boolean };

/**
 * The provider refused this one message for good (4xx). A provider that is down, rate limiting or
 * unreachable after the client's retries says nothing about the message: the sync stops and the message is
 * fetched again next time, so an outage cannot push a whole mailbox into quarantine.
 */
function refusedByProvider(error: unknown): boolean {
  if (!(error instanceof ProviderHttpError)) return false;
  return error.httpStatus >= 400 && error.httpStatus < 500 && ![401, 408, 429].includes(error.httpStatus);
}

/** Why a message failed, in a few words of our own: never the error text of a parser quoting the mail. */
function reasonOf(stage: 'fetch' | 'read' | 'import', error: unknown): string {
  const what = error instanceof AppError ? error.message : error instanceof Error ? error.name : 'failure';
  return `${stage}: ${what}`.slice(0, 200);
}

/**
 * Syncs a user's mailbox into purchases: candidates page by page, a few messages' purchases and their
 * processed marks per transaction, the page's checkpoint with its last batch, so a sync cut off anywhere
 * resumes where it stopped (processed messages are skipped) and never doubles.
 */
export function createMailSync(deps: MailSyncDeps) {
  const concurrency = deps.concurrency ?? 8;
  const perSecond = deps.perSecond ?? 25;

  function sourceFor(userId: string, provider: ProviderName): MailSource {
    const client = createProviderClient({
      tokens: deps.tokens,
      userId,
      provider,
      ...(deps.onCall ? { onCall: deps.onCall } : {}),
    });
    if (provider === 'google') {
      if (!deps.endpoints.google)
        throw new AppError('provider_failed', 'Google is not configured on this server');
      return createGmailSource(client, deps.endpoints.google.gmailBase, deps.lookbackMonths);
    }
    if (!deps.endpoints.microsoft)
      throw new AppError('provider_failed', 'Microsoft is not configured on this server');
    return createOutlookSource(client, deps.endpoints.microsoft.graphBase, deps.lookbackMonths, deps.now);
  }

  async function read(source: MailSource, ref: MessageRef): Promise<Outcome> {
    let raw: FetchedMessage;
    try {
      raw = await source.fetchRaw(ref.id);
    } catch (error) {
      if (!refusedByProvider(error)) throw error;
      deps.log?.warn({ err: error, message: ref.id }, 'could not fetch a message; quarantined');
      return { kind: 'error', ref, reason: reasonOf('fetch', error) };
    }
    try {
      const extraction = await deps.readEmail(raw);
      if (extraction.is_order && hasPurchase(extraction)) return { kind: 'order', ref, extraction };
      if (extraction.email?.is_shipping_update) return { kind: 'shipping', ref, extraction };
      return { kind: 'skipped', ref, extraction };
    } catch (error) {
      // A garbled answer says nothing about the message, as an outage does not: the sync stops.
      if (error instanceof AppError && error.code === 'provider_failed') throw error;
      deps.log?.warn({ err: error, message: ref.id }, 'could not read a message; quarantined');
      return { kind: 'error', ref, reason: reasonOf('read', error), final: error instanceof InputOverLimit };
    }
  }

  /** Reads a page's messages with bounded concurrency and a steady rate. */
  async function readAll(source: MailSource, refs: MessageRef[]): Promise<Outcome[]> {
    const out: Outcome[] = new Array(refs.length);
    let next = 0;
    let lastStart = 0;
    const gap = 1000 / perSecond;
    const worker = async () => {
      while (next < refs.length) {
        const index = next++;
        const wait = lastStart + gap - Date.now();
        lastStart = Math.max(Date.now(), lastStart + gap);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        out[index] = await read(source, refs[index] as MessageRef);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, refs.length) }, worker));
    return out;
  }

  async function run(userId: string, provider: ProviderName, holder: string): Promise<SyncSummary> {
    const cursor = await repo.findCursor(deps.db, userId, provider);
    const source = sourceFor(userId, provider);
    const summary: SyncSummary = { scanned: 0, created: 0, updated: 0, skipped: 0, errors: 0, items: [] };
    const touched: { id: number; subject: string | null; date: string | null }[] = [];

    /**
     * Stores what a page's messages gave, STORE_BATCH per transaction with a turn of the event loop between
     * them for other requests; each message in a savepoint, so one failed import quarantines it alone.
     */
    async function store(outcomes: Outcome[], cursor: string | null): Promise<void> {
      const { defaultCurrency } = await dataVersion(deps.db, userId);
      const now = deps.now();
      for (let start = 0; start === 0 || start < outcomes.length; start += STORE_BATCH) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const last = start + STORE_BATCH >= outcomes.length;
        await storeBatch(
          outcomes.slice(start, start + STORE_BATCH),
          last ? cursor : null,
          defaultCurrency,
          now,
        );
      }
    }

    async function storeBatch(
      outcomes: Outcome[],
      cursor: string | null,
      defaultCurrency: string,
      now: Date,
    ): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const processed = [];
        const failed: repo.Failure[] = [];
        for (const outcome of outcomes) {
          if (outcome.kind === 'error') {
            failed.push({ id: outcome.ref.id, reason: outcome.reason, final: outcome.final ?? false });
            continue;
          }
          await repo.savepoint(trx);
          try {
            const recorded = await apply(
              trx,
              userId,
              provider,
              outcome,
              defaultCurrency,
              now,
              summary,
              touched,
            );
            await repo.releaseSavepoint(trx);
            processed.push({
              user_id: userId,
              provider,
              message_id: outcome.ref.id,
              outcome: recorded,
              processed_at: timestamp(now),
            });
          } catch (error) {
            if (isDatabaseUnavailable(error)) throw error;
            await repo.rollbackToSavepoint(trx);
            deps.log?.warn(
              { err: error, message: outcome.ref.id },
              'could not import a message; quarantined',
            );
            failed.push({ id: outcome.ref.id, reason: reasonOf('import', error), final: false });
          }
        }
        summary.errors += failed.length;
        await repo.markProcessed(trx, processed);
        await repo.releaseQuarantined(
          trx,
          userId,
          provider,
          processed.map((p) => p.message_id),
        );
        await repo.quarantine(trx, userId, provider, failed, MAX_ATTEMPTS, timestamp(now));
        // Failed messages are quarantined, so the checkpoint moves past them: they are retried by id.
        if (cursor !== null) await repo.saveCursor(trx, userId, provider, cursor, timestamp(now));
      });
    }

    // Last sync's failures first, by id: the checkpoint has moved past them.
    const retries = await repo.quarantinedForRetry(deps.db, userId, provider, MAX_ATTEMPTS);
    if (retries.length > 0)
      await store(
        await readAll(
          source,
          retries.map((id) => ({ id })),
        ),
        null,
      );

    for await (const page of source.pages(cursor)) {
      summary.scanned += page.messages.length;
      const ids = page.messages.map((m) => m.id);
      const seen = await repo.processedIds(deps.db, userId, provider, ids);
      // Quarantined messages are never fetched here: retried above, or given up on.
      for (const id of await repo.quarantinedIds(deps.db, userId, provider, ids)) seen.add(id);
      const fresh = page.messages.filter((m) => !seen.has(m.id));
      summary.skipped += page.messages.length - fresh.length;
      await store(await readAll(source, fresh), page.cursor);
      await repo.renewLease(deps.db, userId, holder, timestamp(new Date(Date.now() + LEASE_MS)));
    }

    if (touched.length > 0) {
      const purchases = await findPurchases(deps.db, userId, { ids: touched.map((t) => t.id) }, deps.now());
      const byId = new Map(purchases.map((purchase) => [purchase.id, purchase]));
      summary.items = touched.flatMap((t) => {
        const purchase: Purchase | undefined = byId.get(t.id);
        return purchase ? [{ ...purchase, subject: t.subject, message_date: t.date }] : [];
      });
    }
    return summary;
  }

  return {
    /**
     * Runs the user's sync to its end. When another process is already syncing this user, waits for it
     * and answers its result instead of running twice.
     */
    async sync(userId: string, provider: ProviderName): Promise<SyncSummary> {
      await requireSignedInWith(deps.db, userId, provider);
      const holder = randomUUID();
      const deadline = Date.now() + 10 * 60_000;
      const seenFinish = (await repo.findLease(deps.db, userId))?.last_finished_at ?? null;
      while (
        !(await repo.acquireLease(
          deps.db,
          userId,
          holder,
          timestamp(),
          timestamp(new Date(Date.now() + LEASE_MS)),
        ))
      ) {
        if (Date.now() > deadline)
          throw new AppError('conflict', 'A mailbox sync is already running; try again shortly');
        await new Promise((r) => setTimeout(r, 250));
        const lease = await repo.findLease(deps.db, userId);
        if (lease?.holder === null && lease.last_finished_at !== seenFinish && lease.last_result) {
          return JSON.parse(lease.last_result) as SyncSummary;
        }
      }
      let summary: SyncSummary | null = null;
      try {
        summary = await run(userId, provider, holder);
        if (summary.created + summary.updated > 0) deps.onUserDataChanged(userId);
        return summary;
      } finally {
        await repo.releaseLease(
          deps.db,
          userId,
          holder,
          JSON.stringify(summary ?? { scanned: 0, created: 0, updated: 0, skipped: 0, errors: 1, items: [] }),
          timestamp(),
        );
      }
    },

    /**
     * The background pass: every user with a connected mailbox, one after another. A user another process
     * is syncing right now is left to it. A database that stops answering ends the pass (rejected, for
     * the scheduler to log); any other failure is the user's own and the pass goes on.
     */
    async syncEveryone(): Promise<void> {
      for (const user of await repo.syncableUsers(deps.db)) {
        try {
          const lease = await repo.findLease(deps.db, user.id);
          if (lease?.holder && lease.expires_at > timestamp()) continue;
          await this.sync(user.id, user.provider);
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          deps.log?.warn({ err: error, user: user.id }, 'background mailbox sync failed');
        }
      }
    },
  };
}

export type MailSync = ReturnType<typeof createMailSync>;

type Summary = SyncSummary;
type Touched = { id: number; subject: string | null; date: string | null }[];

/** Turns one read message into purchases (new, or enriching a held order); answers what to record. */
async function apply(
  trx: Parameters<typeof repo.findOrderLines>[0],
  userId: string,
  provider: ProviderName,
  outcome: Exclude<Outcome, { kind: 'error' }>,
  defaultCurrency: string,
  now: Date,
  summary: Summary,
  touched: Touched,
): Promise<string> {
  if (outcome.kind === 'skipped') {
    summary.skipped += 1;
    return 'skipped';
  }
  const subject = outcome.extraction.email?.subject ?? null;
  const date = outcome.extraction.email?.date ?? null;
  const related = [
    outcome.extraction.order_id,
    ...(outcome.extraction.email?.related_order_ids ?? []),
  ].filter((id): id is string => Boolean(id));
  const held = await repo.findOrderLines(trx, userId, related);
  const sameOrder = held.filter(
    (line) =>
      !line.shop_name ||
      !outcome.extraction.merchant ||
      sameMerchant(line.shop_name, outcome.extraction.merchant),
  );
  if (sameOrder.length > 0) {
    // The order is already held (a shipping notice, or a second mail about it): enrich, never duplicate.
    const changed = await enrich(trx, userId, sameOrder, outcome.extraction, now);
    summary.updated += changed.length;
    for (const id of changed) touched.push({ id, subject, date });
    return outcome.kind === 'order' ? 'duplicate' : 'shipping';
  }
  if (outcome.kind === 'shipping') {
    summary.skipped += 1;
    return 'shipping';
  }
  const { ids } = await importExtraction(
    trx,
    userId,
    defaultCurrency,
    outcome.extraction,
    {
      source: SOURCE[provider],
      sourceRef: outcome.ref.id,
      fallbackDate: date,
      status: extractionStatus(outcome.extraction),
    },
    now,
  );
  summary.created += ids.length;
  for (const id of ids) touched.push({ id, subject, date });
  return 'order';
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
function sameMerchant(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  return x === y || x.includes(y) || y.includes(x);
}

/** Fills what the held order lacks from a later mail about it; answers the ids that changed. */
async function enrich(
  trx: Parameters<typeof repo.findOrderLines>[0],
  userId: string,
  lines: Awaited<ReturnType<typeof repo.findOrderLines>>,
  extraction: Extraction,
  now: Date,
): Promise<number[]> {
  const changed: number[] = [];
  for (const line of lines) {
    const product = extraction.products.find((p) => normalise(p.name) === normalise(line.product_name));
    const changes = {
      ...(line.shop_name === null && extraction.merchant ? { shop_name: extraction.merchant } : {}),
      ...(line.purchase_date === null && extraction.purchase_date
        ? { purchase_date: extraction.purchase_date }
        : {}),
      ...(line.store_link === null && product?.url ? { store_link: product.url } : {}),
    };
    if (Object.keys(changes).length === 0) continue;
    await updatePurchaseLine(trx, userId, line.id, { ...changes, updated_at: timestamp(now) });
    changed.push(line.id);
  }
  if (changed.length > 0) await noteDataChanged(trx, userId);
  return changed;
}
