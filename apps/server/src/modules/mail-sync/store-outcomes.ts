import type { SyncSummary } from '@warrantly/contract/mail-sync';
import type { Extraction } from '@warrantly/extract/types';
import { timestamp } from '../../dates';
import { isDatabaseUnavailable } from '../../db/database';
import type { Db } from '../../db/schema';
import type { ProviderName } from '../../providers/endpoints';
import { extractionStatus, importExtraction } from '../purchases/import.service';
import { dataVersion, noteDataChanged, updatePurchaseLine } from '../purchases/purchases.service';
import { type FileStoreDeps, recordFile, sealExtraction } from '../receipts/receipt-files.service';
import type { Outcome } from './mail-reader';
import { reasonOf } from './mail-reader';
import * as repo from './mail-sync.repository';

/**
 * A transaction's share of the server's thread. SQLite answers one statement at a time and a transaction's
 * statements run back to back: a page's 100 messages in one held every other user's queries for ~80 ms, and
 * a fixed 10 still 10-30 ms on a busy machine. A transaction ends after STORE_SLICE_MS or STORE_BATCH
 * messages, whichever comes first, and the next waits a turn of the event loop.
 */
const STORE_SLICE_MS = 4;
const STORE_BATCH = 10;

/**
 * Attempts at a message before it is skipped for good: the failed one and one retry on the next sync. A
 * message over a reader's cap uses them all at once: it would be refused again.
 */
export const MAX_ATTEMPTS = 2;

const SOURCE: Record<ProviderName, 'gmail' | 'outlook'> = { google: 'gmail', microsoft: 'outlook' };

/** A purchase a sync created or enriched, with the mail it came from. */
export type Touched = { id: number; subject: string | null; date: string | null };

/** One user's sync in progress: what it has counted so far and the purchases it touched. */
export interface SyncRun {
  db: Db;
  userId: string;
  provider: ProviderName;
  now: () => Date;
  summary: SyncSummary;
  touched: Touched[];
  /** Where an order's attached invoice is kept, sealed, as an uploaded receipt file is. */
  files: Pick<FileStoreDeps, 'blobs' | 'encryptionKey'>;
  log?: { warn(obj: object, msg: string): void };
}

type Trx = Parameters<typeof repo.findOrderLines>[0];

/**
 * Stores what a page's messages gave, a slice per transaction with a turn of the event loop between them
 * for other requests; the page's checkpoint (`cursor`) goes with its last slice.
 */
export async function storeOutcomes(run: SyncRun, outcomes: Outcome[], cursor: string | null): Promise<void> {
  const { defaultCurrency } = await dataVersion(run.db, run.userId);
  const now = run.now();
  let next = 0;
  do {
    if (next > 0) await new Promise((resolve) => setImmediate(resolve));
    next = await storeSlice(run, outcomes, next, cursor, defaultCurrency, now);
  } while (next < outcomes.length);
}

/**
 * One transaction from `outcomes[start]` on, each message in a savepoint so one failed import quarantines
 * it alone; the checkpoint is saved when the slice reaches the end. Answers where the next slice starts.
 * Attached invoices were written before their rows (mail-reader): those the committed slice does not point
 * at, and those its rows replaced, are removed after it, as withStoredFile does for an upload; a crash in
 * between leaves orphan files, which the start-up sweep removes, never a row without its file.
 */
