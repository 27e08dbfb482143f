import { createHash, randomUUID } from 'node:crypto';
import type { ReceiptStatus } from '@warrantly/contract/receipts';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { type EncryptionKeys, open, openText, sealText } from '../../storage/envelope';
import { openStream, sealStream } from '../../storage/envelope-stream';
import * as repo from './receipts.repository';

/** What every module that keeps receipt files needs: the database, the file store and the sealing keys. */
export interface FileStoreDeps {
  db: Db;
  blobs: BlobStore;
  encryptionKey: EncryptionKeys;
}

/**
 * A file as it comes in, to be kept as an order's receipt; `sha256` when already taken (as it arrived),
 * `mime` when it is not a PDF (a photo, served back as the image it is). `chunks`, when the file arrived
 * in pieces, are sealed as they are, so `bytes` is never gathered.
 */
export interface IncomingFile {
  filename: string;
  bytes: Uint8Array;
  chunks?: readonly Uint8Array[];
  sha256?: string;
  mime?: string;
}

export interface StoredFile {
  storage_key: string;
  sha256: string;
  size: number;
  filename: string;
  mime: string;
}

/**
 * Encrypts and writes a receipt file before any row points at it. If the rows are never written
 * (a failed request, a crash) the file is an orphan that the start-up sweep removes.
 */
export async function storeReceiptFile(
  blobs: BlobStore,
  encryptionKey: EncryptionKeys,
  userId: string,
  file: IncomingFile,
): Promise<StoredFile> {
  const storage_key = `receipts/${userId}/${randomUUID()}`;
  const chunks = file.chunks ?? [file.bytes];
  await blobs.putStream(storage_key, sealStream(each(chunks), encryptionKey, storage_key));
  let sha256 = file.sha256;
  if (!sha256) {
    const hash = createHash('sha256');
    for (const chunk of chunks) hash.update(chunk);
    sha256 = hash.digest('hex');
  }
  return {
    storage_key,
    sha256,
    size: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
    filename: cleanFilename(file.filename, file.mime),
    mime: file.mime ?? 'application/pdf',
  };
}

async function* each(chunks: readonly Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* chunks;
}

/** A stored file's bytes, whole (an e-mail to read, a file for the export); null when it is missing. */
export async function readReceiptFile(blobs: BlobStore, encryptionKey: EncryptionKeys, storageKey: string) {
  const sealed = await blobs.get(storageKey);
  return sealed ? open(sealed, encryptionKey, storageKey) : null;
}

/**
 * A stored file's bytes as they are read, each piece given out only once it is authenticated (a file
 * damaged further on throws there: see `openStream`); null when it is missing.
 */
export async function streamReceiptFile(
  blobs: BlobStore,
  encryptionKey: EncryptionKeys,
  storageKey: string,
): Promise<AsyncIterable<Buffer> | null> {
  const sealed = await blobs.getStream(storageKey);
  return sealed ? openStream(sealed, encryptionKey, storageKey) : null;
}

/** Keeps a display name only: no path, no control characters, bounded length. */
function cleanFilename(name: string, mime = 'application/pdf'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || `receipt.${mime.split('/')[1] ?? 'pdf'}`;
}

/** Encrypts and writes a file that a row will point to; see `storeReceiptFile`. */
export function storeFile(
  deps: Pick<FileStoreDeps, 'blobs' | 'encryptionKey'>,
  userId: string,
  file: IncomingFile,
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

/** How a document is shown, by its type: a photo, an e-mail (RFC 822), else a PDF. */
export function documentKind(mime: string): 'pdf' | 'photo' | 'email' {
  if (mime.startsWith('image/')) return 'photo';
  return mime === 'message/rfc822' ? 'email' : 'pdf';
}

function documentRow(
  userId: string,
  orderId: string,
  file: StoredFile,
  status: ReceiptStatus,
  sealedExtraction: string | null,
) {
  return {
    user_id: userId,
    order_id: orderId,
    filename: file.filename,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    storage_key: file.storage_key,
    extraction_status: status,
    extracted_json: sealedExtraction,
    kind: documentKind(file.mime),
    created_at: timestamp(),
  };
}

/**
 * Records a stored file as the order's receipt (inside the caller's transaction) with its extraction as
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
  return repo.upsertDocument(trx, documentRow(userId, orderId, file, status, sealedExtraction));
}

/**
 * Adds a stored file to the order's documents (its receipt when it has none), inside the caller's
 * transaction; false when the order already holds the same bytes, so the caller removes the new copy.
 */
export async function attachFile(
  trx: Db,
  userId: string,
  orderId: string,
  file: StoredFile,
  status: ReceiptStatus,
  sealedExtraction: string | null,
): Promise<boolean> {
  if (await repo.orderHoldsFile(trx, userId, orderId, file.sha256)) return false;
  await repo.addDocument(trx, documentRow(userId, orderId, file, status, sealedExtraction));
  return true;
}

/** Drops the order's documents (inside the caller's transaction); answers the keys to remove after commit. */
export function forgetFiles(trx: Db, userId: string, orderId: string): Promise<string[]> {
  return repo.deleteDocuments(trx, userId, orderId);
}

/**
 * One change of rows and receipt files that never leaves anything half-written: `file` (if any) is sealed
 * and written first, then `write` runs in a transaction; when it fails the new file goes again. Files the
 * change makes obsolete (`removeAfterCommit`) are removed only after the commit: a crash in between
 * leaves an orphan file, which the start-up sweep removes, never a row without its file.
 */
export async function withStoredFile<T, F extends IncomingFile | null>(
  deps: FileStoreDeps,
  userId: string,
  file: F,
  write: (
    trx: Db,
    stored: F extends null ? null : StoredFile,
    removeAfterCommit: (key: string | null) => void,
  ) => Promise<T>,
): Promise<T> {
  const stored = (file ? await storeFile(deps, userId, file) : null) as F extends null ? null : StoredFile;
  const obsolete: string[] = [];
  let result: T;
  try {
    result = await deps.db.transaction().execute((trx) =>
      write(trx, stored, (key) => {
        if (key) obsolete.push(key);
      }),
    );
  } catch (error) {
    if (stored) await deps.blobs.remove(stored.storage_key);
    throw error;
  }
  for (const key of obsolete) await deps.blobs.remove(key);
  return result;
}

/** The documents of the orders named, each order's receipt first. */
export function documentsOf(db: Db, userId: string, orderIds: readonly string[]) {
  return repo.listDocumentsOf(db, userId, orderIds);
}

/**
 * What extraction read from the order's documents that memory can learn from: the first (its receipt
 * first) carrying a sketch. A synced order's attached invoice has none: its message has.
 */
export async function orderExtraction(
  db: Db,
  keys: EncryptionKeys,
  userId: string,
  orderId: string,
): Promise<Record<string, unknown> | null> {
  for (const doc of await repo.listDocumentsOf(db, userId, [orderId])) {
    const extracted = openExtraction(keys, doc);
    if (extracted?.memory) return extracted;
  }
  return null;
}
