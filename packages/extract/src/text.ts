import { readFields } from './document';
import { capLines } from './limits';
import type { Extraction } from './types';

/**
 * Reads a receipt's text, one printed line per line (a till receipt, an OCR transcript).
 * @example extractText('CORNER CAFE LTD\nLatte 3.50\nTOTAL 3.50').total //=> '3.50'
 */
export function extractText(text: string): Extraction {
  const capped = capLines(text);
  const lines = capped.lines.map((l) => l.trimEnd()).filter((l) => l.length > 0);
  const fields = readFields(lines);
  return {
    kind: 'text',
    is_order: fields.total !== null,
    merchant: fields.merchant,
    order_id: fields.order_id,
    purchase_date: fields.purchase_date,
    total: fields.total,
    currency: fields.currency,
    products: fields.products,
    confidence: fields.confidence,
    signals: capped.cut ? [...fields.signals, 'text:cut'] : fields.signals,
    text: lines.join('\n'),
  };
}
