import type { SyncSummary } from '@warrantly/contract/mail-sync';
import type { ReceiptStatus } from '@warrantly/contract/receipts';
import { timestamp } from '../../dates';
import { isDatabaseUnavailable } from '../../db/database';
import type { Db } from '../../db/schema';
import type { ProviderName } from '../../providers/endpoints';
import { recall } from '../memory/memory.service';
import { fillGaps, findHeldOrder, findOrderLinesFrom } from '../purchases/held-orders.service';
import { extractionStatus, importExtraction } from '../purchases/import.service';
import { dataVersion } from '../purchases/purchases.service';
import {
  attachFile,
  type FileStoreDeps,
  recordFile,
  sealExtraction,
} from '../receipts/receipt-files.service';
import { findRejection, messageRejectionKey } from '../review/rejections.service';
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
        for (const key of applied.files) recorded.add(key);
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

/** The storage keys of the invoices and messages kept for `outcomes[start..end)`. */
const keptFiles = (outcomes: Outcome[], start: number, end: number) =>
  outcomes
    .slice(start, end)
    .flatMap((o) =>
      o.kind === 'order'
        ? [o.receipt?.file.storage_key, o.message?.storage_key].filter((k): k is string => Boolean(k))
        : [],
    );

/** What one message became (`outcome`, as recorded), and the files its rows now point at. */
interface Applied {
  outcome: string;
  /** Kept files (the invoice, the message) that rows now point at: the others are removed. */
  files: string[];
  /** A file the order's document row pointed at before, to remove after the commit. */
  replaced: string | null;
}

/**
 * Turns one read message into purchases (new, or enriching an order already held, whatever channel brought
 * it), keeping the message itself and an order's attached invoice as its documents; answers what it became.
 * A message the user rejected stays out; one whose purchase is held already (fetched again to keep its
 * source) only gives that purchase its documents.
 */
async function apply(
  trx: Db,
  run: SyncRun,
  outcome: Exclude<Outcome, { kind: 'error' }>,
  defaultCurrency: string,
  now: Date,
): Promise<Applied> {
  const done = (outcome: string, files: string[] = []): Applied => ({ outcome, files, replaced: null });
  const { summary, touched } = run;
  if (outcome.kind === 'skipped') {
    summary.skipped += 1;
    return done('skipped');
  }
  if (await findRejection(trx, run.userId, messageRejectionKey(run.provider, outcome.ref.id), now)) {
    summary.skipped += 1;
    return done('rejected');
  }
  // What the user's corrections taught about this sender is applied before anything is matched or written.
  const extraction = await recall(trx, run.files.encryptionKey, run.userId, outcome.extraction);
  outcome = { ...outcome, extraction };
  const subject = extraction.email?.subject ?? null;
  const date = extraction.email?.date ?? null;
  const source = SOURCE[run.provider];
  const ownLines = await findOrderLinesFrom(trx, run.userId, source, outcome.ref.id);
  const held =
    ownLines.length > 0
      ? ownLines
      : await findHeldOrder(trx, run.userId, extraction, extraction.email?.related_order_ids ?? []);
  if (held.length > 0) {
    // The order is held already (this very message read before, a shipping notice, a second mail or the
    // invoice uploaded first): it gains this message as a document and fills its gaps, never doubles.
    const orderId = (held[0] as { order_id: string }).order_id;
    const changed = await fillGaps(trx, run.userId, held, extraction, now);
    summary.updated += changed.length;
    for (const id of changed) touched.push({ id, subject, date });
    if (outcome.kind === 'shipping') return done('shipping');
    const kept = await attachKept(trx, run, orderId, outcome, extractionStatus(extraction));
    return done(ownLines.length > 0 ? 'order' : 'duplicate', kept);
  }
  if (outcome.kind === 'shipping') {
    summary.skipped += 1;
    return done('shipping');
  }
  const status = extractionStatus(extraction);
  const { ids, orderId } = await importExtraction(
    trx,
    run.userId,
    defaultCurrency,
    extraction,
    { source, sourceRef: outcome.ref.id, fallbackDate: date, status },
    now,
  );
  summary.created += ids.length;
  for (const id of ids) touched.push({ id, subject, date });
  if (ids.length === 0) return done('order');
  // The attached invoice is the order's receipt; the message is kept beside it (or is the receipt itself).
  const { receipt } = outcome;
  const sealed = receipt && sealExtraction(run.files.encryptionKey, receipt.file, receipt.extraction);
  const replaced = receipt ? await recordFile(trx, run.userId, orderId, receipt.file, status, sealed) : null;
  const files = receipt ? [receipt.file.storage_key] : [];
  files.push(...(await attachKept(trx, run, orderId, { ...outcome, receipt: null }, status)));
  return { outcome: 'order', files, replaced };
}

/** Adds the message and its invoice to the order's documents (each once); answers the keys recorded. */
async function attachKept(
  trx: Db,
  run: SyncRun,
  orderId: string,
  outcome: Extract<Outcome, { kind: 'order' }>,
  status: ReceiptStatus,
): Promise<string[]> {
  const recorded: string[] = [];
  const keys = run.files.encryptionKey;
  const kept = [
    ...(outcome.receipt ? [{ file: outcome.receipt.file, extraction: outcome.receipt.extraction }] : []),
    ...(outcome.message ? [{ file: outcome.message, extraction: outcome.extraction }] : []),
  ];
  for (const { file, extraction } of kept) {
    const sealed = sealExtraction(keys, file, extraction);
    if (await attachFile(trx, run.userId, orderId, file, status, sealed)) recorded.push(file.storage_key);
  }
  return recorded;
}
