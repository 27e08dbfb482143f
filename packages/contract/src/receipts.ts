import { z } from 'zod';
import { PageCursor, PageLimit, Purchase, pageOf, SearchText } from './purchases';

/** Extraction status of a receipt's document; `success` for a hand-made purchase with a file. */
export const ReceiptStatus = z.enum(['success', 'partial', 'failed']);
export type ReceiptStatus = z.infer<typeof ReceiptStatus>;

/**
 * An order's total as money, shaped as a purchase's price is (`price`, `amount`, `currency`,
 * `has_currency`), so it is shown the same way: the total the document printed; else a one-line order's
 * price as it stands; else the sum of the order's lines when every line has an amount and all share one
 * currency (never a sum across currencies); else all null. Without a stated currency
 * (`order_has_currency` false), the amount is in the user's default currency, as a bare price is.
 */
export const OrderMoney = z.object({
  /** The total as text: as printed, the one line's price as typed, or the lines' sum. */
  order_price: z.string().nullable(),
  order_amount: z.number().nullable(),
  order_currency: z.string().nullable(),
  order_has_currency: z.boolean(),
});
export type OrderMoney = z.infer<typeof OrderMoney>;

/**
 * One card of `GET /api/v1/invoice/`: the order's first line (its `shop_name` is the order's merchant),
 * how many lines the order has, and the order's total.
 */
export const ReceiptSummary = Purchase.extend({ line_count: z.number().int() }).extend(OrderMoney.shape);
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;

export const ReceiptList = z.object({
  orders: z.array(ReceiptSummary),
  total_invoice: z.number().int(),
  total_orders_this_month: z.number().int(),
  total_categories: z.number().int(),
});
export type ReceiptList = z.infer<typeof ReceiptList>;

/** `GET /api/v1/invoice/{order_id}/`: a receipt is an order with its lines and its file. */
export const ReceiptDetail = z.object({
  order_id: z.string(),
  merchant: z.string().nullable(),
  purchase_date: z.string().nullable(),
  order_total: z.string().nullable(),
  currency: z.string().nullable(),
  status: ReceiptStatus,
  category: z.string().nullable(),
  lines: z.array(Purchase),
  file: z.object({ name: z.string(), size: z.number().int(), mime: z.string() }).nullable(),
  /** What extraction read from the document, field by field, when it came from one. */
  extracted: z.record(z.string(), z.unknown()).nullable(),
  ...OrderMoney.shape,
});
export type ReceiptDetail = z.infer<typeof ReceiptDetail>;

/**
 * The photo types `POST /api/v1/receipt-photo/` reads (multipart field `file`, at most MAX_UPLOAD_BYTES);
 * the server tells them by their bytes, and refuses a file whose declared type is another one.
 */
export const RECEIPT_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/**
 * The query of `GET /api/v1/invoice/` when it answers a page (any of these given; empty ones count as
 * absent): newest first, `q` searched in the product names, shop names and order id of each receipt.
 */
export const ReceiptPageQuery = z.object({
  limit: PageLimit,
  cursor: PageCursor.optional(),
  q: SearchText.optional(),
});
export type ReceiptPageQuery = z.input<typeof ReceiptPageQuery>;
/** The query parameters that ask for a page of receipts instead of the whole list. */
export const RECEIPT_PAGE_PARAMS = ['limit', 'cursor', 'q'] as const;

/** A page of receipts; `total` counts the receipts matching `q`, the other two counts are the list's. */
export const ReceiptPage = pageOf(ReceiptSummary).extend({
  total_orders_this_month: z.number().int(),
  total_categories: z.number().int(),
});
export type ReceiptPage = z.infer<typeof ReceiptPage>;
