import { z } from 'zod';
import { IsoDate, MAX_TEXT } from './common';

/** Derived when read: `Expired` past the warranty date, `Expiring_Soon` within 30 days, else `Active`. */
export const WarrantyStatus = z.enum(['Active', 'Expiring_Soon', 'Expired']);
export type WarrantyStatus = z.infer<typeof WarrantyStatus>;

/** Where a purchase came from. */
export const PurchaseSource = z.enum(['manual', 'gmail', 'outlook', 'pdf']);
export type PurchaseSource = z.infer<typeof PurchaseSource>;

/**
 * A purchase as the API answers it: the seed's fields (id ... category) plus what the server knows.
 * `price` is the text as typed or extracted; `amount`/`currency` are what the server parsed from it
 * (`has_currency` is false for a bare number, which is then in the user's default currency).
 */
export const Purchase = z.object({
  id: z.number().int(),
  order_id: z.string(),
  product_name: z.string(),
  shop_name: z.string().nullable(),
  purchase_date: z.string().nullable(),
  price: z.string().nullable(),
  warranty_expire_date: z.string().nullable(),
  warranty_status: WarrantyStatus,
  /** The extraction status of the purchase's document (`success`, `partial`, `failed`) or `manual`. */
  status: z.string(),
  category: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  has_currency: z.boolean(),
  order_total: z.string().nullable(),
  source: PurchaseSource,
  warranty_estimated: z.boolean(),
  parent_id: z.number().int().nullable(),
  replace_every_days: z.number().int().nullable(),
  store_link: z.string().nullable(),
  has_file: z.boolean(),
});
export type Purchase = z.infer<typeof Purchase>;

const text = (label: string) =>
  z.string().trim().max(MAX_TEXT, `${label} must be at most ${MAX_TEXT} characters`);
const optionalText = (label: string) =>
  z.preprocess((v) => (v === '' || v === 'null' ? null : v), text(label).nullable().optional());
const optionalDate = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  IsoDate.nullable().optional(),
);
const optionalInt = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === 'null' ? null : v),
    z.coerce.number().int().positive().max(max).nullable().optional(),
  );
const storeLink = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  z
    .string()
    .trim()
    .max(2000)
    .refine((s) => /^https?:\/\//i.test(s), 'must be an http or https link')
    .nullable()
    .optional(),
);

/** The multipart text fields of `POST /api/v1/orders/create/` (the file is the `invoice` part). */
export const PurchaseCreate = z.object({
  product_name: text('product_name').min(1, 'Product name is required'),
  purchase_date: IsoDate,
  shop_name: optionalText('shop_name'),
  price: optionalText('price'),
  warranty_expire_date: optionalDate,
  /** The seed always sends 'Active'; status is derived when read, so the value is ignored. */
  warranty_status: z.string().max(40).optional(),
  category: optionalText('category'),
  store_link: storeLink,
  parent_id: optionalInt(2_147_483_647),
  replace_every_days: optionalInt(3650),
});
export type PurchaseCreate = z.infer<typeof PurchaseCreate>;

/**
 * `PUT /api/v1/user-orders/update/{id}/`: the create form's fields, every one optional; only those sent
 * change (file: `invoice_pdf`). A sent product name still may not be empty, and the date may be cleared.
 */
export const PurchaseUpdate = PurchaseCreate.extend({
  product_name: text('product_name').min(1, 'Product name cannot be empty'),
  purchase_date: optionalDate,
}).partial();
export type PurchaseUpdate = z.infer<typeof PurchaseUpdate>;

/** `GET /api/v1/user-orders/total-price/`: the sum in the user's main currency, and each currency's own sum. */
export const TotalPrice = z.object({
  total_purchase_price: z.number(),
  currency: z.string(),
  by_currency: z.record(z.string(), z.number()),
});
export type TotalPrice = z.infer<typeof TotalPrice>;

export const ActiveWarrantyCount = z.object({ total_active_products: z.number().int() });
export type ActiveWarrantyCount = z.infer<typeof ActiveWarrantyCount>;

export const UpcomingWarrantyCount = z.object({ total_upcoming_warranty: z.number().int() });
export type UpcomingWarrantyCount = z.infer<typeof UpcomingWarrantyCount>;
