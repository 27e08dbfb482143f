import type { ReviewItem } from '@warrantly/contract/review';
import { describe, expect, it } from 'vitest';
import { confidenceText, itemTitle, localDay, purchaseCount } from './review-words';

const ITEM: ReviewItem = {
  order_id: 'ORD-1',
  channel: 'gmail',
  created_at: '2026-11-20T10:00:00.000Z',
  reasons: [],
  fields: [{ field: 'merchant', value: null, confidence: null, needs_review: true, reason: 'Not found' }],
  lines: [],
  documents: [],
};

describe('review words', () => {
  it('writes a confidence as a whole percentage, or nothing without a figure', () => {
    expect(confidenceText(0.624)).toBe('62 %');
    expect(confidenceText(1)).toBe('100 %');
    expect(confidenceText(null)).toBeNull();
  });

  it('names an item by its merchant, else its first product, else its order', () => {
    expect(itemTitle(ITEM)).toBe('ORD-1');
    const line = { product_name: 'Kettle' } as ReviewItem['lines'][number];
    expect(itemTitle({ ...ITEM, lines: [line] })).toBe('Kettle');
    const merchant = {
      field: 'merchant',
      value: ' Brightline ',
      confidence: 0.9,
      needs_review: false,
      reason: null,
    } as const;
    expect(itemTitle({ ...ITEM, fields: [merchant], lines: [line] })).toBe('Brightline');
  });

  it('writes a bare date as it is and a timestamp as its local day', () => {
    expect(localDay('2026-12-27')).toBe('2026-12-27');
    const moment = new Date(2026, 10, 27, 23, 30);
    expect(localDay(moment.toISOString())).toBe('2026-11-27');
  });

  it('counts purchases in words', () => {
    expect(purchaseCount(1)).toBe('1 purchase');
    expect(purchaseCount(4)).toBe('4 purchases');
  });
});
