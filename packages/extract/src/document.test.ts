import { describe, expect, it } from 'vitest';
import { extractionFromDoc } from './document';
import { readText } from './readers/text';

const read = (lines: string[], cut = false, pages?: number) =>
  extractionFromDoc(readText(lines.join('\n')).doc, cut, pages);

describe('extractionFromDoc', () => {
  it('reads the fields of a printed document, says how, and keeps its text', () => {
    const got = read(['Latte 3.50', 'TOTAL 3.50']);
    expect(got).toMatchObject({
      kind: 'text',
      is_order: true,
      total: '3.50',
      products: [{ name: 'Latte', quantity: 1, price: '3.50' }],
      text: 'Latte 3.50\nTOTAL 3.50',
    });
    expect(got.signals).toContain('total:ranked total "TOTAL"');
    expect(got.confidence.total).toBeGreaterThan(0);
    expect(got.confidence.total).toBeLessThanOrEqual(1);
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
    expect(read(lines)).toMatchObject({ total: '45.20', currency: 'CAD' });
    expect(read(['Deli', 'Total $9.50']).currency).toBe('USD');
  });
  it('takes a PDF listing products for an order, a text without any amount not', () => {
    expect(read(['Invoice', 'Coffee maker off-white  20.00'], false, 1)).toMatchObject({
      is_order: true,
      pages: 1,
    });
    const text = read(['Dear customer,', 'your parcel is on its way.']);
    expect(text).toMatchObject({ total: null, is_order: false });
    expect(text).not.toHaveProperty('pages');
  });
  it('says when the line cap cut the document', () => {
    expect(read(['Invoice', 'Desk lamp  45.00'], true, 2).signals.at(-1)).toBe('text:cut');
  });
});
