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
      confidence: 0.85,
      signal: 'label:total@1',
    });
    expect(findTotal(['Total 10.00', 'Total 12.00'])).toMatchObject({
      amount: { decimal: '12.00' },
      confidence: 0.7,
      signal: 'label:total@1',
    });
  });
  it('takes the candidate the other amounts add up to: subtotal, tax, shipping and discount', () => {
    expect(
      findTotal(['Subtotal 90.00', 'Shipping 5.00', 'Discount -10.00', 'VAT 17.00', 'Total 102.00']),
    ).toMatchObject({
      amount: { decimal: '102.00' },
      confidence: 0.9,
      signal: 'label:total@4+subtotal-adds-up',
    });
    // A bare "Total" that adds up beats a strong label that does not (here a line of the tax table).
    expect(
      findTotal(['Zwischensumme 50,00', 'MwSt 9,50', 'Summe 59,50', 'Gesamtbetrag netto 50,00'])?.amount
        .decimal,
    ).toBe('59.50');
  });
  it('prefers the total after rounding, which cash less change confirms', () => {
    const total = findTotal([
      'SUB-TOTAL',
      '46.54',
      'TOTAL SALES INCL GST',
      '46.54',
      'ROUNDING ADJ',
      '0.01',
      'TOTAL AFTER ADJ INCL GST',
      '46.55',
      'CASH',
      '100.00',
      'CHANGE',
      '53.45',
    ]);
    expect(total).toMatchObject({ amount: { decimal: '46.55' }, confidence: 0.97 });
  });
  it('pairs a run of labels with the run of amounts printed below it (till receipt columns)', () => {
    const total = findTotal([
      'TOTAL SALES INCLUSIVE GST',
      'DISCOUNT',
      'ROUND ADJ',
      'FINAL TOTAL',
      'CASH',
      'CHANGE',
      '8.70',
      '0.00',
      '0.00',
      '8.70',
      '10.00',
      '1.30',
    ]);
    expect(total).toMatchObject({
      amount: { decimal: '8.70' },
      signal: 'label:total@3+tendered-less-change',
    });
  });
  it('counts product lines that add up to a total as evidence', () => {
    const sum = (line: number) => (line === 2 ? 3300 : null);
    expect(findTotal(['Kettle 20.00', 'Mug 13.00', 'Total 33.00'], sum)).toMatchObject({
      confidence: 0.9,
      signal: 'label:total@2+lines-sum',
    });
    expect(findTotal(['Kettle 20.00', 'Mug 13.00', 'Total 33.00'])?.confidence).toBe(0.7);
  });
  it('takes the purchase, not the card charge that included cash paid out', () => {
    const total = findTotal([
      'SUMME  EUR  56,27',
      'Geg. EC-Cash  EUR  156,27',
      'AUSZAHLUNG  EUR  100,00',
      'Gesamt EUR  156,27',
      'Gesamtbetrag  50,82  5,45  56,27',
    ]);
    expect(total?.amount.decimal).toBe('56.27');
    expect(total?.signal).toMatch(/\+(paid-less-cashback|net-plus-tax)$/);
  });
  it('reads an invoice that states Netto, MwSt and Brutto', () => {
    expect(findTotal(['Server CX22  10,00', 'Netto 10,00', 'MwSt 19% 1,90', 'Brutto 11,90'])).toMatchObject({
      amount: { decimal: '11.90' },
      signal: 'label:total@3+subtotal-adds-up',
    });
  });
  it('never reads a count or a weight as money', () => {
    expect(findTotal(['Total items 3', 'Total 12.50'])?.amount.decimal).toBe('12.50');
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
