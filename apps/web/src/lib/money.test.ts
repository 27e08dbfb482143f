import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, otherTotals, TABLED_CURRENCIES } from './money';

const AMOUNTS = [
  0, 0.5, 1, 9.99, 49.9, 999.995, 1000, 1234.5, 1234.567, 99999.5, 1234567.891, 123456789012.34,
];

describe('formatMoney', () => {
  it("writes every tabled currency exactly as Intl's en-US currency format does", () => {
    for (const currency of TABLED_CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      for (const amount of [...AMOUNTS, ...AMOUNTS.map((a) => -a)]) {
        expect(`${currency} ${formatMoney(amount, currency)}`).toBe(`${currency} ${intl.format(amount)}`);
      }
    }
  });

  it('groups thousands and keeps the currency’s decimals', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(49.9, 'EUR')).toBe('€49.90');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(1.5, 'KWD')).toBe('KWD\u00a01.500');
    expect(formatMoney(-12, 'BDT')).toBe('-BDT\u00a012.00');
  });

  it('hands other currencies to Intl, and shows the number for a code Intl refuses', () => {
    expect(formatMoney(10, 'MNT')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'MNT' }).format(10),
    );
    expect(formatMoney(1e16, 'USD')).toBe('$10,000,000,000,000,000.00');
    expect(formatMoney(5, 'NOT-A-CODE')).toBe('NOT-A-CODE 5.00');
  });
});

describe('totals per currency', () => {
  it('lists the totals beside the main one by code, each in its own currency', () => {
    const byCurrency = { USD: 4265.96, EUR: 4365.63, GBP: 249, CAD: 408.99 };
    expect(otherTotals(byCurrency, 'EUR')).toEqual(['CA$408.99', '£249.00', '$4,265.96']);
    expect(otherTotals(byCurrency, 'USD')).toEqual(['CA$408.99', '€4,365.63', '£249.00']);
    expect(otherTotals({}, 'USD')).toEqual([]);
  });

  it('names the symbol of a currency, or its code', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('CHF')).toBe('CHF');
  });
});
