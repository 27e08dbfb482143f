import type { ReviewField, ReviewReason } from '@warrantly/contract/review';
import type { Extraction } from '@warrantly/extract/types';
import { toMinor } from './amounts';

/**
 * Below these calibrated confidences a field read from a document is one for the user to check. The
 * confidences are probabilities fitted on held-out documents (packages/extract model card): at 0.8 about
 * one answer in five of that confidence is wrong, too many to land unseen.
 */
export const REVIEW_THRESHOLDS: Readonly<Record<'merchant' | 'purchase_date' | 'total', number>> = {
  merchant: 0.8,
  purchase_date: 0.8,
  total: 0.8,
};

const LABELS: Record<ReviewField, string> = {
  merchant: 'The shop',
  purchase_date: 'The purchase date',
  total: 'The total',
  currency: 'The currency',
  products: 'The products',
  amounts: 'The amounts',
};

const percent = (p: number) => `${Math.round(p * 100)} %`;

/** Why a field of an extraction needs the user's look, in words; null when it does not. */
export function fieldReason(
  extraction: Pick<Extraction, 'merchant' | 'purchase_date' | 'total' | 'confidence'>,
  field: keyof typeof REVIEW_THRESHOLDS,
): ReviewReason | null {
  if (extraction[field] === null)
    return { field, code: 'missing', message: `${LABELS[field]} was not found in the document` };
  const confidence = extraction.confidence[field];
  if (confidence !== undefined && confidence < REVIEW_THRESHOLDS[field])
    return {
      field,
      code: 'low_confidence',
      message: `${LABELS[field]} was read with low confidence (${percent(confidence)})`,
    };
  return null;
}

/**
 * True when the lines' prices cannot make the printed total: together they exceed it (a line misread, or
 * the total), or they come to less than half of it (a line missed). Shipping, tax and discounts move a
 * total a little from its lines, never this far. Lines without a price say nothing.
 */
export function amountsDisagree(extraction: Pick<Extraction, 'products' | 'total' | 'currency'>): boolean {
  const { total, products } = extraction;
  if (total === null || products.length === 0 || products.some((p) => p.price === null)) return false;
  const currency = extraction.currency ?? 'XXX';
  const sum = products.reduce((acc, p) => acc + toMinor(p.price as string, currency), 0);
  const printed = toMinor(total, currency);
  if (!Number.isFinite(sum) || !Number.isFinite(printed)) return false;
  // One minor unit of rounding is no disagreement.
  return sum > printed + 1 || sum * 2 < printed;
}

/**
 * Every reason an automatically read purchase waits for review: a field read below its threshold or not
 * at all, no product line, or lines and total that do not add up. Empty when it can land unseen.
 */
export function reviewReasons(extraction: Extraction): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  for (const field of ['merchant', 'purchase_date', 'total'] as const) {
    const reason = fieldReason(extraction, field);
    if (reason) reasons.push(reason);
  }
  if (extraction.products.length === 0)
    reasons.push({
      field: 'products',
      code: 'no_product_line',
      message: 'No product line was read: the purchase is named after its document',
    });
  else if (amountsDisagree(extraction))
    reasons.push({
      field: 'amounts',
      code: 'amounts_disagree',
      message: 'The prices of the lines do not add up to the total',
    });
  return reasons;
}
