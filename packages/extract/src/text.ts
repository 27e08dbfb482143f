import { extractionFromDoc } from './document';
import type { MemoryInput } from './memory';
import { readText } from './readers/text';
import type { Extraction } from './types';

/**
 * Reads a receipt's text, one printed line per line (a till receipt, an OCR transcript).
 * @example extractText('CORNER CAFE LTD\nLatte 3.50\nTOTAL 3.50').total //=> '3.50'
 */
export function extractText(text: string, options: { memory?: MemoryInput } = {}): Extraction {
  const { doc, cut } = readText(text);
  return extractionFromDoc(doc, cut, undefined, null, options.memory);
}
