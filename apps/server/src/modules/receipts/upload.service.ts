import type { Purchase } from '@warrantly/contract/purchases';
import type { UploadedFile } from '../../http/multipart';
import type { ChangeNotifier } from '../../user-data-changes';
import { extractionStatus, hasPurchase, importExtraction } from '../purchases/import.service';
import { dataVersion, findPurchases } from '../purchases/purchases.service';
import type { ExtractionPool } from './reader/extraction-pool';
import type { Refiner } from './reader/llm-refiner';
import { type FileStoreDeps, recordFile, sealExtraction, withStoredFile } from './receipt-files.service';

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
export async function importPdf(
  deps: DocumentDeps,
  userId: string,
  file: UploadedFile,
  now: Date,
): Promise<Purchase[]> {
  const sha = file.sha256;
  const already = await findPurchases(deps.db, userId, { source: { source: 'pdf', ref: sha } }, now);
  if (already.length > 0) return already;

  const offline = await deps.pool.extractPdf(file.chunks, MAX_PAGES);
  const extraction = deps.refine ? await deps.refine(offline) : offline;
  if (!hasPurchase(extraction)) return [];

  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const ids = await withStoredFile(deps, userId, file, async (trx, stored) => {
    const status = extractionStatus(extraction);
    const result = await importExtraction(
      trx,
      userId,
      defaultCurrency,
      extraction,
      { source: 'pdf', sourceRef: sha, fallbackDate: null, status },
      now,
    );
    const sealed = sealExtraction(deps.encryptionKey, stored, extraction);
    await recordFile(trx, userId, result.orderId, stored, status, sealed);
    return result.ids;
  });
  deps.onUserDataChanged(userId);
  return findPurchases(deps.db, userId, { ids }, now);
}
