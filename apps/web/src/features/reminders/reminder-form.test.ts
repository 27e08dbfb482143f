import { describe, expect, it } from 'vitest';
import { clearFieldError, validateReminder } from './reminder-form';

describe('validateReminder', () => {
  it('requires a product name that is not only spaces, and a date', () => {
    expect(validateReminder({ product_name: '   ', event_date: '' })).toEqual({
      product_name: 'Product name is required',
      event_date: 'Date is required',
    });
  });

  it('accepts a named reminder with a date', () => {
    expect(validateReminder({ product_name: 'Filter', event_date: '2026-11-30' })).toEqual({});
  });

  it("clears only the edited field's error", () => {
    const errors = { product_name: 'Product name is required', event_date: 'Date is required' };
    expect(clearFieldError(errors, 'product_name')).toEqual({ event_date: 'Date is required' });
  });
});
