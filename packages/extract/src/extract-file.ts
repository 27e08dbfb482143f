import { extractEmail, extractHtml } from './email';
import type { MemoryInput } from './memory';
import { extractPdf } from './pdf';
import { extractText } from './text';
import type { Extraction } from './types';

export type FileKind = 'pdf' | 'email' | 'html' | 'text' | 'image';

/** Which reader a file name calls for; null for an extension extraction does not read. */
export function kindOf(name: string): FileKind | null {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'eml') return 'email';
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'txt') return 'text';
  // A photo of a receipt; its bytes decide which kind of photo (image-type.ts), not this name.
  if (ext && ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'].includes(ext)) return 'image';
  return null;
}

/**
 * Extracts from a file's bytes by kind: the one entry point for the CLI and the benchmark. With `memory`,
 * the extraction carries its memory sketch and the given entries are applied (memory.ts).
 */
export async function extractBytes(
  kind: FileKind,
  bytes: Uint8Array,
  options: { memory?: MemoryInput } = {},
): Promise<Extraction> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, options);
    case 'email':
      return extractEmail(bytes, options);
    case 'html':
      return extractHtml(Buffer.from(bytes).toString('utf8'), options);
    case 'text':
      return extractText(Buffer.from(bytes).toString('utf8'), options);
    case 'image':
      // Loaded on first use: sharp, libheif and tesseract are large, and most runs read no photo.
      return (await import('./image')).extractImage(bytes, options);
  }
}

/** The CLI's output object: the contract's fields, in the contract's order. */
export function toOutput(file: string, e: Extraction) {
  return {
    file,
    kind: e.kind,
    is_order: e.is_order,
    merchant: e.merchant,
    order_id: e.order_id,
    purchase_date: e.purchase_date,
    total: e.total,
    currency: e.currency,
    products: e.products.map(({ name, quantity, price }) => ({ name, quantity, price })),
    confidence: e.confidence,
    signals: e.signals,
  };
}
