/**
 * Labelled documents as each field's ranker sees them: the document model read by the production
 * readers, the production candidate code's candidates, and which of them the frozen comparison rules
 * (bench/src/compare.ts) count as right. Training and the grouped bench build their examples here, so
 * what is trained on is what is served and what is scored.
 */
import { readFileSync } from 'node:fs';
import { isRight } from '../../../bench/src/compare';
import { documentContext, printedOrderInput, readFields } from '../src/document';
import { emailBody, readEmail, readHtmlPage } from '../src/email';
import { type OrderInput, orderCandidates } from '../src/fields/is-order';
import { type DocContext, RANKED, type RankedField } from '../src/fields/ranked';
import { photoDoc } from '../src/image';
import { readPdfDocument } from '../src/pdf';
import { boxesToDoc } from '../src/readers/boxes';
import { type Doc, readByOcr } from '../src/readers/doc';
import { readText } from '../src/readers/text';
import type { LabelledDoc } from './corpus';
import type { FieldExample } from './crossval';
import { cachedOcr } from './ocr-cache';

export { RANKED_FIELDS, type RankedField } from '../src/fields/ranked';

/** Silver labels (machine-assisted, not hand-checked) count half as much as SROIE and the dev corpus. */
export const SILVER_WEIGHT = 0.5;

/**
 * The document model of a labelled document as production reads its kind, with the document context
 * production computes for it (the sender's domain of an e-mail included).
 */
export async function documentOf(labelled: LabelledDoc): Promise<{ doc: Doc; context: DocContext } | null> {
  const input = labelled.input;
  const plain = (doc: Doc) => ({ doc, context: documentContext(doc) });
  if (input.type === 'text') return plain(readText(input.text).doc);
  if (input.type === 'boxes') return plain(boxesToDoc(input.words, input.size));
  const bytes = readFileSync(input.path);
  if (input.fileKind === 'text') return plain(readText(bytes.toString('utf8')).doc);
  if (input.fileKind === 'pdf') {
    const read = await readPdfDocument(bytes, { ocr: false });
    return read.einvoice ? null : plain(read.doc);
  }
  if (input.fileKind === 'email') {
    const { doc, senderDomain } = await emailBody(bytes);
    return { doc, context: documentContext(doc, { senderDomain }) };
  }
  return null;
}

/** A labelled document with its document model read once. */
export interface ReadExample {
  labelled: LabelledDoc;
  doc: Doc;
  context: DocContext;
}

/** The suffix of a SROIE receipt read again as its boxes' text in file order (see readExamples). */
export const FILE_ORDER = '#file-order';
/** The suffix of a SROIE scan read by our own photo OCR (see photoExamplesFromCache). */
export const OUR_OCR = '#ocr';

/** The documents read once (a PDF with an e-invoice is read from its XML, not ranked: left out). With
 * `photos`, each SROIE scan's OCR reading from the cache is added too (photoExamplesFromCache). */
export async function readExamples(
  labelled: LabelledDoc[],
  options: { photos?: boolean } = {},
): Promise<ReadExample[]> {
  const out: ReadExample[] = [];
  for (const l of labelled) {
    const read = await documentOf(l);
    if (read) out.push({ labelled: l, ...read });
    // Receipts also come as text whose layout was lost (an OCR dump, boxes in file order: labels in one
    // run, their amounts in the next). Each SROIE receipt is read that way too, in the same group.
    if (l.input.type === 'boxes') {
      const doc = readText(l.input.words.map((w) => w.text).join('\n')).doc;
      out.push({
        labelled: { ...l, id: `${l.id}${FILE_ORDER}`, kind: 'text' },
        doc,
        context: documentContext(doc),
      });
    }
  }
  return options.photos ? [...out, ...photoExamplesFromCache(labelled)] : out;
}

/**
 * A second example of each SROIE receipt that has a scan: the scan as our photo OCR read it (the
 * committed OCR cache, training/ocr-cache.ts), kind 'photo', id `<id>#ocr`, in its receipt's group and
 * fold, so it is never trained on when its receipt is scored. A scan with no current cache entry is left
 * out (`npm run train -- --ocr` fills the cache).
 */
export function photoExamplesFromCache(labelled: LabelledDoc[]): ReadExample[] {
  return labelled.flatMap((l): ReadExample[] => {
    if (l.input.type !== 'boxes' || !l.input.imageSha1) return [];
    const cached = cachedOcr(l.input.imageSha1);
    if (!cached) return [];
    const doc = photoDoc(cached.words, cached.size);
    return [
      { labelled: { ...l, id: `${l.id}${OUR_OCR}`, kind: 'photo' }, doc, context: documentContext(doc) },
    ];
  });
}

