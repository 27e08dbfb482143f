import { describe, expect, it } from 'vitest';
import {
  createPurchaseBody,
  EMPTY_PURCHASE_FORM,
  errorsAfterEdit,
  intervalDays,
  intervalOf,
  serverFieldErrors,
  updatePurchaseBody,
  validateManualPurchase,
  validatePurchaseDates,
} from './purchase-form';

describe('validateManualPurchase', () => {
  it('requires a product name and a date, nothing else', () => {
    expect(validateManualPurchase(EMPTY_PURCHASE_FORM)).toEqual({
      product_name: 'Product name is required',
      purchase_date: 'Date is required',
    });
    expect(
      validateManualPurchase({ ...EMPTY_PURCHASE_FORM, product_name: 'Kettle', purchase_date: '2026-11-01' }),
    ).toEqual({});
  });
});

describe('field errors', () => {
  const kettle = { ...EMPTY_PURCHASE_FORM, product_name: 'Kettle', purchase_date: '2026-11-01' };

  it('refuses a warranty that ends before the purchase, and takes one ending that day', () => {
    const message = 'Warranty date cannot be before the purchase date';
    expect(validatePurchaseDates({ ...kettle, warranty_expire_date: '2026-10-31' })).toEqual({
      warranty_expire_date: message,
    });
    expect(validateManualPurchase({ ...kettle, warranty_expire_date: '2026-10-31' })).toEqual({
      warranty_expire_date: message,
    });
    expect(validatePurchaseDates({ ...kettle, warranty_expire_date: '2026-11-01' })).toEqual({});
    expect(
      validatePurchaseDates({ ...kettle, purchase_date: '', warranty_expire_date: '2020-01-01' }),
    ).toEqual({});
  });

  it('takes the fields a refusal names, only those the form has', () => {
    const refusal = {
      status: 400,
      data: { message: 'x', code: 'invalid_input', fields: { price: 'Amount must be…', parent_id: 'No' } },
    };
    expect(serverFieldErrors(refusal)).toEqual({ price: 'Amount must be…' });
    expect(serverFieldErrors({ status: 500, data: { message: 'x' } })).toEqual({});
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });

  it('clears the error of a field once it is edited, keeping the others', () => {
    const errors = { price: 'Amount must be…', product_name: 'Product name is required' };
    expect(errorsAfterEdit(errors, kettle, { ...kettle, price: '4' })).toEqual({
      product_name: 'Product name is required',
    });
  });
});

describe('request bodies', () => {
  it("sends a new purchase as multipart with warranty_status 'Active' and the invoice", () => {
    const file = new File(['%PDF-1.4'], 'r.pdf', { type: 'application/pdf' });
    const body = createPurchaseBody(
      {
        product_name: ' Kettle ',
        shop_name: 'Shop',
        purchase_date: '2026-11-01',
        price: '€ 20',
        warranty_expire_date: '',
      },
      file,
    );
    expect(body.get('product_name')).toBe('Kettle');
    expect(body.get('warranty_status')).toBe('Active');
    expect(body.get('price')).toBe('€ 20');
    expect((body.get('invoice') as File).name).toBe('r.pdf');
  });

  it('sends the part link and interval in days, empty to unlink', () => {
    const linked = updatePurchaseBody(
      EMPTY_PURCHASE_FORM,
      { parentId: '7', every: '6', unit: 'months' },
      null,
    );
    expect(linked.get('parent_id')).toBe('7');
    expect(linked.get('replace_every_days')).toBe('180');
    expect(linked.get('invoice_pdf')).toBeNull();
    const unlinked = updatePurchaseBody(
      EMPTY_PURCHASE_FORM,
      { parentId: '', every: '', unit: 'months' },
      null,
    );
    expect(unlinked.get('parent_id')).toBe('');
    expect(unlinked.get('replace_every_days')).toBe('');
  });
});

describe('replacement intervals', () => {
  it('shows days in the largest unit that divides them', () => {
    expect(intervalOf(365)).toEqual({ count: '1', unit: 'years' });
    expect(intervalOf(90)).toEqual({ count: '3', unit: 'months' });
    expect(intervalOf(14)).toEqual({ count: '2', unit: 'weeks' });
    expect(intervalOf(10)).toEqual({ count: '10', unit: 'days' });
    expect(intervalOf(null)).toEqual({ count: '', unit: 'months' });
  });

  it('refuses counts that are not whole positive numbers', () => {
    expect(intervalDays('2', 'weeks')).toBe('14');
    expect(intervalDays('0', 'days')).toBe('');
    expect(intervalDays('1.5', 'days')).toBe('');
    expect(intervalDays('', 'days')).toBe('');
  });
});
