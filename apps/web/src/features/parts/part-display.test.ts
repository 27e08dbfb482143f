import { describe, expect, it } from 'vitest';
import { isWebLink, partPrice, partText, readNumber } from './part-display';

describe('partPrice', () => {
  it("puts $ before a bare price and 'N/A' for none", () => {
    expect(partPrice('12.50')).toBe('$12.50');
    expect(partPrice('  8 ')).toBe('$8.00');
    expect(partPrice(null)).toBe('N/A');
    expect(partPrice('  ')).toBe('N/A');
  });

  it('writes a price in US dollars with $, however the text names the currency', () => {
    expect(partPrice('USD 24.99')).toBe('$24.99');
    expect(partPrice('24.99 USD')).toBe('$24.99');
    expect(partPrice('$1,299.00')).toBe('$1,299.00');
    expect(partPrice('US$ 5')).toBe('$5.00');
  });

  it('writes other currencies with their own symbol, or their code where they have none', () => {
    expect(partPrice('€ 12,50')).toBe('€12.50');
    expect(partPrice('EUR 1.299,00')).toBe('€1,299.00');
    expect(partPrice('12,50 €')).toBe('€12.50');
    expect(partPrice('GBP 49.90')).toBe('£49.90');
    expect(partPrice('CAD 408.99')).toBe('CA$408.99');
    expect(partPrice('JPY 1200')).toBe('¥1,200');
    expect(partPrice('CHF 19.90')).toBe('CHF\u00a019.90');
  });

  it('shows text that is no price as it was written', () => {
    expect(partPrice('free with the filter kit')).toBe('free with the filter kit');
    expect(partPrice('USD')).toBe('USD');
    expect(partPrice('€ 12 or less')).toBe('€ 12 or less');
  });
});

describe('readNumber', () => {
  it('reads either decimal mark and drops the grouping', () => {
    expect(readNumber('1,299.00')).toBe(1299);
    expect(readNumber('1.299,00')).toBe(1299);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber('1,299')).toBe(1299);
    expect(readNumber('1,000,000')).toBe(1_000_000);
    expect(readNumber('12.')).toBeNull();
    expect(readNumber('abc')).toBeNull();
  });
});

describe('part texts', () => {
  it('shows the missing-value words of the seed', () => {
    expect(partText(null, 'null')).toBe('null');
    expect(partText('', 'Not Provided')).toBe('Not Provided');
    expect(partText('Every 2 months', 'Not Provided')).toBe('Every 2 months');
  });

  it('links only web addresses', () => {
    expect(isWebLink('https://example.com/filter')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink(null)).toBe(false);
  });
});
