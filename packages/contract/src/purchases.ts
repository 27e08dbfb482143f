import { z } from 'zod';
import { IsoDate, MAX_TEXT } from './common';

/**
 * Derived when read: `Expired` past the warranty date, `Expiring_Soon` within 30 days, `Active` later;
 * `No_Warranty` when the purchase has no warranty date (none printed, estimated or entered). The seed
 * shows any value but its three as "anything else" (yellow).
 */
export const WarrantyStatus = z.enum(['Active', 'Expiring_Soon', 'Expired', 'No_Warranty']);
export type WarrantyStatus = z.infer<typeof WarrantyStatus>;

/** Where a purchase came from. */
export const PurchaseSource = z.enum(['manual', 'gmail', 'outlook', 'pdf']);
export type PurchaseSource = z.infer<typeof PurchaseSource>;

/**
 * `pending`: an automatically read purchase waits for the user's look (the review inbox); `accepted`: the
 * user looked; null: typed by the user, or read well enough to need no look.
 */
export const ReviewState = z.enum(['pending', 'accepted']);
export type ReviewState = z.infer<typeof ReviewState>;

/**
 * A purchase as the API answers it: the seed's fields (id ... category) plus what the server knows.
 * `price` is the text as typed or extracted; `amount`/`currency` are what the server parsed from it
 * (`has_currency` is false for a bare number, which is then in the user's default currency; a bare number
 * edited into a purchase stated in a currency keeps that currency, and `has_currency` stays true).
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
  /** Additive to the seed: the review state of an automatically read purchase ("to review" in the lists). */
  review_state: ReviewState.nullable(),
});
export type Purchase = z.infer<typeof Purchase>;

// Messages start with the field's label (PURCHASE_FIELD_LABELS) or are fragments said after it.
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

/** The purchase forms' fields as their labels name them: the server's messages about them use these words. */
export const PURCHASE_FIELD_LABELS: Readonly<Record<string, string>> = {
  product_name: 'Product name',
  shop_name: 'Store name',
  purchase_date: 'Purchase date',
  price: 'Amount',
  warranty_expire_date: 'Warranty date',
  category: 'Category',
  store_link: 'Store link',
  parent_id: 'Part of',
  replace_every_days: 'Replace every',
};

/** The multipart text fields of `POST /api/v1/orders/create/` (the file is the `invoice` part). */
export const PurchaseCreate = z.object({
  product_name: text('Product name').min(1, 'Product name is required'),
  purchase_date: IsoDate,
  shop_name: optionalText('Store name'),
  /** Free text, but it must read as money ('49,90', '€ 49.90', '1.299,00', 'CA$ 12'): the server says so. */
  price: optionalText('Amount'),
  warranty_expire_date: optionalDate,
  /** The seed always sends 'Active'; status is derived from the warranty date when read, so it is ignored. */
  warranty_status: z.string().max(40).optional(),
  category: optionalText('Category'),
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
  product_name: text('Product name').min(1, 'Product name cannot be empty'),
  purchase_date: optionalDate,
}).partial();
export type PurchaseUpdate = z.infer<typeof PurchaseUpdate>;

/**
 * `GET /api/v1/user-orders/total-price/`: each currency's own sum (`by_currency`, never added across
 * currencies) and, as the seed's `total_purchase_price`, the sum in `currency`: the user's default
 * currency, or, when none of their amounts is in it, the currency most of them are in.
 */
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

/**
 * How a page of purchases is ordered; each breaks ties by id. `date_desc` is the unparameterised list's
 * order (newest first, newest row first on the same day). Purchases without a date, or without an amount
 * the server could read, come last in both directions. Names compare ignoring case. `warranty_end` is the
 * Warranties page's order and holds only purchases with a warranty date: warranties still running, the
 * soonest-ending first, then the expired ones, the most recently ended first.
 */
export const PurchaseSort = z.enum([
  'date_desc',
  'date_asc',
  'price_desc',
  'price_asc',
  'name_asc',
  'name_desc',
  'warranty_end',
]);
export type PurchaseSort = z.infer<typeof PurchaseSort>;

/** Rows a page holds unless `limit` says otherwise, and the most it may ask for. */
export const PAGE_LIMIT_DEFAULT = 6;
export const PAGE_LIMIT_MAX = 100;
/** The `cursor` that asks for the last page, cut so pages line up with those of the walk from the start. */
export const LAST_PAGE_CURSOR = 'last';

const limitMessage = `must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;
/** `limit` of a paged list: 1..100, default 6. */
export const PageLimit = z.coerce
  .number({ error: limitMessage })
  .int(limitMessage)
  .min(1, limitMessage)
  .max(PAGE_LIMIT_MAX, limitMessage)
  .default(PAGE_LIMIT_DEFAULT);
/** An opaque `cursor` from a page's `next_cursor` or `prev_cursor`, or `last`. */
export const PageCursor = z.string().min(1).max(1000, 'is not a cursor this list gave');

/**
 * A keyset page of `item`s: `total` counts every item matching the filters; `next_cursor` and
 * `prev_cursor` (null at either end) fetch the neighbouring pages with the same filters and sort.
 */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable(),
    total: z.number().int(),
  });
}
/** `q`: text searched, ignoring case, in product names, shop names and order ids. */
export const SearchText = z.string().trim().max(100, 'must be at most 100 characters');

/**
 * The query of `GET /api/v1/user-orders/` when it answers a page: any of these parameters turns the
 * answer from the whole array into a `PurchasePage`; empty ones count as absent. `from`/`to` bound the
 * purchase date, both included; `status` is the warranty status as of today; `store` is a shop name.
 */
export const PurchasePageQuery = z
  .object({
    limit: PageLimit,
    cursor: PageCursor.optional(),
    sort: PurchaseSort.default('date_desc'),
    q: SearchText.optional(),
    status: WarrantyStatus.optional(),
    store: z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`).optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be after to',
    path: ['from'],
  });
export type PurchasePageQuery = z.input<typeof PurchasePageQuery>;
/** The query parameters that ask for a page instead of the whole list. */
export const PURCHASE_PAGE_PARAMS = [
  'limit',
  'cursor',
  'sort',
  'q',
  'status',
  'store',
  'from',
  'to',
] as const;

/**
 * A page of purchases: `total` counts every purchase matching the filters; `next_cursor` and `prev_cursor`
 * (null at either end) fetch the neighbouring pages with the same filters and sort.
 */
export const PurchasePage = pageOf(Purchase);
export type PurchasePage = z.infer<typeof PurchasePage>;
