import type { Purchase } from '@warrantly/contract/purchases';
import type { ReceiptDetail, ReceiptList, ReceiptStatus, ReceiptSummary } from '@warrantly/contract/receipts';
import type { Kysely } from 'kysely';
import { isoDate, timestamp } from '../../dates';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { type EncryptionKeys, openText, sealText } from '../../storage/envelope';
import * as purchasesRepo from '../purchases/purchases.repository';
import { toPurchase } from '../purchases/purchases.service';
import { readReceiptFile, type StoredFile, storeReceiptFile } from './receipt-files';
import * as repo from './receipts.repository';

export interface ReceiptDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  encryptionKey: EncryptionKeys;
}

/** Encrypts and writes a file that a row will point to; see `storeReceiptFile`. */
export function storeFile(
  deps: { blobs: BlobStore; encryptionKey: EncryptionKeys },
  userId: string,
  /** `sha256` when already taken (an upload's, as it arrived). */
  file: { filename: string; bytes: Uint8Array; sha256?: string },
): Promise<StoredFile> {
  return storeReceiptFile(deps.blobs, deps.encryptionKey, userId, file);
}

/** A document's extracted text is sealed like its file, bound to the file's key (fixed for the row's life). */
export const extractionContext = (storageKey: string) => `document-extraction:${storageKey}`;

/** What extraction found in a stored file, sealed for `recordFile`; null when there is nothing. */
export function sealExtraction(keys: EncryptionKeys, file: StoredFile, extracted: unknown): string | null {
  return extracted === null
    ? null
    : sealText(JSON.stringify(extracted), keys, extractionContext(file.storage_key));
}

/** A document row's extraction, opened; null when it has none. */
export function openExtraction(
  keys: EncryptionKeys,
  doc: { storage_key: string; extracted_json: string | null },
): Record<string, unknown> | null {
  if (!doc.extracted_json) return null;
  const json = openText(doc.extracted_json, keys, extractionContext(doc.storage_key));
  return JSON.parse(json) as Record<string, unknown>;
}

/**
 * Records a stored file as the order's document (inside the caller's transaction) with its extraction as
 * `sealExtraction` made it; answers a replaced key.
 */
export function recordFile(
  trx: Db,
  userId: string,
  orderId: string,
  file: StoredFile,
  status: ReceiptStatus,
  sealedExtraction: string | null,
): Promise<string | null> {
  return repo.upsertDocument(trx, {
    user_id: userId,
    order_id: orderId,
    filename: file.filename,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    storage_key: file.storage_key,
    extraction_status: status,
    extracted_json: sealedExtraction,
    created_at: timestamp(),
  });
}

/** Drops the order's document row (inside the caller's transaction); answers the key to remove after commit. */
export function forgetFile(trx: Db, userId: string, orderId: string): Promise<string | null> {
  return repo.deleteDocument(trx, userId, orderId);
}

export async function listReceipts(db: Db, userId: string, now: Date): Promise<ReceiptList> {
  const today = isoDate(now);
  const rows = await purchasesRepo
    .selectPurchases(db, userId)
    .where('d.id', 'is not', null)
    .orderBy('o.purchase_date', 'desc')
    .orderBy('o.id', 'asc')
    .execute();
  const byOrder = new Map<string, ReceiptSummary>();
  for (const row of rows) {
    const seen = byOrder.get(row.order_id);
    if (seen) seen.line_count += 1;
    else byOrder.set(row.order_id, { ...toPurchase(row, today), line_count: 1 });
  }
  const monthStart = `${today.slice(0, 7)}-01`;
  const next = new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
  const counts = await repo.receiptCounts(db, userId, monthStart, isoDate(next));
  return {
    orders: [...byOrder.values()],
    total_invoice: counts.receipts,
    total_orders_this_month: counts.thisMonth,
    total_categories: counts.categories,
  };
}

export async function getReceipt(
  deps: ReceiptDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<ReceiptDetail> {
  const { db } = deps;
  const today = isoDate(now);
  const doc = await repo.findDocument(db, userId, orderId);
  const lines: Purchase[] = (
    await purchasesRepo
      .selectPurchases(db, userId)
      .where('o.order_id', '=', orderId)
      .orderBy('o.id')
      .execute()
  ).map((row) => toPurchase(row, today));
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
  const removedKey = await deps.db.transaction().execute(async (trx) => {
    const lines = await purchasesRepo
      .selectPurchases(trx, userId)
      .where('o.order_id', '=', orderId)
      .execute();
    if (lines.length === 0) throw new AppError('not_found', 'Receipt not found');
    const key = await repo.deleteDocument(trx, userId, orderId);
    await repo.deleteOrderLines(trx, userId, orderId);
    await purchasesRepo.bumpDataVersion(trx, userId);
    return key;
  });
  // Row first: a crash between the two steps leaves an orphan file (swept at start), never a dangling row.
  if (removedKey) await deps.blobs.remove(removedKey);
}

export async function receiptFile(deps: ReceiptDeps, userId: string, orderId: string) {
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
  deps: ReceiptDeps,
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
