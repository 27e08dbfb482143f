import { z } from 'zod';
import { PageCursor, PageLimit, pageOf } from './purchases';

/** One replacement part under its main product, `GET /google-auth/google/main-product/`. */
export const Part = z.object({
  id: z.number().int(),
  product_name: z.string(),
  purchased_date: z.string().nullable(),
  store_link: z.string().nullable(),
  price: z.string().nullable(),
  /** The price as the server read it (as a purchase's `amount`, `currency`, `has_currency`). */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  has_currency: z.boolean(),
  /** When the part is next due, e.g. 'every 6 months, next 2027-03-01'; null without an interval. */
  timeline: z.string().nullable(),
});
export type Part = z.infer<typeof Part>;

/** A main product with its replacement parts, newest part first. */
export const MainProduct = z.object({
  main_product: z.string(),
  main_product_id: z.number().int(),
  products: z.array(Part),
});
export type MainProduct = z.infer<typeof MainProduct>;

export const MainProductList = z.object({ orders: z.array(MainProduct) });
export type MainProductList = z.infer<typeof MainProductList>;

/**
 * The query of the main-product lists when they answer a page (`limit` 1..100, default 6; a `cursor`
 * from a page, or `last`): main products newest first, as in the whole list.
 */
export const MainProductPageQuery = z.object({ limit: PageLimit, cursor: PageCursor.optional() });
export type MainProductPageQuery = z.input<typeof MainProductPageQuery>;
/** The query parameters that ask for a page of main products instead of the whole list. */
export const MAIN_PRODUCT_PAGE_PARAMS = ['limit', 'cursor'] as const;

/** A page of main products with their parts; `total` counts the main products. */
export const MainProductPage = pageOf(MainProduct);
export type MainProductPage = z.infer<typeof MainProductPage>;
