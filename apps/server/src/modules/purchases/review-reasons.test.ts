import type { Extraction } from '@warrantly/extract/types';
import { describe, expect, it } from 'vitest';
import { amountsDisagree, REVIEW_THRESHOLDS, reviewReasons } from './review-reasons';

const read = (fields: Partial<Extraction>): Extraction => ({
  kind: 'pdf',
  is_order: true,
  merchant: 'Corner Hardware',
  order_id: 'CH-1',
  purchase_date: '2026-03-14',
  total: '104.49',
  currency: 'GBP',
  products: [
    { name: 'Cordless drill', quantity: 1, price: '89.99', url: null },
    { name: 'Drill bits', quantity: 1, price: '14.50', url: null },
  ],
  confidence: { merchant: 0.97, purchase_date: 0.99, total: 0.95 },
  signals: [],
  ...fields,
});

describe('what sends a purchase to review', () => {
  it('nothing when every field was read surely and the lines make the total', () => {
    expect(reviewReasons(read({}))).toEqual([]);
  });

  it('a field read below its threshold, with the confidence in words', () => {
    const reasons = reviewReasons(read({ confidence: { merchant: 0.62, purchase_date: 0.99, total: 0.95 } }));
    expect(reasons).toEqual([
      {
        field: 'merchant',
        code: 'low_confidence',
        message: 'The shop was read with low confidence (62 %)',
      },
    ]);
    expect(REVIEW_THRESHOLDS.merchant).toBeGreaterThan(0.62);
  });

  it('a field not found', () => {
    expect(reviewReasons(read({ purchase_date: null }))).toEqual([
      { field: 'purchase_date', code: 'missing', message: 'The purchase date was not found in the document' },
    ]);
  });

  it('no product line', () => {
    expect(reviewReasons(read({ products: [] })).map((r) => r.code)).toEqual(['no_product_line']);
  });

  it('lines that come to more than the total, or to less than half of it', () => {
    expect(reviewReasons(read({ total: '14.50' })).map((r) => r.code)).toEqual(['amounts_disagree']);
    expect(amountsDisagree(read({ total: '400.00' }))).toBe(true);
    // Tax or shipping on top of the lines is no disagreement, nor is a cent of rounding.
    expect(amountsDisagree(read({ total: '125.39' }))).toBe(false);
    expect(amountsDisagree(read({ total: '104.48' }))).toBe(false);
    // A line without a price says nothing.
    const unpriced = read({ products: [{ name: 'Drill', quantity: 1, price: null, url: null }] });
    expect(amountsDisagree({ ...unpriced, total: '1.00' })).toBe(false);
  });
});
