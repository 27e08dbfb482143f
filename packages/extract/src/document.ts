import { withColumnPairs } from './columns';
import { decideCountry } from './fields/country';
import { classifyOrder, type OrderEvidence, type OrderInput } from './fields/is-order';
import { productLines } from './fields/line-kinds';
import { type DocContext, rankField } from './fields/ranked';
import { type MemoryInput, withMemory } from './memory';
import type { Choice } from './model/ranker';
import { findOrderNumber } from './order-number';
import { type Doc, lineTexts } from './readers/doc';
import type { StructuredOrder } from './structured';
import type { Extraction } from './types';

/** Everything found in a document's lines, before any e-mail-specific decisions. */
export interface LineFields {
  merchant: string | null;
  order_id: string | null;
  purchase_date: string | null;
  total: string | null;
  currency: string | null;
  products: Extraction['products'];
  confidence: Record<string, number>;
  signals: string[];
  /** What the rankers and rules found before structured data was preferred: the order classifier reads it. */
  evidence: OrderEvidence;
}

/**
 * What the whole document says before any field is read: its country's decision (currency, what a bare
 * "$" means, the day/month order of its numeric dates). Training computes it the same way.
 */
export function documentContext(
  doc: Doc,
  hints: { senderDomain?: string | null; currency?: string | null } = {},
): DocContext & { currency: string | null; dollar: string; currencySignal: string | null } {
  const locale = decideCountry(lineTexts(doc), {
    senderDomain: hints.senderDomain ?? null,
    currency: hints.currency ?? null,
    ocr: doc.kind === 'photo',
  });
  return {
    currency: locale.currency,
    dollar: locale.dollar,
    currencySignal: locale.signal,
    // Year-first countries print four-digit years first, which both orders read; short dates there are rare.
    dateOrder: locale.dateOrder === 'mdy' ? 'mdy' : 'dmy',
  };
}

/**
 * Reads the purchase fields of a document, after structured data when there is some: each field from
 * schema.org or an e-invoice's XML first; else the total, the purchase date and the merchant as the
 * learned rankers choose them among the candidates the document prints (with a calibrated confidence),
 * the order number by its rules, the product lines through the line classifier (fields/line-kinds.ts).
 */
export function readFields(
  doc: Doc,
  options: { structured?: StructuredOrder | null; senderDomain?: string | null } = {},
): LineFields {
  const lines = lineTexts(doc);
  const s = options.structured ?? null;
  const confidence: Record<string, number> = {};
  const signals: string[] = [];
  // An e-invoice's XML states the exact values the document prints; schema.org markup is a page's summary.
  const source = s?.origin ? 'einvoice' : 'jsonld';
  const structuredConfidence = s?.origin ? 0.97 : 0.95;
  if (s?.origin) signals.push(`einvoice:${s.origin}`);
  if (s?.isCreditNote) signals.push('einvoice:credit-note');

  const context = documentContext(doc, { senderDomain: options.senderDomain, currency: s?.currency });
  const detected = context.currency;
  const total = rankField('total', doc, context);
  const date = rankField('purchase_date', doc, context);
  const merchant = rankField('merchant', doc, context);
  const orderNumber = findOrderNumber(withColumnPairs(lines));
  const totalLine = total?.candidate.value ? total.candidate.line : null;
  // The line classifier says which lines are items; the rules reader splits them (fields/line-kinds.ts).
  const products = productLines(doc, totalLine);

  const pick = <T>(
    field: string,
    fromStructured: T | null | undefined,
    fromText: { value: T | null; confidence: number; signal: string } | null,
  ) => {
    if (fromStructured !== null && fromStructured !== undefined) {
      confidence[field] = structuredConfidence;
      signals.push(`${source}:${field}`);
      return fromStructured;
    }
    if (!fromText || fromText.value === null) return null;
    confidence[field] = fromText.confidence;
    signals.push(`${field}:${fromText.signal}`);
    return fromText.value;
  };
  const ranked = <C extends { value: string | null; why: string }>(choice: Choice<C> | null) =>
    choice
      ? {
          value: choice.candidate.value,
          confidence: choice.confidence,
          signal: `ranked ${choice.candidate.why}`,
        }
      : null;

  const totalValue = pick('total', s?.total, ranked(total));
  const printed = totalValue !== null && !s?.total ? (total?.candidate.currency ?? null) : null;
  // A bare "$" reads as US dollars; the document (or its sender) may say which dollar it is.
  const otherDollar = printed === 'USD' && context.dollar !== 'USD' && !/US\$|\bUSD\b/.test(lines.join('\n'));
  const currency = s?.currency ?? (otherDollar ? context.dollar : printed) ?? detected ?? null;
  if (currency) {
    confidence.currency = s?.currency ? structuredConfidence : printed ? 0.9 : 0.6;
    if (context.currencySignal) signals.push(context.currencySignal);
  }
  const structuredProducts = s && s.products.length > 0 ? s.products : null;
  if (structuredProducts) signals.push(`${source}:products`);
  return {
    merchant: pick('merchant', s?.merchant, ranked(merchant)),
    order_id: pick(
      'order_id',
      s?.orderId,
      orderNumber
        ? { value: orderNumber.id, confidence: orderNumber.confidence, signal: orderNumber.signal }
        : null,
    ),
    purchase_date: pick('purchase_date', s?.date, ranked(date)),
    total: totalValue,
    currency,
    products: structuredProducts ?? products,
    confidence,
    signals,
    evidence: {
      total,
      orderNumber: orderNumber !== null,
      products: products.length,
      date: Boolean(date?.candidate.value),
    },
  };
}

