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

  it('shows a bare number in the currency it is in when that is not US dollars', () => {
    // Typed without a sign by a user whose default currency is the euro, or kept in euros by an edit.
    expect(formatAmount({ price: '59.99', amount: 59.99, currency: 'EUR', has_currency: false }, '$')).toBe(
      '€59.99',
    );
    expect(formatAmount({ price: '59.99', amount: 59.99, currency: 'EUR', has_currency: true }, '$')).toBe(
      '€59.99',
    );
  });

  it('shows text that is not money as typed, never with a dollar sign', () => {
    expect(formatAmount({ price: 'abc', amount: null, currency: null, has_currency: false }, '$')).toBe(
      'abc',
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
