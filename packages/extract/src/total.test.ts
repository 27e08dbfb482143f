import { describe, expect, it } from 'vitest';
import { findTotal } from './total';

describe('totals', () => {
  it('takes the labelled total, not the subtotal or tax', () => {
    const total = findTotal(['Subtotal  $90.00', 'Tax  $7.20', 'Grand total  $97.20', 'Paid with Visa']);
    expect(total?.amount.decimal).toBe('97.20');
  });
  it('reads a label and its amount on consecutive lines', () => {
    expect(findTotal(['TOTAL', ': 39.80'])?.amount.decimal).toBe('39.80');
  });
  it('reads European labels and amounts', () => {
    expect(findTotal(['Zwischensumme 100,00 €', 'Gesamtbetrag 1.125,00 €'])?.amount.decimal).toBe('1125.00');
  });
});

describe('findTotal', () => {
  it('trusts a strong label more than a bare one and says on which line it read it', () => {
    expect(findTotal(['Subtotal  $90.00', 'Grand total  $97.20'])).toMatchObject({
      amount: { decimal: '97.20', currency: 'USD' },
      confidence: 0.9,
      signal: 'label:total@1',
    });
    expect(findTotal(['Total 10.00', 'Total 12.00'])).toMatchObject({
      amount: { decimal: '12.00' },
      confidence: 0.7,
      signal: 'label:total@1',
    });
  });
  it('takes the amount beside a card payment when no total is labelled', () => {
    expect(findTotal(['Item 5.00', 'Paid by Visa  42.00'])).toMatchObject({
      amount: { decimal: '42.00' },
      signal: 'label:total@1',
    });
  });
  it('falls back on the largest amount, leaving out savings lines', () => {
    expect(findTotal(['Kettle 20.00', 'Toaster 35.50'])).toMatchObject({
      amount: { decimal: '35.50' },
      confidence: 0.3,
      signal: 'largest-amount',
    });
    expect(findTotal(['Kettle 20.00', 'You saved 50.00', 'Mug 5.00'])?.amount.decimal).toBe('20.00');
  });
  it('returns null when no amount is written', () => {
    expect(findTotal(['no amounts here'])).toBeNull();
  });
});