/**
 * One field's examples: documents whose truth is printed (or is "none"), each with its candidates and the
 * frozen rule for a right answer. A document whose truth exists but is not printed is left out: no
 * candidate could be right, and it is counted apart by the bench.
 */
export function fieldExamples(field: RankedField, read: ReadExample[]): FieldExample<string>[] {
  return read.flatMap(({ labelled, doc, context }) => {
    const truth = labelled.truth;
    // The written non-orders teach the order classifier only: their amounts (a refund's, a card charge's)
    // carry no label.
    if (labelled.corpus === 'negatives') return [];
    // A document that is no order (a shipping notice, a newsletter) has no purchase total: "none" is right.
    // Its other fields are not a purchase's and teach nothing.
    if (!truth.is_order && field !== 'total') return [];
    const value = truth[field];
    const printed = field === 'total' ? labelled.printed.total : labelled.printed[field];
    if (value !== null && value !== undefined && !printed) return [];
    // An e-mail's merchant is its sender's, read from the headers before the body's candidates.
    if (field === 'merchant' && labelled.kind === 'email') return [];
    const compared = { kind: 'text' as const, ...truth };
    return [
      {
        id: labelled.id,
        fold: labelled.fold,
        lockbox: labelled.lockbox,
        weight: labelled.silver ? SILVER_WEIGHT : 1,
        silver: labelled.silver,
        candidates: RANKED[field](doc, context),
        ocr: readByOcr(doc),
        isRight: (got: string | null) => isRight(field, compared, { [field]: got } as never),
      },
    ];
  });
}

/**
 * Training receipts (SROIE, silver) together weigh this share of the non-orders: thousands of till
 * receipts would otherwise teach that everything is an order.
 */
export const RECEIPT_SHARE = 1;

/**
 * What the order classifier reads of a labelled document, through the production path of its kind: an
 * e-mail or a saved page as `readEmail` / `extractHtml` read it (subject, sender, body, schema.org), a
 * printed document as `extractionFromDoc` does.
 */
export async function orderInputOf(labelled: LabelledDoc): Promise<OrderInput | null> {
  const input = labelled.input;
  if (input.type === 'file' && input.fileKind === 'email')
    return (await readEmail(readFileSync(input.path))).order;
  if (input.type === 'file' && input.fileKind === 'html')
    return readHtmlPage(readFileSync(input.path, 'utf8')).order;
  const read = await documentOf(labelled);
  return read ? printedOrderInput(read.doc, readFields(read.doc)) : null;
}

/** The order classifier's examples: every labelled document, receipts weighed down to RECEIPT_SHARE. */
export async function orderExamples(labelled: LabelledDoc[]): Promise<FieldExample<'order'>[]> {
  const isReceipt = (l: LabelledDoc) => l.corpus !== 'dev' && l.corpus !== 'negatives';
  const base = (l: LabelledDoc) => (l.silver ? SILVER_WEIGHT : 1);
  const negatives = labelled.filter((l) => !l.truth.is_order).length;
  const receipts = labelled.filter(isReceipt).reduce((sum, l) => sum + base(l), 0);
  const factor = receipts > 0 ? Math.min(1, (RECEIPT_SHARE * negatives) / receipts) : 1;
  // E-mails that are orders are fewer than those that are not: they weigh more, by the square root of the
  // ratio (the full ratio made every message with an order word an order).
  const emails = labelled.filter((l) => l.kind === 'email');
  const emailOrders = emails.filter((l) => l.truth.is_order).length;
  const emailFactor =
    emailOrders > 0 ? Math.sqrt(Math.max(1, (emails.length - emailOrders) / emailOrders)) : 1;
  const out: FieldExample<'order'>[] = [];
  for (const l of labelled) {
    const input = await orderInputOf(l);
    if (!input) continue;
    out.push({
      id: l.id,
      fold: l.fold,
      lockbox: l.lockbox,
      weight:
        base(l) * (isReceipt(l) ? factor : 1) * (l.kind === 'email' && l.truth.is_order ? emailFactor : 1),
      silver: l.silver,
      candidates: orderCandidates(input),
      isRight: (got: 'order' | null) => (got === 'order') === l.truth.is_order,
    });
  }
  return out;
}
