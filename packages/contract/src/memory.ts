import { z } from 'zod';

/**
 * One thing Warrantly learned from the user's corrections (Account: "Learned from your corrections"):
 * the shop name they prefer for a sender (an alias), or where a document of that sender prints its total
 * or date (an anchor). `keyed_by` says in words what it is tied to; `dropped` when corrections under that
 * key disagreed, so it is no longer used.
 */
export const LearnedEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['alias', 'anchor']),
  field: z.enum(['merchant', 'total', 'purchase_date']),
  /** The preferred shop name, or the last value corrected at the remembered place. */
  value: z.string().nullable(),
  keyed_by: z.string(),
  /** How many corrections taught it. */
  uses: z.number().int(),
  dropped: z.boolean(),
  updated_at: z.string(),
});
export type LearnedEntry = z.infer<typeof LearnedEntry>;

/** `GET /api/v1/memory/`: what was learned, newest first. */
export const LearnedList = z.object({ entries: z.array(LearnedEntry) });
export type LearnedList = z.infer<typeof LearnedList>;
