import type { Purchase } from '@warrantly/contract/purchases';
import type { Kysely } from 'kysely';
import { isoDate } from '../../dates';
import type { Database } from '../../db/schema';
import type { UploadedFile } from '../../http/multipart';
import type { BlobStore } from '../../storage/blob-store';
import type { EncryptionKeys } from '../../storage/envelope';
import { extractionStatus, hasPurchase, importExtraction } from '../purchases/import.service';
import * as purchasesRepo from '../purchases/purchases.repository';
import { dataVersion, toPurchase } from '../purchases/purchases.service';
import type { ExtractionPool } from './reader/extraction-pool';
import type { Refiner } from './reader/llm-refiner';
import * as receipts from './receipts.service';

export interface DocumentDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  encryptionKey: EncryptionKeys;
  pool: ExtractionPool;
  refine: Refiner | null;
}

/** A receipt PDF may have at most this many pages. */
export const MAX_PAGES = 50;

/**
 * Reads a receipt PDF and makes its purchases, keeping the file encrypted as their receipt. Nothing found:
 * an empty list, and nothing is kept. The same file uploaded again answers the purchases it made before.
 */
export async function importPdf(
  deps: DocumentDeps,
  userId: string,
  file: UploadedFile,
  now: Date,
): Promise<Purchase[]> {
  const sha = file.sha256;
  const today = isoDate(now);
  const already = await purchasesRepo
    .selectPurchases(deps.db, userId)
    .where('o.source', '=', 'pdf')
    .where('o.source_ref', '=', sha)
    .orderBy('o.line_no')
    .execute();
  if (already.length > 0) return already.map((row) => toPurchase(row, today));

  const offline = await deps.pool.extractPdf(file.chunks, MAX_PAGES);
  const extraction = deps.refine ? await deps.refine(offline) : offline;
  if (!hasPurchase(extraction)) return [];

  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const stored = await receipts.storeFile(deps, userId, file);
  let ids: number[];
  try {
    ids = await deps.db.transaction().execute(async (trx) => {
      const status = extractionStatus(extraction);
      const result = await importExtraction(
        trx,
        userId,
        defaultCurrency,
        extraction,
        { source: 'pdf', sourceRef: sha, fallbackDate: null, status },
        now,
      );
      const sealed = receipts.sealExtraction(deps.encryptionKey, stored, extraction);
      await receipts.recordFile(trx, userId, result.orderId, stored, status, sealed);
      return result.ids;
    });
  } catch (error) {
    await deps.blobs.remove(stored.storage_key);
    throw error;
  }
  const rows = await purchasesRepo
    .selectPurchases(deps.db, userId)
    .where('o.id', 'in', ids)
    .orderBy('o.line_no')
    .execute();
  return rows.map((row) => toPurchase(row, today));
}
