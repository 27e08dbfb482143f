import { describe, expect, it } from 'vitest';
import { formatAmount, orNotProvided, possessive } from './format';

describe('formatAmount', () => {
  it("puts the seed's symbol before an amount typed without a currency", () => {
    const typed = { price: '49.90', amount: 49.9, currency: 'USD', has_currency: false };
    expect(formatAmount(typed, '$')).toBe('$49.90');
    expect(formatAmount(typed, '৳')).toBe('৳49.90');
  });

  it('formats an amount in the currency the server recognised', () => {
    expect(formatAmount({ price: '€ 49,90', amount: 49.9, currency: 'EUR', has_currency: true }, '$')).toBe(
      '€49.90',
    );
    expect(formatAmount({ price: 'USD 1,299', amount: 1299, currency: 'USD', has_currency: true }, '৳')).toBe(
      '$1,299.00',
    );
  });

  it("shows 'N/A' without an amount", () => {
    expect(formatAmount({ price: null, amount: null, currency: null, has_currency: false }, '$')).toBe('N/A');
    expect(formatAmount({ price: '  ', amount: null, currency: null, has_currency: false }, '$')).toBe('N/A');
  });

  it('keeps unparsed text as typed', () => {
    expect(formatAmount({ price: 'free', amount: null, currency: null, has_currency: false }, '$')).toBe(
      '$free',
    );
  });
});

describe('texts', () => {
  it("shows 'Not Provided' for empty values", () => {
    expect(orNotProvided(null)).toBe('Not Provided');
    expect(orNotProvided('  ')).toBe('Not Provided');
    expect(orNotProvided('Shop')).toBe('Shop');
  });

  it("makes titles like Avery Quinn's Purchases", () => {
    expect(`${possessive('Avery Quinn')} Purchases`).toBe("Avery Quinn's Purchases");
    expect(`${possessive('James')} Purchases`).toBe("James' Purchases");
    expect(`${possessive('')} Purchases`).toBe('Your Purchases');
  });
});
