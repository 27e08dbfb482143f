import { z } from 'zod';

/**
 * The one error shape every failing API call answers. `fields`, on some 400s, names each refused form
 * field (by its API name) with what is wrong in words, so a form can say it beside the field.
 * @example { message: 'Amount must be a number such as 49.90', code: 'invalid_input', fields: { price: 'Amount must be a number such as 49.90' } }
 */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** On a 409 `rejected_document`: what `POST /api/v1/review/restore/` takes to restore the document. */
  restore_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** True when `value` is a real calendar date written as YYYY-MM-DD. @example isRealDate('2026-02-30') //=> false */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date `YYYY-MM-DD` that exists (`2026-02-30` is refused). */
export const IsoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'is not a real calendar date');

/** Longest product, shop or category text the API keeps. */
export const MAX_TEXT = 500;
/** Longest receipt file the API takes, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** An order id in a path (`/invoice/{id}/`, `/review/{id}/accept/`…): text, as merchants print it. */
export const OrderIdParams = z.object({ id: z.string().min(1).max(200) });

/** A numeric id in a path; anything else is answered 404 by the server, never 500. */
export const IdParams = z.object({ id: z.coerce.number().int().positive() });
