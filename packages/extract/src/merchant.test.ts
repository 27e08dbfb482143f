import { describe, expect, it } from 'vitest';
import { cleanMerchant, merchantFromDomain } from './merchant';

describe('merchant names', () => {
  it('come from domains and cleaned seller lines', () => {
    expect(merchantFromDomain('mail.brightline-electronics.example.co.uk')).toBe('Brightline Electronics');
    expect(merchantFromDomain('gmail.com')).toBeNull();
    expect(cleanMerchant('Sold by: Amazon.com')).toBe('Amazon');
    expect(cleanMerchant('AEON CO. (M) BHD. (126926-H)')).toBe('AEON CO. (M) BHD.');
    expect(cleanMerchant('#000417 KEDAI RUNCIT SRI MAJU S/B')).toBe('KEDAI RUNCIT SRI MAJU S/B');
  });
});
