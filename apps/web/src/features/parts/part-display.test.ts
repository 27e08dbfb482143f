import { describe, expect, it } from 'vitest';
import { isWebLink, partPrice, partText } from './part-display';

/** A part's price fields as the server answers them (it reads the text with the extractor's parseAmount). */
const read = (price: string | null, amount: number | null = null, currency: string | null = null) => ({
  price,
  amount,
  currency,
});

describe('partPrice', () => {
  it("puts $ before a price in US dollars and 'N/A' for none", () => {
    expect(partPrice(read('12.50', 12.5, 'USD'))).toBe('$12.50');
    expect(partPrice(read('  8 ', 8, 'USD'))).toBe('$8.00');
    expect(partPrice(read('USD 24.99', 24.99, 'USD'))).toBe('$24.99');
    expect(partPrice(read(null))).toBe('N/A');
    expect(partPrice(read('  '))).toBe('N/A');
  });

  it('writes other currencies with their own symbol, or their code where they have none', () => {
    expect(partPrice(read('€ 12,50', 12.5, 'EUR'))).toBe('€12.50');
    expect(partPrice(read('EUR 1.299,00', 1299, 'EUR'))).toBe('€1,299.00');
    expect(partPrice(read('GBP 49.90', 49.9, 'GBP'))).toBe('£49.90');
    expect(partPrice(read('CAD 408.99', 408.99, 'CAD'))).toBe('CA$408.99');
    expect(partPrice(read('JPY 1200', 1200, 'JPY'))).toBe('¥1,200');
    expect(partPrice(read('CHF 19.90', 19.9, 'CHF'))).toBe('CHF\u00a019.90');
  });

  it('shows text the server could not read as a price as it was written', () => {
    expect(partPrice(read('free with the filter kit'))).toBe('free with the filter kit');
    expect(partPrice(read('€ 12 or less'))).toBe('€ 12 or less');
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
