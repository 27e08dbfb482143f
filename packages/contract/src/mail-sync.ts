import { z } from 'zod';
import { Purchase } from './purchases';

/** What one mailbox sync did; `items` are the purchases it created or updated, with their message. */
export const SyncSummary = z.object({
  scanned: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  items: z.array(Purchase.extend({ subject: z.string().nullable(), message_date: z.string().nullable() })),
});
export type SyncSummary = z.infer<typeof SyncSummary>;
