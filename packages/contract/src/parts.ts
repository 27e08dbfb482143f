import { z } from 'zod';

/** One replacement part under its main product, `GET /google-auth/google/main-product/`. */
export const Part = z.object({
  id: z.number().int(),
  product_name: z.string(),
  purchased_date: z.string().nullable(),
  store_link: z.string().nullable(),
  price: z.string().nullable(),
  /** When the part is next due, e.g. 'every 6 months, next 2027-03-01'; null without an interval. */
  timeline: z.string().nullable(),
});
export type Part = z.infer<typeof Part>;

export const MainProductList = z.object({
  orders: z.array(
    z.object({ main_product: z.string(), main_product_id: z.number().int(), products: z.array(Part) }),
  ),
});
export type MainProductList = z.infer<typeof MainProductList>;
