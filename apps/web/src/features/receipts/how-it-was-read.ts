/** One field extraction read from a document, as a person reads it. */
export interface ReadField {
  field: string;
  value: string;
  /** '85%', or null when extraction gave no score for it. */
  confidence: string | null;
}

/** What the reading found, for the "How this was read" disclosure; null parts were not there. */
export interface Reading {
  source: string | null;
  fields: ReadField[];
  text: string | null;
}

/** The fields shown, in order, with their names for people; an optional one only when it was read. */
const FIELDS: [key: string, label: string, optional?: boolean][] = [
  ['merchant', 'Shop'],
  ['order_id', 'Order number'],
  ['purchase_date', 'Purchase date'],
  ['total', 'Total'],
  ['currency', 'Currency'],
  ['payment_via', 'Paid through', true],
];

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

function percent(score: unknown): string | null {
  return typeof score === 'number' && Number.isFinite(score)
    ? `${Math.round(Math.min(Math.max(score, 0), 1) * 100)}%`
    : null;
}

function sourceOf(extracted: Record<string, unknown>): string | null {
  if (extracted.ocr === true) return 'Read from an image of the document, by text recognition.';
  if (extracted.kind === 'pdf') return "Read from the PDF's text.";
  if (extracted.kind === 'email') return 'Read from the e-mail.';
  if (extracted.kind === 'text') return 'Read from the text of the document.';
  return null;
}

/**
 * A receipt's stored extraction (contract `ReceiptDetail.extracted`, the extractor's output kept as it
 * was) turned into words: where it was read from, each field with its confidence, and the text as read.
 */
export function howItWasRead(extracted: Record<string, unknown>): Reading {
  const scores =
    typeof extracted.confidence === 'object' && extracted.confidence !== null
      ? (extracted.confidence as Record<string, unknown>)
      : {};
  const fields: ReadField[] = FIELDS.flatMap(([key, field, optional]) => {
    const value = textOf(extracted[key]);
    const confidence = percent(scores[key]);
    if (optional && value === null) return [];
    return [{ field, value: value ?? 'Not found', confidence }];
  });
  if (Array.isArray(extracted.products)) {
    fields.push({ field: 'Items', value: String(extracted.products.length), confidence: null });
  }
  return { source: sourceOf(extracted), fields, text: textOf(extracted.text) };
}
