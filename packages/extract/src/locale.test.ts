import { describe, expect, it } from 'vitest';
import { detectCurrency } from './locale';

describe('currency', () => {
  it('counts codes only beside amounts', () => {
    expect(detectCurrency('ACME SDN BHD\nTOTAL 12.00').currency).toBe('MYR');
    expect(detectCurrency('Total: 1.125,00 €').currency).toBe('EUR');
    expect(detectCurrency('Total $12.00', 'shop.example.ca').currency).toBe('CAD');
  });
});
