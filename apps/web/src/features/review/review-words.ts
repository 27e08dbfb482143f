import type { ReviewField, ReviewItem } from '@warrantly/contract/review';
import { toIsoDate } from '@/lib/dates';

export const FIELD_LABEL: Record<ReviewField, string> = {
  merchant: 'Merchant',
  purchase_date: 'Purchase date',
  total: 'Total',
  currency: 'Currency',
  products: 'Products',
  amounts: 'Amounts',
};

export const CHANNEL_LABEL: Record<ReviewItem['channel'], string> = {
  gmail: 'From Gmail',
  outlook: 'From Outlook',
  pdf: 'Uploaded PDF',
  photo: 'Photo of a receipt',
};

/**
 * How sure the reading was, as a whole percentage with the spec's space before the sign; null when the
 * extraction gave no figure.
 * @example confidenceText(0.624) //=> '62 %'
 */
export function confidenceText(confidence: number | null): string | null {
  return confidence === null ? null : `${Math.round(confidence * 100)} %`;
}

/** What names a waiting purchase on the screen: its merchant as read, else its first product, else its order. */
export function itemTitle(item: ReviewItem): string {
  const merchant = item.fields.find((f) => f.field === 'merchant')?.value?.trim();
  return merchant || item.lines[0]?.product_name || item.order_id;
}

/**
 * A server timestamp or date as the local day, YYYY-MM-DD, as the lists write dates; the text itself when
 * it cannot be read.
 * @example localDay('2026-11-27T00:30:00.000Z') // '2026-11-27' in UTC, '2026-11-26' in New York
 */
export function localDay(moment: string): string {
  // A bare date is a day already (new Date would read it as UTC midnight, the day before in America).
  if (/^\d{4}-\d{2}-\d{2}$/.test(moment)) return moment;
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? moment : toIsoDate(date);
}

/** "1 purchase", "3 purchases". */
export function purchaseCount(n: number): string {
  return `${n} ${n === 1 ? 'purchase' : 'purchases'}`;
}
