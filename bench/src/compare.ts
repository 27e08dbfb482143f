/**
 * The comparison rules of the benchmark: when an extracted field counts as right against the truth.
 * Frozen: `bench:extract`, the grouped bench and the training labels (packages/extract/training) share
 * this one definition, so a change here is its own commit with the figures before and after.
 * Product lines are matched in product-lines.ts.
 */
import type { Extraction } from '@warrantly/extract/types';

export const FIELDS = ['is_order', 'merchant', 'order_id', 'purchase_date', 'total', 'currency'] as const;
export type Field = (typeof FIELDS)[number];

/** The truth fields the rules read (a corpus truth.json entry, or a training label). */
export interface ComparedTruth {
  is_order: boolean;
  merchant?: string | null;
  merchant_aliases?: string[];
  order_id?: string | null;
  order_id_aliases?: string[];
  purchase_date?: string | null;
  purchase_date_aliases?: string[];
  total?: string | null;
  currency?: string | null;
}

/** The extracted fields the rules read. */
export type Compared = Pick<Extraction, Field>;

export const LEGAL =
  /\b(gmbh|ag|kg|ltd|limited|llc|inc|corp|corporation|co|sa|sas|sarl|sl|spa|srl|bv|nv|pty|pvt|private|sdn|bhd|plc|llp|oy|ab|as|aps)\b/g;
export const normMerchant = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(LEGAL, ' ')
    .replace(/\s+/g, '');
export const normId = (s: string) => s.trim().replace(/^#/, '').trim();

export function isRight(field: Field, truth: ComparedTruth, got: Compared): boolean {
  const value = got[field];
  switch (field) {
    case 'is_order':
      return value === truth.is_order;
    case 'merchant':
      if (truth.merchant === null) return value === null;
      return (
        typeof value === 'string' &&
        [truth.merchant, ...(truth.merchant_aliases ?? [])].some(
          (m) => m && normMerchant(m) === normMerchant(value),
        )
      );
    case 'order_id':
      if (truth.order_id === null) return value === null;
      return (
        typeof value === 'string' &&
        [truth.order_id, ...(truth.order_id_aliases ?? [])].some((id) => id && normId(id) === normId(value))
      );
    case 'purchase_date':
      if (truth.purchase_date === null) return value === null;
      return [truth.purchase_date, ...(truth.purchase_date_aliases ?? [])].includes(value as string);
    case 'total':
      if (truth.total === null) return value === null;
      return typeof value === 'string' && Number(value).toFixed(2) === Number(truth.total).toFixed(2);
    case 'currency':
      return value === truth.currency;
  }
}
