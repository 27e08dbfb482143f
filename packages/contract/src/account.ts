import { z } from 'zod';
import { Provider } from './auth';

/** `GET /api/v1/account/`: who is signed in and whether the app still reads their mailbox. */
export const AccountInfo = z.object({
  name: z.string(),
  email: z.string(),
  picture: z.string(),
  provider: Provider,
  mailbox: z.object({
    provider: Provider,
    /** The mailbox and calendar the app reads and writes: the account's own address. */
    address: z.string(),
    /** False after "Disconnect mailbox" or a revoked grant: no sync, no calendar writes until signing in again. */
    connected: z.boolean(),
    /** When the last mailbox sync finished (ISO 8601), or null when none has. */
    last_synced_at: z.string().nullable(),
  }),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

/** The files of `GET /api/v1/account/export/`, a ZIP; receipt files sit under `receipts/` by original name. */
export const EXPORT_FILES = {
  purchasesJson: 'purchases.json',
  purchasesCsv: 'purchases.csv',
  receiptsJson: 'receipts.json',
  remindersJson: 'reminders.json',
  settingsJson: 'settings.json',
  /** What waits for review or was rejected, and what Warrantly learned from the user's corrections. */
  reviewJson: 'review.json',
  receiptsFolder: 'receipts/',
} as const;

/** The export's download name for a `YYYY-MM-DD` date. @example exportFilename('2026-11-24') //=> 'warrantly-export-2026-11-24.zip' */
export function exportFilename(date: string): string {
  return `warrantly-export-${date}.zip`;
}

/** One entry of `reminders.json`: an event this app keeps on the user's calendar. */
export const ExportedReminder = z.object({
  title: z.string(),
  event_date: z.string(),
  /** 'custom' (set by hand), 'warranty' or 'part'. */
  kind: z.string(),
  provider: Provider,
  /** Repeats every so many days (replacement parts), or null. */
  repeat_every_days: z.number().int().nullable(),
});
export type ExportedReminder = z.infer<typeof ExportedReminder>;

/** One entry of `receipts.json`: which purchase a stored file belongs to and where it is in the ZIP. */
export const ExportedReceipt = z.object({
  order_id: z.string(),
  /** Path inside the ZIP (`receipts/…`), or null when the stored file could not be read. */
  path: z.string().nullable(),
  original_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  extraction_status: z.string(),
  uploaded_at: z.string(),
  /** 'pdf', 'photo' or 'email' (the message a synced purchase came from, as its .eml). */
  kind: z.string(),
  /** True for the document shown as the order's receipt; the others came later for the same order. */
  is_primary: z.boolean(),
});
export type ExportedReceipt = z.infer<typeof ExportedReceipt>;
