import { withColumnPairs } from './columns';
import { decideCountry } from './fields/country';
import { findMerchantInText } from './merchant-in-text';
import { findOrderNumber } from './order-number';
import { productReader } from './products';
import { findPurchaseDate } from './purchase-date';
import type { StructuredOrder } from './structured';
import { findTotal } from './total';
import type { Extraction } from './types';

/** What product lines above a candidate total add up to, in minor units, when there are two or more. */
function lineSum(products: Extraction['products']): number | null {
  if (products.length < 2) return null;
  return products.reduce((sum, p) => sum + Math.round(Number(p.price ?? 0) * 100), 0);
}

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
}

/**
 * Reads the purchase fields from a document's reading-order lines, after structured data when there is
 * some: each field from schema.org or an e-invoice's XML first, then the general rules.
 */
export function readFields(
  lines: string[],
  options: { structured?: StructuredOrder | null; senderDomain?: string | null } = {},
): LineFields {
  const text = lines.join('\n');
  const s = options.structured ?? null;
  const confidence: Record<string, number> = {};
  const signals: string[] = [];
  // An e-invoice's XML states the exact values the document prints; schema.org markup is a page's summary.
  const source = s?.origin ? 'einvoice' : 'jsonld';
  const structuredConfidence = s?.origin ? 0.97 : 0.95;
  if (s?.origin) signals.push(`einvoice:${s.origin}`);
  if (s?.isCreditNote) signals.push('einvoice:credit-note');

  const locale = decideCountry(lines, {
    senderDomain: options.senderDomain ?? null,
    currency: s?.currency ?? null,
  });
  const { currency: detected, signal: currencySignal } = locale;
  // Year-first countries print four-digit years first, which both orders read; short dates there are rare.
  const order = locale.dateOrder === 'mdy' ? 'mdy' : 'dmy';

  const productsUpTo = productReader(lines);
  const total = findTotal(lines, (line) => lineSum(productsUpTo(line)));
  const paired = withColumnPairs(lines);
  const orderNumber = findOrderNumber(paired);
  const date = findPurchaseDate(paired, order);
  const merchant = findMerchantInText(lines);
  const products = productsUpTo(total?.line ?? null);

  const pick = <T>(
    field: string,
    fromStructured: T | null | undefined,
    fromText: { value: T; confidence: number; signal: string } | null,
  ) => {
    if (fromStructured !== null && fromStructured !== undefined) {
      confidence[field] = structuredConfidence;
      signals.push(`${source}:${field}`);
      return fromStructured;
    }
    if (!fromText) return null;
    confidence[field] = fromText.confidence;
    signals.push(`${field}:${fromText.signal}`);
    return fromText.value;
  };

  const totalValue = pick(
    'total',
    s?.total,
    total
      ? { value: Number(total.amount.decimal).toFixed(2), confidence: total.confidence, signal: total.signal }
      : null,
  );
  // A bare "$" reads as US dollars; the document (or its sender) may say which dollar it is.
  const otherDollar =
    total?.amount.currency === 'USD' && locale.dollar !== 'USD' && !/US\$|\bUSD\b/.test(text);
  const currency = s?.currency ?? (otherDollar ? locale.dollar : total?.amount.currency) ?? detected ?? null;
  if (currency) {
    confidence.currency = s?.currency ? structuredConfidence : total?.amount.currency ? 0.9 : 0.6;
    if (currencySignal) signals.push(currencySignal);
  }
  const structuredProducts = s && s.products.length > 0 ? s.products : null;
  if (structuredProducts) signals.push(`${source}:products`);
  return {
    merchant: pick(
      'merchant',
      s?.merchant,
      merchant ? { value: merchant.name, confidence: merchant.confidence, signal: merchant.signal } : null,
    ),
    order_id: pick(
      'order_id',
      s?.orderId,
      orderNumber
        ? { value: orderNumber.id, confidence: orderNumber.confidence, signal: orderNumber.signal }
        : null,
    ),
    purchase_date: pick(
      'purchase_date',
      s?.date,
      date ? { value: date.date, confidence: date.confidence, signal: date.signal } : null,
    ),
    total: totalValue,
    currency,
    products: structuredProducts ?? products,
    confidence,
    signals,
  };
}

/**
 * The extraction of a printed document (a PDF's text layer or OCR, a till receipt) from its lines, already
 * capped: `cut` says the cap dropped some, and is kept as a signal. A PDF listing products without a total
 * is an order (an invoice); a till receipt is one by its total. `structured` is what the document's own
 * data says (a PDF's embedded e-invoice), read before the lines.
 * @example extractionFromLines('text', { lines: ['Latte 3.50', 'TOTAL 3.50'], cut: false }).total //=> '3.50'
 */
export function extractionFromLines(
  kind: 'pdf' | 'text',
  { lines, cut }: { lines: string[]; cut: boolean },
  pages?: number,
  structured: StructuredOrder | null = null,
): Extraction {
  const fields = readFields(lines, { structured });
  return {
    kind,
    is_order: fields.total !== null || (kind === 'pdf' && fields.products.length > 0),
    merchant: fields.merchant,
    order_id: fields.order_id,
    purchase_date: fields.purchase_date,
    total: fields.total,
    currency: fields.currency,
    products: fields.products,
    confidence: fields.confidence,
    signals: cut ? [...fields.signals, 'text:cut'] : fields.signals,
    ...(pages === undefined ? {} : { pages }),
    text: lines.join('\n'),
  };
}
