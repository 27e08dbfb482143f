import type { Purchase } from '@warrantly/contract/purchases';
import type { ReceiptDetail, ReceiptList, ReceiptSummary } from '@warrantly/contract/receipts';
import { isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { ChangeNotifier } from '../../user-data-changes';
import { type PageOf, type PageStart, receiptLinesPage } from '../purchases/pages.service';
import { findPurchases, noteDataChanged } from '../purchases/purchases.service';
import { type FileStoreDeps, openExtraction, readReceiptFile, withStoredFile } from './receipt-files.service';
import * as repo from './receipts.repository';

export type ReceiptDeps = FileStoreDeps & ChangeNotifier;

export async function listReceipts(db: Db, userId: string, now: Date): Promise<ReceiptList> {
  const purchases = await findPurchases(db, userId, { withReceipt: true, sort: 'newest' }, now);
  const byOrder = new Map<string, ReceiptSummary>();
  for (const purchase of purchases) {
    const seen = byOrder.get(purchase.order_id);
    if (seen) seen.line_count += 1;
    else byOrder.set(purchase.order_id, { ...purchase, line_count: 1 });
  }
  const counts = await receiptCounts(db, userId, now);
  return {
    orders: [...byOrder.values()],
    total_invoice: counts.receipts,
    total_orders_this_month: counts.thisMonth,
    total_categories: counts.categories,
  };
}

/** Receipts, purchases of this month with one, and their categories: the receipts page's counters. */
function receiptCounts(db: Db, userId: string, now: Date) {
  const today = isoDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const next = new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
  return repo.receiptCounts(db, userId, monthStart, isoDate(next));
}

/**
 * A page of receipts, newest first (by the purchase date of each order's first line, then newest order),
 * `q` searched in every line of an order; the counters are the whole list's, as the unpaged answer has them.
 */
export async function receiptPage(
  db: Db,
  userId: string,
  query: { q?: string | undefined; limit: number },
  start: PageStart,
  now: Date,
): Promise<PageOf<ReceiptSummary> & { thisMonth: number; categories: number }> {
  const page = await receiptLinesPage(db, userId, query, start, now);
  const counts = await receiptCounts(db, userId, now);
  return { ...page, thisMonth: counts.thisMonth, categories: counts.categories };
}

export async function getReceipt(
  deps: FileStoreDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<ReceiptDetail> {
  const { db } = deps;
  const doc = await repo.findDocument(db, userId, orderId);
  const lines: Purchase[] = await findPurchases(db, userId, { orderId }, now);
  const first = lines[0];
  if (!first) throw new AppError('not_found', 'Receipt not found');
  return {
    order_id: orderId,
    merchant: first.shop_name,
    purchase_date: first.purchase_date,
    order_total:
      first.order_total ?? (lines.length === 1 && first.amount !== null ? first.amount.toFixed(2) : null),
    currency: first.currency,
    status: doc?.extraction_status ?? 'success',
    category: first.category,
    lines,
    file: doc ? { name: doc.filename, size: doc.size, mime: doc.mime } : null,
    extracted: doc ? openExtraction(deps.encryptionKey, doc) : null,
  };
}

/** Deleting a receipt deletes its purchase lines and its file (the spec's confirmation says so). */
export async function deleteReceipt(deps: ReceiptDeps, userId: string, orderId: string): Promise<void> {
  await withStoredFile(deps, userId, null, async (trx, _stored, removeAfterCommit) => {
    const lines = await findPurchases(trx, userId, { orderId }, new Date());
    if (lines.length === 0) throw new AppError('not_found', 'Receipt not found');
    removeAfterCommit(await repo.deleteDocument(trx, userId, orderId));
    await repo.deleteOrderLines(trx, userId, orderId);
    await noteDataChanged(trx, userId);
  });
  deps.onUserDataChanged(userId);
}

export async function receiptFile(deps: FileStoreDeps, userId: string, orderId: string) {
  const doc = await repo.findDocument(deps.db, userId, orderId);
  if (!doc) throw new AppError('not_found', 'This receipt has no stored file');
  const bytes = await readReceiptFile(deps.blobs, deps.encryptionKey, doc.storage_key);
  if (!bytes) throw new AppError('internal', 'The stored file of this receipt is missing');
  return { bytes, filename: doc.filename, mime: doc.mime };
}

/**
 * Removes files no row points to: interrupted writes and files of requests that failed or crashed.
 * `olderThanMs` protects uploads still in flight in other processes (0 when this process is alone).
 */
export async function sweepOrphanFiles(
  deps: FileStoreDeps,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  const keep = await repo.allStorageKeys(deps.db);
  let removed = 0;
  for await (const blob of deps.blobs.list()) {
    if (keep.has(blob.key) || now - blob.modifiedAt.getTime() < olderThanMs) continue;
    await deps.blobs.remove(blob.key);
    removed += 1;
  }
  return removed;
}
