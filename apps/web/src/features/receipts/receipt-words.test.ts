import { describe, expect, it } from 'vitest';
import { itemCount, orderTotalText, readingStatus } from './receipt-words';

describe('orderTotalText', () => {
  it('shows a stated currency with its own symbol, and ৳ only before an amount of no stated currency', () => {
    const money = { order_price: '13.05', order_amount: 13.05, order_currency: 'EUR' };
    expect(orderTotalText({ ...money, order_has_currency: true })).toBe('€13.05');
    expect(orderTotalText({ ...money, order_currency: 'USD', order_has_currency: false })).toBe('৳13.05');
    expect(
      orderTotalText({
        order_price: null,
        order_amount: null,
        order_currency: null,
        order_has_currency: false,
      }),
    ).toBe('N/A');
  });
});

describe('itemCount', () => {
  it('counts items in words', () => {
    expect([itemCount(1), itemCount(3)]).toEqual(['1 item', '3 items']);
  });
});

describe('readingStatus', () => {
  it('says in words how the document was read', () => {
    expect(readingStatus('success', true)).toBe('Read completely');
    expect(readingStatus('partial', true)).toBe('Partly read — check the fields');
    expect(readingStatus('failed', true)).toBe('Could not be read');
    expect(readingStatus('success', false)).toBe('Entered by hand');
  });
});
