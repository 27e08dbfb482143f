import { createHash, randomUUID } from 'node:crypto';
import type { BlobStore } from '../../storage/blob-store';
import { type EncryptionKeys, open, seal } from '../../storage/envelope';

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
  /** `sha256` when already taken (an upload's, as it arrived). */
  file: { filename: string; bytes: Uint8Array; sha256?: string },
): Promise<StoredFile> {
  const storage_key = `receipts/${userId}/${randomUUID()}`;
  await blobs.put(storage_key, seal(file.bytes, encryptionKey, storage_key));
  return {
    storage_key,
    sha256: file.sha256 ?? createHash('sha256').update(file.bytes).digest('hex'),
    size: file.bytes.byteLength,
    filename: cleanFilename(file.filename),
    mime: 'application/pdf',
  };
}

export async function readReceiptFile(blobs: BlobStore, encryptionKey: EncryptionKeys, storageKey: string) {
  const sealed = await blobs.get(storageKey);
  return sealed ? open(sealed, encryptionKey, storageKey) : null;
}

/** Keeps a display name only: no path, no control characters, bounded length. */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'receipt.pdf';
}
