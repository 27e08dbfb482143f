import type { Purchase } from '@warrantly/contract/purchases';
import type { ReceiptDetail, ReceiptList, ReceiptSummary } from '@warrantly/contract/receipts';
import type { EmailView, PurchaseDocument, PurchaseDocumentList } from '@warrantly/contract/review';
import { isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { ChangeNotifier } from '../../user-data-changes';
import { type PageOf, type PageStart, receiptLinesPage } from '../purchases/pages.service';
import { dataVersion, findPurchases, noteDataChanged } from '../purchases/purchases.service';
import { orderMoney } from './order-money';
import {
  type FileStoreDeps,
  openExtraction,
  readReceiptFile,
  streamReceiptFile,
  withStoredFile,
} from './receipt-files.service';
import * as repo from './receipts.repository';

export type ReceiptDeps = FileStoreDeps & ChangeNotifier;

/** Each order's first line as a receipt card: with its line count and total, from one grouped read. */
async function summarize(
  db: Db,
  userId: string,
  firstLines: (Purchase & { line_count: number })[],
  defaultCurrency: string,
  orderIds: readonly string[] | 'with-receipt',
): Promise<ReceiptSummary[]> {
  const sums = new Map((await repo.orderSums(db, userId, orderIds)).map((s) => [s.orderId, s]));
  return firstLines.map((line) => ({
    ...line,
    ...orderMoney(line, sums.get(line.order_id), defaultCurrency),
  }));
}

/** A page as long as any list: the whole list is read as its one page, in the pages' order. */
const WHOLE_LIST = 2 ** 31 - 2;

/** Every receipt, as the pages walked from the first give them (each order once, at its first line). */
export async function listReceipts(
  db: Db,
  userId: string,
  defaultCurrency: string,
  now: Date,
): Promise<ReceiptList> {
  const { items } = await receiptLinesPage(db, userId, { limit: WHOLE_LIST }, null, now);
  const counts = await receiptCounts(db, userId, now);
  return {
    orders: await summarize(db, userId, items, defaultCurrency, 'with-receipt'),
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
  defaultCurrency: string,
  now: Date,
): Promise<PageOf<ReceiptSummary> & { thisMonth: number; categories: number }> {
  const page = await receiptLinesPage(db, userId, query, start, now);
  const orderIds = page.items.map((line) => line.order_id);
  const items = await summarize(db, userId, page.items, defaultCurrency, orderIds);
  const counts = await receiptCounts(db, userId, now);
  return { ...page, items, thisMonth: counts.thisMonth, categories: counts.categories };
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
  const [sums] = await repo.orderSums(db, userId, [orderId]);
  const { defaultCurrency } = await dataVersion(db, userId);
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
    extracted: doc ? withoutSketch(openExtraction(deps.encryptionKey, doc)) : null,
    ...orderMoney(first, sums, defaultCurrency),
  };
}

/** What the app shows of an extraction: the memory sketch (keys, candidates) stays on the server. */
function withoutSketch(extracted: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!extracted) return null;
  const { memory: _sketch, ...shown } = extracted;
  return shown;
}

/** Deleting a receipt deletes its purchase lines and its file (the spec's confirmation says so). */
export async function deleteReceipt(deps: ReceiptDeps, userId: string, orderId: string): Promise<void> {
  await withStoredFile(deps, userId, null, async (trx, _stored, removeAfterCommit) => {
    const lines = await findPurchases(trx, userId, { orderId }, new Date());
    if (lines.length === 0) throw new AppError('not_found', 'Receipt not found');
    for (const key of await repo.deleteDocuments(trx, userId, orderId)) removeAfterCommit(key);
    await repo.deleteOrderLines(trx, userId, orderId);
    await noteDataChanged(trx, userId);
  });
  deps.onUserDataChanged(userId);
}

/** An order's receipt file to download, opened as it is read. */
export async function receiptFile(deps: FileStoreDeps, userId: string, orderId: string) {
  const doc = await repo.findDocument(deps.db, userId, orderId);
  if (!doc) throw new AppError('not_found', 'This receipt has no stored file');
  const content = await streamReceiptFile(deps.blobs, deps.encryptionKey, doc.storage_key);
  if (!content) throw new AppError('internal', 'The stored file of this receipt is missing');
  return { content, filename: doc.filename, mime: doc.mime, kind: doc.kind };
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

/**
 * The documents of one of the user's orders, its receipt first. A purchase synced before messages were
 * kept, whose message could not be fetched again, says its source is not kept.
 */
export async function purchaseDocuments(
  db: Db,
  userId: string,
  orderId: string,
  now: Date,
): Promise<PurchaseDocumentList> {
  const lines = await findPurchases(db, userId, { orderId }, now);
  const first = lines[0];
  if (!first) throw new AppError('not_found', 'Purchase not found');
  const rows = await repo.listDocumentsOf(db, userId, [orderId]);
  const synced = first.source === 'gmail' || first.source === 'outlook';
  return {
    documents: rows.map(toPurchaseDocument),
    missing_source: synced && !rows.some((d) => d.kind === 'email') ? 'not_kept' : null,
  };
}

export function toPurchaseDocument(row: {
  id: number;
  kind: PurchaseDocument['kind'];
  filename: string;
  mime: string;
  size: number;
  is_primary: number;
  created_at: string;
}): PurchaseDocument {
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    mime: row.mime,
    size: row.size,
    is_primary: row.is_primary === 1,
    created_at: row.created_at,
  };
}

/** One of the user's documents, opened: its bytes as stored, its name and type. */
export async function documentFile(deps: FileStoreDeps, userId: string, id: number) {
  const doc = await repo.findDocumentById(deps.db, userId, id);
  if (!doc) throw new AppError('not_found', 'Document not found');
  const bytes = await readReceiptFile(deps.blobs, deps.encryptionKey, doc.storage_key);
  if (!bytes) throw new AppError('internal', 'The stored file of this document is missing');
  return { bytes, filename: doc.filename, mime: doc.mime, kind: doc.kind };
}

/** One of the user's documents to download, opened as it is read. */
export async function documentDownload(deps: FileStoreDeps, userId: string, id: number) {
  const doc = await repo.findDocumentById(deps.db, userId, id);
  if (!doc) throw new AppError('not_found', 'Document not found');
  const content = await streamReceiptFile(deps.blobs, deps.encryptionKey, doc.storage_key);
  if (!content) throw new AppError('internal', 'The stored file of this document is missing');
  return { content, filename: doc.filename, mime: doc.mime, kind: doc.kind };
}

/** An e-mail document read for display, in the extraction pool (a message is never parsed on this thread). */
export async function emailView(
  deps: FileStoreDeps,
  view: (bytes: Uint8Array) => Promise<EmailView>,
  userId: string,
  id: number,
): Promise<EmailView> {
  const file = await documentFile(deps, userId, id);
  if (file.kind !== 'email') throw new AppError('not_found', 'This document is not an e-mail');
  return view(file.bytes);
}