async function storeSlice(
  run: SyncRun,
  outcomes: Outcome[],
  start: number,
  cursor: string | null,
  defaultCurrency: string,
  now: Date,
): Promise<number> {
  const { userId, provider } = run;
  const began = performance.now();
  let next = start;
  const recorded = new Set<string>();
  const replaced: string[] = [];
  const written = run.db.transaction().execute(async (trx) => {
    const processed = [];
    const failed: repo.Failure[] = [];
    while (
      next < outcomes.length &&
      (next === start || (next - start < STORE_BATCH && performance.now() - began < STORE_SLICE_MS))
    ) {
      const outcome = outcomes[next++] as Outcome;
      if (outcome.kind === 'error') {
        failed.push({ id: outcome.ref.id, reason: outcome.reason, final: outcome.final ?? false });
        continue;
      }
      await repo.savepoint(trx);
      try {
        const applied = await apply(trx, run, outcome, defaultCurrency, now);
        await repo.releaseSavepoint(trx);
        if (applied.file) recorded.add(applied.file);
        if (applied.replaced) replaced.push(applied.replaced);
        processed.push({
          user_id: userId,
          provider,
          message_id: outcome.ref.id,
          outcome: applied.outcome,
          processed_at: timestamp(now),
        });
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        await repo.rollbackToSavepoint(trx);
        run.log?.warn({ err: error, message: outcome.ref.id }, 'could not import a message; quarantined');
        failed.push({ id: outcome.ref.id, reason: reasonOf('import', error), final: false });
      }
    }
    run.summary.errors += failed.length;
    await repo.markProcessed(trx, processed);
    await repo.releaseQuarantined(
      trx,
      userId,
      provider,
      processed.map((p) => p.message_id),
    );
    await repo.quarantine(trx, userId, provider, failed, MAX_ATTEMPTS, timestamp(now));
    // Failed messages are quarantined, so the checkpoint moves past them: they are retried by id.
    if (cursor !== null && next === outcomes.length)
      await repo.saveCursor(trx, userId, provider, cursor, timestamp(now));
  });
  await written.catch(async (error: unknown) => {
    for (const key of keptFiles(outcomes, start, next)) await run.files.blobs.remove(key);
    throw error;
  });
  const unused = keptFiles(outcomes, start, next).filter((key) => !recorded.has(key));
  for (const key of [...unused, ...replaced]) await run.files.blobs.remove(key);
  return next;
}

/** The storage keys of the invoices kept for `outcomes[start..end)`. */
const keptFiles = (outcomes: Outcome[], start: number, end: number) =>
  outcomes
    .slice(start, end)
    .flatMap((o) => (o.kind === 'order' && o.receipt ? [o.receipt.file.storage_key] : []));

/** What one message became (`outcome`, as recorded), and the receipt file its rows now point at. */
interface Applied {
  outcome: string;
  file: string | null;
  /** A file the order's document row pointed at before, to remove after the commit. */
  replaced: string | null;
}

/**
 * Turns one read message into purchases (new, or enriching a held order), keeping an order's attached
 * invoice as its receipt file; answers what it became.
 */
async function apply(
  trx: Trx,
  run: SyncRun,
  outcome: Exclude<Outcome, { kind: 'error' }>,
  defaultCurrency: string,
  now: Date,
): Promise<Applied> {
  const done = (outcome: string): Applied => ({ outcome, file: null, replaced: null });
  const { summary, touched } = run;
  if (outcome.kind === 'skipped') {
    summary.skipped += 1;
    return done('skipped');
  }
  const subject = outcome.extraction.email?.subject ?? null;
  const date = outcome.extraction.email?.date ?? null;
  const related = [
    outcome.extraction.order_id,
    ...(outcome.extraction.email?.related_order_ids ?? []),
  ].filter((id): id is string => Boolean(id));
  const held = await repo.findOrderLines(trx, run.userId, related);
  const sameOrder = held.filter(
    (line) =>
      !line.shop_name ||
      !outcome.extraction.merchant ||
      sameMerchant(line.shop_name, outcome.extraction.merchant),
  );
  if (sameOrder.length > 0) {
    // The order is already held (a shipping notice, or a second mail about it): enrich, never duplicate.
    const changed = await enrich(trx, run.userId, sameOrder, outcome.extraction, now);
    summary.updated += changed.length;
    for (const id of changed) touched.push({ id, subject, date });
    return done(outcome.kind === 'order' ? 'duplicate' : 'shipping');
  }
  if (outcome.kind === 'shipping') {
    summary.skipped += 1;
    return done('shipping');
  }
  const status = extractionStatus(outcome.extraction);
  const { ids, orderId } = await importExtraction(
    trx,
    run.userId,
    defaultCurrency,
    outcome.extraction,
    {
      source: SOURCE[run.provider],
      sourceRef: outcome.ref.id,
      fallbackDate: date,
      status,
    },
    now,
  );
  summary.created += ids.length;
  for (const id of ids) touched.push({ id, subject, date });
  const receipt = outcome.receipt;
  if (!receipt || ids.length === 0) return done('order');
  const sealed = sealExtraction(run.files.encryptionKey, receipt.file, receipt.extraction);
  const replaced = await recordFile(trx, run.userId, orderId, receipt.file, status, sealed);
  return { outcome: 'order', file: receipt.file.storage_key, replaced };
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
function sameMerchant(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  return x === y || x.includes(y) || y.includes(x);
}

/** Fills what the held order lacks from a later mail about it; answers the ids that changed. */
async function enrich(
  trx: Trx,
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
