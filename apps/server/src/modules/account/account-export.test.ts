import { describe, expect, it } from 'vitest';
import { csvCell, uniqueName } from './account-export';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Shop, "Best"')).toBe('"Shop, ""Best"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('leaves numbers alone: only text can carry a formula', () => {
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('uniqueName', () => {
  it('numbers names that collide, ignoring case', () => {
    const taken = new Set<string>();
    expect(uniqueName('receipt.pdf', taken)).toBe('receipt.pdf');
    expect(uniqueName('Receipt.PDF', taken)).toBe('Receipt (2).PDF');
    expect(uniqueName('receipt.pdf', taken)).toBe('receipt (3).pdf');
  });

  it('never names a file outside receipts/ or one Windows cannot store', () => {
    const taken = new Set<string>();
    expect(uniqueName('..', taken)).toBe('receipt.pdf');
    expect(uniqueName('.hidden.pdf', taken)).toBe('hidden.pdf');
    expect(uniqueName('a:b?.pdf', taken)).toBe('a_b_.pdf');
  });
});
