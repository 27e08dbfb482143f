import { describe, expect, it } from 'vitest';
import { isWebLink, partPrice, partText } from './part-display';

describe('part display', () => {
  it("puts $ before a bare price and 'N/A' for none", () => {
    expect(partPrice('12.50')).toBe('$12.50');
    expect(partPrice('€ 12,50')).toBe('€ 12,50');
    expect(partPrice(null)).toBe('N/A');
  });

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
