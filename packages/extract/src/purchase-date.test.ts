import { describe, expect, it } from 'vitest';
import { findPurchaseDate } from './purchase-date';

describe('findPurchaseDate', () => {
  it('takes the date labelled as the order date over an earlier delivery date', () => {
    expect(findPurchaseDate(['Delivery 12/03/2025', 'Order date: 10/03/2025'], 'dmy')).toMatchObject({
      date: '2025-03-10',
      signal: 'label:purchase-date@1',
    });
  });
  it('reads the date on the line under its label, in the document’s day order', () => {
    expect(findPurchaseDate(['Order date:', '03/04/2025'], 'mdy')?.date).toBe('2025-03-04');
    expect(findPurchaseDate(['Invoice date 03/04/2025'], 'dmy')?.date).toBe('2025-04-03');
  });
  it('trusts an unambiguous date more than one that could be read either way', () => {
    expect(findPurchaseDate(['Order date 2025-03-04'], 'dmy')?.confidence).toBe(0.9);
    expect(findPurchaseDate(['Order date 03/04/2025'], 'dmy')?.confidence).toBeCloseTo(0.6);
  });
  it('falls back on a bare "Date" label, then on the first date that is not a due date', () => {
    expect(findPurchaseDate(['Date 2025-01-15'], 'dmy')).toEqual({
      date: '2025-01-15',
      confidence: 0.7,
      signal: 'label:date@0',
    });
    expect(findPurchaseDate(['Due date 2025-02-15', 'Thanks 2025-01-15'], 'dmy')).toEqual({
      date: '2025-01-15',
      confidence: 0.6,
      signal: 'first-date',
    });
  });
  it('returns null without a date', () => {
    expect(findPurchaseDate(['Nothing here'], 'dmy')).toBeNull();
  });
});
