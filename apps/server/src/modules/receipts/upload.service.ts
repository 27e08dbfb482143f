import type { Purchase } from '@warrantly/contract/purchases';
import { PHOTO_MIME, type PhotoType } from '@warrantly/extract/image-type';
import type { Extraction } from '@warrantly/extract/types';
import { AppError } from '../../errors';
import type { UploadedFile } from '../../http/multipart';
import type { ChangeNotifier } from '../../user-data-changes';
import { recall } from '../memory/memory.service';
import { fillGaps, findHeldOrder } from '../purchases/held-orders.service';
import { extractionStatus, hasPurchase, importExtraction } from '../purchases/import.service';
import { dataVersion, findPurchases } from '../purchases/purchases.service';
import { fileRejectionKey, findRejection } from '../review/rejections.service';
import type { ExtractionPool } from './reader/extraction-pool';
import type { Refiner } from './reader/llm-refiner';
import {
  attachFile,
  type FileStoreDeps,
  type IncomingFile,
  recordFile,
  sealExtraction,
  withStoredFile,
} from './receipt-files.service';

export interface DocumentDeps extends FileStoreDeps, ChangeNotifier {
  pool: ExtractionPool;
  refine: Refiner | null;
}

/** A receipt PDF may have at most this many pages. */
export const MAX_PAGES = 50;

/**
 * Reads a receipt PDF and makes its purchases, keeping the file encrypted as their receipt. Nothing found:
 * an empty list, and nothing is kept. The same file uploaded again answers the purchases it made before.
 */
export function importPdf(
  deps: DocumentDeps,
  userId: string,
  file: UploadedFile,
  now: Date,
): Promise<Purchase[]> {
  return importDocument(deps, userId, file, () => deps.pool.extractPdf(file.chunks, MAX_PAGES), now);
}

/**
 * Reads a photo of a paper receipt (its type as its bytes say) like a PDF: its purchases, with the photo
 * kept encrypted as their receipt and served back as the image it is; nothing found, an empty list.
 */
export function importPhoto(
  deps: DocumentDeps,
  userId: string,
  photo: { file: UploadedFile; type: PhotoType },
  now: Date,
): Promise<Purchase[]> {
  const { file, type } = photo;
  const kept: IncomingFile & { sha256: string } = {
    filename: file.filename,
    sha256: file.sha256,
    mime: PHOTO_MIME[type],
    chunks: file.chunks,
    // Sealed from its chunks; gathered only if something asks for the whole file.
    get bytes() {
      return file.bytes;
    },
  };
  return importDocument(deps, userId, kept, () => deps.pool.extractImage(file.chunks), now);
}

/**
 * The upload's purchases: those the same file (by its SHA-256) made before, else what `read` finds, written
 * with the file in one change (receipt-files.service.ts#withStoredFile).
 */
async function importDocument(
  deps: DocumentDeps,
  userId: string,
  file: IncomingFile & { sha256: string },
  read: () => Promise<Extraction>,
  now: Date,
): Promise<Purchase[]> {
  const sha = file.sha256;
  const rejection = await findRejection(deps.db, userId, fileRejectionKey(sha), now);
  if (rejection) {
    throw new AppError(
      'rejected_document',
      `You rejected this document on ${rejection.rejected_at.slice(0, 10)}; restore it to read it again`,
      { restoreId: rejection.source_key },
    );
  }
  // Source 'pdf' is an uploaded receipt file, a photo included: the contract's sources are where a
  // purchase came from (by hand, a mailbox, an upload), not the file's format, which the document row keeps.
  const already = await findPurchases(deps.db, userId, { source: { source: 'pdf', ref: sha } }, now);
  if (already.length > 0) return already;

  const offline = await read();
  const refined = deps.refine ? await deps.refine(offline) : offline;
  // What the user's corrections taught about this issuer has the last word.
  const extraction = await recall(deps.db, deps.encryptionKey, userId, refined);
  if (!hasPurchase(extraction)) return [];

  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const ids = await withStoredFile(deps, userId, file, async (trx, stored, removeAfterCommit) => {
    const status = extractionStatus(extraction);
    const sealed = sealExtraction(deps.encryptionKey, stored, extraction);
    // The same order held already (synced, or another copy uploaded): one purchase, one more document.
    const held = await findHeldOrder(trx, userId, extraction);
    const heldOrder = held[0]?.order_id;
    if (heldOrder) {
      await fillGaps(trx, userId, held, extraction, now);
      if (!(await attachFile(trx, userId, heldOrder, stored, status, sealed)))
        removeAfterCommit(stored.storage_key);
      return held.map((line) => line.id);
    }
    const result = await importExtraction(
      trx,
      userId,
      defaultCurrency,
      extraction,
      { source: 'pdf', sourceRef: sha, fallbackDate: null, status },
      now,
    );
    await recordFile(trx, userId, result.orderId, stored, status, sealed);
    return result.ids;
  });
  deps.onUserDataChanged(userId);
  return findPurchases(deps.db, userId, { ids }, now);
}
