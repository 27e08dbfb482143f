import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';

describe('parseAmount', () => {
  it.each([
    ['49.90', '49.90', null],
    ['1,299.00', '1299.00', null],
    ['1,299', '1299', null],
    ['€ 49,90', '49.90', 'EUR'],
    ['1.234,56', '1234.56', null],
    ['1 234,56 €', '1234.56', 'EUR'],
    ['USD 12', '12', 'USD'],
    ['12.50 USD', '12.50', 'USD'],
    ['Rp 12.000', '12000', 'IDR'],
    ['RM 9.90', '9.90', 'MYR'],
    ['$7', '7', 'USD'],
    ['£1,020.5', '1020.5', 'GBP'],
    ["CHF 1'234.50", '1234.50', 'CHF'],
    ['US$ 3.00', '3.00', 'USD'],
    ['₹ 1,23,456.00', '123456.00', 'INR'],
    ['0.99', '0.99', null],
    ['৳500', '500', 'BDT'],
  ])('reads %s', (text, decimal, currency) => {
    const parsed = parseAmount(text);
    if (decimal === null) {
      expect(parsed).toBeNull();
      return;
    }
    expect(parsed).toEqual({ decimal, minor: Math.round(Number(decimal) * 100), currency });
  });

  it('refuses text that is not an amount', () => {
    for (const text of ['about forty', '', 'free', '12 apples', 'EUR', '1,2,3', '12..5', 'ABC 12']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('reads a bare dollar as the hinted dollar', () => {
    expect(parseAmount('$12.00', { dollar: 'CAD' })?.currency).toBe('CAD');
  });

  it('keeps refunds negative', () => {
    expect(parseAmount('-5.00')?.minor).toBe(-500);
  });
});
