import { describe, expect, it } from 'vitest';
import { categorize, estimateWarranty } from './categories';

describe('categorize', () => {
  it.each([
    ['Bosch Serie 4 dishwasher SMS4HTI45E', 'Large Appliances'],
    ['Apple MacBook Air 13"', 'Computers'],
    ['Philips Sonicare brush heads (4 pack)', 'Parts & Consumables'],
    ['De’Longhi Magnifica coffee machine', 'Small Appliances'],
    ['Organic coffee beans 1kg', 'Groceries'],
    ['Samsung 55" OLED TV', 'TV & Audio'],
  ])('puts %s in %s', (name, category) => {
    expect(categorize(name)).toBe(category);
  });
  it('answers null for words it does not know', () => {
    expect(categorize('Gift card')).toBeNull();
  });
});

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
  });
});
