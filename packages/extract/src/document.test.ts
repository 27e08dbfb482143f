import { describe, expect, it } from 'vitest';
import { extractionFromLines } from './document';

describe('extractionFromLines', () => {
  it('reads the fields of a printed document and keeps its text', () => {
    expect(extractionFromLines('text', { lines: ['Latte 3.50', 'TOTAL 3.50'], cut: false })).toMatchObject({
      kind: 'text',
      is_order: true,
      total: '3.50',
      products: [{ name: 'Latte', quantity: 1, price: '3.50' }],
      signals: ['total:label:total@1'],
      text: 'Latte 3.50\nTOTAL 3.50',
    });
  });
  it('reads a bare $ as the dollar of the country whose tax registration the receipt prints', () => {
    const lines = [
      'Maple Hardware',
      'Toronto ON M5V 2T6',
      'HST # 81234 5678',
      'Hammer $40.00',
      'HST $5.20',
      'Total $45.20',
    ];
    expect(extractionFromLines('text', { lines, cut: false })).toMatchObject({
      total: '45.20',
      currency: 'CAD',
    });
    expect(extractionFromLines('text', { lines: ['Deli', 'Total $9.50'], cut: false }).currency).toBe('USD');
  });
  it('takes a PDF listing products without a total for an order, a till receipt not', () => {
    const lines = ['Coffee maker off-white  20.00'];
    const pdf = extractionFromLines('pdf', { lines, cut: false }, 1);
    const text = extractionFromLines('text', { lines, cut: false });
    expect(pdf).toMatchObject({ total: null, is_order: true, pages: 1 });
    expect(text).toMatchObject({ total: null, is_order: false });
    expect(text).not.toHaveProperty('pages');
  });
  it('says when the line cap cut the document', () => {
    const read = extractionFromLines('pdf', { lines: ['Invoice', 'Desk lamp  45.00'], cut: true }, 2);
    expect(read.signals.at(-1)).toBe('text:cut');
  });
});
