import { describe, expect, it } from 'vitest';
import { estimateWarranty } from './categories';

describe('estimateWarranty', () => {
  it('adds the category’s usual months', () => {
    expect(estimateWarranty('Large Appliances', '2026-03-14')).toBe('2028-03-14');
    expect(estimateWarranty('Computers', '2026-01-31')).toBe('2027-01-31');
  });
  it('keeps the end inside short months', () => {
    expect(estimateWarranty('Phones & Tablets', '2027-02-28')).toBe('2028-02-28');
    expect(estimateWarranty('TV & Audio', '2026-08-31')).toBe('2028-08-31');
  });
  it('gives no date to goods without a warranty worth tracking', () => {
    expect(estimateWarranty('Groceries', '2026-01-01')).toBeNull();
    expect(estimateWarranty(null, '2026-01-01')).toBeNull();
    expect(estimateWarranty('Computers', null)).toBeNull();
    expect(estimateWarranty('toString', '2026-01-01')).toBeNull();
  });
});