/**
 * What the order classifier reads of a printed document (a PDF, a till receipt, a transcript): its lines,
 * what the fields found, and what its embedded e-invoice says. Training reads documents through this too.
 */
export function printedOrderInput(
  doc: Doc,
  fields: LineFields,
  structured: StructuredOrder | null = null,
): OrderInput {
  return {
    subject: null,
    sender: null,
    lines: lineTexts(doc),
    evidence: fields.evidence,
    structured: structured ? (structured.isCreditNote ? 'credit' : 'order') : null,
  };
}

/**
 * The extraction of a printed document read into the document model (a PDF's text layer or OCR, a till
 * receipt), already capped: `cut` says the cap dropped some, and is kept as a signal. `pages` is given for
 * a PDF, which makes it one. Whether it is an order is the order classifier's decision (fields/is-order.ts):
 * an invoice listing products without a total still is one, a refund or a card slip is not. `structured` is what the document's own data says (a PDF's embedded
 * e-invoice), read before the text. `memory` attaches the sketch memory needs and applies its entries (memory.ts).
 * @example extractionFromDoc(readText('Latte 3.50\nTOTAL 3.50').doc, false).total //=> '3.50'
 */
export function extractionFromDoc(
  doc: Doc,
  cut: boolean,
  pages?: number,
  structured: StructuredOrder | null = null,
  memory?: MemoryInput,
): Extraction {
  const kind = pages !== undefined || doc.kind === 'pdf' ? 'pdf' : 'text';
  const fields = readFields(doc, { structured });
  const order = classifyOrder(printedOrderInput(doc, fields, structured));
  const extraction: Extraction = {
    kind,
    is_order: order.isOrder,
    merchant: fields.merchant,
    order_id: fields.order_id,
    purchase_date: fields.purchase_date,
    total: fields.total,
    currency: fields.currency,
    products: fields.products,
    confidence: fields.confidence,
    signals: [...fields.signals, ...order.signals, ...(cut ? ['text:cut'] : [])],
    ...(pages === undefined ? {} : { pages }),
    text: lineTexts(doc).join('\n'),
  };
  const context = () => documentContext(doc, { currency: structured?.currency });
  return memory
    ? withMemory(extraction, doc, context(), { address: null, domain: null }, memory)
    : extraction;
}
