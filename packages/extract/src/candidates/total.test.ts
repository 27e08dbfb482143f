import { describe, expect, it } from 'vitest';
import { readText } from '../readers/text';
import { totalCandidates } from './total';

/** The features of the candidate with this value, read from a receipt written here. */
function featuresOf(receipt: string, value: string) {
  const found = totalCandidates(readText(receipt).doc).filter((c) => c.value === value);
  expect(found.length, `a candidate ${value}`).toBeGreaterThan(0);
  return Object.assign({}, ...found.map((c) => c.features)) as Record<string, number>;
}

describe('total candidates', () => {
  it('always offer "none", and only "none" on a document without amounts', () => {
    const candidates = totalCandidates(readText('Thank you for your message.\nWe will reply soon.').doc);
    expect(candidates.map((c) => c.value)).toEqual([null]);
  });

  it('mark a subtotal plus tax and service charge that adds up to the candidate', () => {
    const receipt = [
      'Noodles      12.00',
      'Tea           3.00',
      'SUBTOTAL     15.00',
      'SERVICE CHG   1.50',
      'GST           0.99',
      'GRAND TOTAL  17.49',
    ].join('\n');
    expect(featuresOf(receipt, '17.49')['sum:from_above']).toBe(1);
    expect(featuresOf(receipt, '15.00')['sum:from_above']).toBeUndefined();
  });

  it('mark the items that add up to the candidate', () => {
    const receipt = ['Bread   2.50', 'Milk    1.20', 'Eggs    3.30', 'Summe   7.00'].join('\n');
    expect(featuresOf(receipt, '7.00')['sum:items']).toBe(1);
    expect(featuresOf(receipt, '3.30')['sum:items']).toBeUndefined();
  });

  it('mark cash tendered minus change', () => {
    const receipt = ['Coffee   4.60', 'Total    4.60', 'Cash    10.00', 'Change   5.40'].join('\n');
    expect(featuresOf(receipt, '4.60')['sum:tendered-change']).toBe(1);
    expect(featuresOf(receipt, '10.00')['sum:tendered-change']).toBeUndefined();
  });

  it('mark the amount after a rounding line, not only the one before it', () => {
    const receipt = ['Total incl. tax   49.39', 'Rounding adj.      0.01', 'Total             49.40'].join(
      '\n',
    );
    expect(featuresOf(receipt, '49.40')['sum:from_above']).toBe(1);
  });

  it('mark net plus tax that makes the gross of a tax table row', () => {
    const receipt = ['Rate  Net    Tax   Gross', '19%   10.00  1.90  11.90', 'Total 11.90'].join('\n');
    expect(featuresOf(receipt, '11.90')['sum:net+tax']).toBe(1);
  });

  it('pair labels and amounts printed as two columns one after the other', () => {
    const receipt = ['Latte 3.50', 'TOTAL', 'CASH', 'CHANGE', '3.50', '5.00', '1.50'].join('\n');
    const total = totalCandidates(readText(receipt).doc).find((c) => c.line === 4);
    expect(total?.features['lex:role:total']).toBe(1);
    expect(total?.features['lay:label_from_column']).toBe(1);
  });

  it('read "45.000" also as forty-five thousand, for currencies without cents', () => {
    const values = totalCandidates(readText('Nasi goreng 45.000\nTotal 45.000').doc).map((c) => c.value);
    expect(values).toContain('45.00');
    expect(values).toContain('45000.00');
  });
});
