import type { Purchase } from '@warrantly/contract/purchases';

/** The purchase modals' fields as typed (dates YYYY-MM-DD, amount free text). */
export interface PurchaseFormValues {
  product_name: string;
  shop_name: string;
  purchase_date: string;
  price: string;
  warranty_expire_date: string;
}

export const EMPTY_PURCHASE_FORM: PurchaseFormValues = {
  product_name: '',
  shop_name: '',
  purchase_date: '',
  price: '',
  warranty_expire_date: '',
};

/** What is wrong with each field, in words, shown below it. */
export type PurchaseFormErrors = Partial<Record<keyof PurchaseFormValues, string>>;

/** Both modals' rule, the server's too: a warranty cannot end before the purchase. */
export function validatePurchaseDates(values: PurchaseFormValues): PurchaseFormErrors {
  const { purchase_date, warranty_expire_date } = values;
  if (purchase_date && warranty_expire_date && warranty_expire_date < purchase_date) {
    return { warranty_expire_date: 'Warranty date cannot be before the purchase date' };
  }
  return {};
}

/** Manual purchase rules (SPEC section 5): product name and date required; the rest optional. */
export function validateManualPurchase(values: PurchaseFormValues): PurchaseFormErrors {
  const errors: PurchaseFormErrors = validatePurchaseDates(values);
  if (!values.product_name.trim()) errors.product_name = 'Product name is required';
  if (!values.purchase_date) errors.purchase_date = 'Date is required';
  return errors;
}

/**
 * The fields a refused save names (the server's `fields`: an amount that is not money, say), for the
 * fields this form shows; empty when the refusal is about none of them.
 */
export function serverFieldErrors(error: unknown): PurchaseFormErrors {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  const fields = typeof data === 'object' && data !== null && 'fields' in data ? data.fields : null;
  if (typeof fields !== 'object' || fields === null) return {};
  const errors: PurchaseFormErrors = {};
  for (const key of Object.keys(EMPTY_PURCHASE_FORM) as (keyof PurchaseFormValues)[]) {
    const message = (fields as Record<string, unknown>)[key];
    if (typeof message === 'string') errors[key] = message;
  }
  return errors;
}

/** The errors still true after an edit: a field's error clears when that field changes (SPEC section 5). */
export function errorsAfterEdit(
  errors: PurchaseFormErrors,
  before: PurchaseFormValues,
  after: PurchaseFormValues,
): PurchaseFormErrors {
  const kept: PurchaseFormErrors = {};
  for (const [key, message] of Object.entries(errors) as [keyof PurchaseFormValues, string][]) {
    if (before[key] === after[key]) kept[key] = message;
  }
  return kept;
}

/** The create call's multipart body; new manual purchases are always 'Active'. */
export function createPurchaseBody(values: PurchaseFormValues, invoice: File | null): FormData {
  const body = new FormData();
  body.append('product_name', values.product_name.trim());
  body.append('purchase_date', values.purchase_date);
  body.append('shop_name', values.shop_name.trim());
  body.append('price', values.price.trim());
  body.append('warranty_expire_date', values.warranty_expire_date);
  body.append('warranty_status', 'Active');
  if (invoice) body.append('invoice', invoice);
  return body;
}

export function formValuesOf(purchase: Purchase): PurchaseFormValues {
  return {
    product_name: purchase.product_name,
    shop_name: purchase.shop_name ?? '',
    purchase_date: purchase.purchase_date ?? '',
    price: purchase.price ?? '',
    warranty_expire_date: purchase.warranty_expire_date ?? '',
  };
}

export type IntervalUnit = 'days' | 'weeks' | 'months' | 'years';
export const UNIT_DAYS: Record<IntervalUnit, number> = { days: 1, weeks: 7, months: 30, years: 365 };

/**
 * A replacement interval in days as the Edit modal shows it: the largest unit that divides it.
 * @example intervalOf(180) //=> { count: '6', unit: 'months' }
 */
export function intervalOf(days: number | null): { count: string; unit: IntervalUnit } {
  if (!days) return { count: '', unit: 'months' };
  for (const unit of ['years', 'months', 'weeks'] as const) {
    if (days % UNIT_DAYS[unit] === 0) return { count: String(days / UNIT_DAYS[unit]), unit };
  }
  return { count: String(days), unit: 'days' };
}

/** Days of an interval typed as a count and a unit; '' when empty (no recurring replacement). */
export function intervalDays(count: string, unit: IntervalUnit): string {
  const n = Number(count);
  if (!count.trim() || !Number.isInteger(n) || n <= 0) return '';
  return String(n * UNIT_DAYS[unit]);
}

export interface PartLink {
  parentId: string;
  every: string;
  unit: IntervalUnit;
}

/**
 * The update's multipart body. Every field of the modal is sent (the seed did so; an empty text clears
 * the value); `parent_id` and `replace_every_days` are sent empty to unlink.
 */
export function updatePurchaseBody(
  values: PurchaseFormValues,
  link: PartLink,
  invoice: File | null,
): FormData {
  const body = new FormData();
  body.append('product_name', values.product_name.trim());
  body.append('shop_name', values.shop_name.trim());
  body.append('purchase_date', values.purchase_date);
  body.append('price', values.price.trim());
  body.append('warranty_expire_date', values.warranty_expire_date);
  body.append('parent_id', link.parentId);
  body.append('replace_every_days', intervalDays(link.every, link.unit));
  if (invoice) body.append('invoice_pdf', invoice);
  return body;
}
