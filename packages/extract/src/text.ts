import { extractionFromLines } from './document';
import { capLines } from './limits';
import type { Extraction } from './types';

/**
 * Reads a receipt's text, one printed line per line (a till receipt, an OCR transcript).
 * @example extractText('CORNER CAFE LTD\nLatte 3.50\nTOTAL 3.50').total //=> '3.50'
 */
export function extractText(text: string): Extraction {
  const capped = capLines(text);
  const lines = capped.lines.map((l) => l.trimEnd()).filter((l) => l.length > 0);
  return extractionFromLines('text', { lines, cut: capped.cut });
}
