import { describe, expect, it } from 'vitest';
import { detectCurrency } from './locale';

describe('currency', () => {
  it('reads a bare $ as the dollar of the country the document names', () => {
    expect(detectCurrency('Maple Hardware\nToronto ON M5V 2T6\nHST #12345 6789\nTotal $45.20').currency).toBe(
      'CAD',
    );
    expect(detectCurrency('Harbour Cafe Pty Ltd  ABN 12 345 678 901\nTotal $9.50').currency).toBe('AUD');
    expect(detectCurrency('Deli on 5th\nNew York NY 10001\nMeeting at 10:00 HST\nTotal $9.50').currency).toBe(
      'USD',
    );
  });
  it('counts codes only beside amounts', () => {
    expect(detectCurrency('ACME SDN BHD\nTOTAL 12.00').currency).toBe('MYR');
    expect(detectCurrency('Total: 1.125,00 €').currency).toBe('EUR');
    expect(detectCurrency('Total $12.00', 'shop.example.ca').currency).toBe('CAD');
  });
});
