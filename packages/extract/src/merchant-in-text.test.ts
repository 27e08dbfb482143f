import { describe, expect, it } from 'vitest';
import { findMerchantInText } from './merchant-in-text';

describe('findMerchantInText', () => {
  it('joins a legal name wrapped over lines until its brackets balance', () => {
    expect(findMerchantInText(['RIVERSIDE TRADING (NORTH', 'BAY) SDN BHD', 'NO. 5, JALAN BESAR'])?.name).toBe(
      'RIVERSIDE TRADING (NORTH BAY) SDN BHD',
    );
  });
  it('takes a name with a legal form, with more confidence', () => {
    expect(findMerchantInText(['INVOICE', 'Brightline Electronics Ltd', '12 High Street'])).toEqual({
      name: 'Brightline Electronics Ltd',
      confidence: 0.8,
      signal: 'legal-name@1',
    });
  });
  it('finds a legal name printed at the foot of a till receipt', () => {
    expect(findMerchantInText(['Order 123', 'Kettle 20.00', 'Thank you', 'Acme Home GmbH'])?.name).toBe(
      'Acme Home GmbH',
    );
  });
  it('otherwise takes the first line that reads like a name', () => {
    expect(findMerchantInText(['Corner Cafe', 'Latte 3.50', 'TOTAL 3.50'])).toEqual({
      name: 'Corner Cafe',
      confidence: 0.5,
      signal: 'header-line@0',
    });
  });
  it('skips the buyer’s name and address after "Bill to"', () => {
    const lines = ['Bill to:', 'Sam Rivera', '1 Elm Road', 'Town', 'Country', 'Acme Tools'];
    expect(findMerchantInText(lines)?.name).toBe('Acme Tools');
  });
  it('returns null when every line is a label or a number', () => {
    expect(findMerchantInText(['Tel: 555 0100', 'Invoice no 42'])).toBeNull();
  });
});
