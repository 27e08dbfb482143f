import { describe, expect, it } from 'vitest';
import { findProducts } from './products';

describe('findProducts', () => {
  it('reads product lines with their quantity, leaving out shipping and lines from the total on', () => {
    expect(findProducts(['2 x Espresso cups  12.00', 'Shipping  4.95', 'Total  16.95'], 2)).toEqual([
      { name: 'Espresso cups', quantity: 2, price: '12.00', url: null },
    ]);
    expect(findProducts(['Kettle  29.99', 'Total  29.99', 'Toaster  19.99'], 1)).toEqual([
      { name: 'Kettle', quantity: 1, price: '29.99', url: null },
    ]);
  });
  it('reads a quantity written after the name, and never takes a tax line for a product', () => {
    const lines = ['Kettle  29.99', 'Desk lamp 3 pcs  45.00', 'VAT 20%  12.50', 'Total  87.49'];
    expect(findProducts(lines, null)).toEqual([
      { name: 'Kettle', quantity: 1, price: '29.99', url: null },
      { name: 'Desk lamp', quantity: 3, price: '45.00', url: null },
    ]);
  });
  it('reads a "Qty" prefix and skips names that are dates or too short', () => {
    expect(findProducts(['12/03/2025  10.00', 'ab  5.00', 'Qty 2 Bath towel  18.00'], null)).toEqual([
      { name: 'Bath towel', quantity: 2, price: '18.00', url: null },
    ]);
  });
});
