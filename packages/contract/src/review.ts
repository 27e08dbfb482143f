import { z } from 'zod';
import { Purchase, ReviewState } from './purchases';

export { ReviewState };

/**
 * The fields a review looks at. `products` and `amounts` are about the order as a whole: no product line
 * was read, or the lines and the total do not add up.
 */
export const ReviewField = z.enum(['merchant', 'purchase_date', 'total', 'currency', 'products', 'amounts']);
export type ReviewField = z.infer<typeof ReviewField>;

/** Why an automatically read purchase waits for the user's look. */
export const ReviewReasonCode = z.enum([
  /** The field was read, but its calibrated confidence is below the field's threshold. */
  'low_confidence',
  /** The field was not found in the document. */
  'missing',
  /** No product line was read: the purchase is named after its document. */
  'no_product_line',
  /** The lines' amounts do not add up to the printed total. */
  'amounts_disagree',
]);
export type ReviewReasonCode = z.infer<typeof ReviewReasonCode>;

export const ReviewReason = z.object({
  field: ReviewField,
  code: ReviewReasonCode,
  /** The reason in words, for the screen: "The total was read with low confidence (62 %)". */
  message: z.string(),
});
export type ReviewReason = z.infer<typeof ReviewReason>;

/** One field of a review item, as read, with how sure extraction was (null where it gave no figure). */
export const ReviewFieldValue = z.object({
  field: ReviewField,
  value: z.string().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  /** Set when this field is one the user should check; `reason` then says why in words. */
  needs_review: z.boolean(),
  reason: z.string().nullable(),
});
export type ReviewFieldValue = z.infer<typeof ReviewFieldValue>;

/** How a document of a purchase is shown: a PDF page, a photo, or an e-mail. */
export const DocumentKind = z.enum(['pdf', 'photo', 'email']);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** One document of a purchase (`GET /api/v1/purchases/{order_id}/documents/`). */
export const PurchaseDocument = z.object({
  id: z.number().int(),
  kind: DocumentKind,
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** The document shown as the order's receipt; the others came later for the same order. */
  is_primary: z.boolean(),
  created_at: z.string(),
});
export type PurchaseDocument = z.infer<typeof PurchaseDocument>;

export const PurchaseDocumentList = z.object({
  documents: z.array(PurchaseDocument),
  /**
   * Why an automatically read purchase has no document to show, when it has none: `not_kept` for a
   * purchase synced before messages were kept whose message could not be fetched again.
   */
  missing_source: z.enum(['not_kept']).nullable(),
});
export type PurchaseDocumentList = z.infer<typeof PurchaseDocumentList>;

/**
 * An e-mail document as the app shows it (`GET /api/v1/documents/{id}/email/`): its headers, its plain
 * text, and its HTML as the sender wrote it. The HTML is never shown as is: the web app sanitises it
 * (DOMPurify), loads nothing remote and shows links as text.
 */
export const EmailView = z.object({
  subject: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  date: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  /** Attachments by name, type and size (their bytes stay in the downloaded .eml). */
  attachments: z.array(z.object({ filename: z.string(), mime: z.string(), size: z.number().int() })),
});
export type EmailView = z.infer<typeof EmailView>;

/** A purchase waiting in the review inbox: the order, its lines, its fields with their confidence. */
export const ReviewItem = z.object({
  order_id: z.string(),
  /** Where it was read from. */
  channel: z.enum(['gmail', 'outlook', 'pdf', 'photo']),
  created_at: z.string(),
  reasons: z.array(ReviewReason),
  fields: z.array(ReviewFieldValue),
  lines: z.array(Purchase),
  documents: z.array(PurchaseDocument),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

/** A rejected document's tombstone, listed for 30 days with Restore. */
export const RejectedItem = z.object({
  /** Opaque; what `POST /api/v1/review/restore/` takes. */
  id: z.string(),
  kind: DocumentKind,
  rejected_at: z.string(),
  /** The day after which the tombstone is gone and Restore no longer offered. */
  restorable_until: z.string(),
});
export type RejectedItem = z.infer<typeof RejectedItem>;

/** `GET /api/v1/review/`: the inbox, oldest first, and what was rejected in the last 30 days. */
export const ReviewInbox = z.object({
  items: z.array(ReviewItem),
  /** Purchases waiting in all (the sidebar badge); `items` holds at most 100 of them. */
  pending_count: z.number().int(),
  rejected: z.array(RejectedItem),
  /** Whether purchases waiting for review count in the totals (Account setting). */
  count_pending_in_totals: z.boolean(),
});
export type ReviewInbox = z.infer<typeof ReviewInbox>;

/** `GET /api/v1/review/count/`: how many purchases wait (the sidebar badge and the dashboard notice). */
export const ReviewCount = z.object({ pending_count: z.number().int() });
export type ReviewCount = z.infer<typeof ReviewCount>;

/** Most orders one bulk action takes. */
export const MAX_BULK = 100;

/** `POST /api/v1/review/accept/` and `/reject/`: the orders acted on, by order id. */
export const ReviewBulkBody = z.object({
  order_ids: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'Choose at least one purchase')
    .max(MAX_BULK, `At most ${MAX_BULK} purchases at once`),
});
export type ReviewBulkBody = z.infer<typeof ReviewBulkBody>;

/** `POST /api/v1/review/restore/`: the tombstones to lift, by their `RejectedItem.id`. */
export const RestoreBody = z.object({
  ids: z
    .array(z.string().trim().min(1).max(300))
    .min(1, 'Choose at least one document')
    .max(MAX_BULK, `At most ${MAX_BULK} documents at once`),
});
export type RestoreBody = z.infer<typeof RestoreBody>;

/** What a bulk action did: how many of the orders named it changed (others were not waiting, or gone). */
export const ReviewActionResult = z.object({ changed: z.number().int() });
export type ReviewActionResult = z.infer<typeof ReviewActionResult>;

/** `PUT /api/v1/review/settings/`: whether purchases waiting for review count in the totals. */
export const ReviewSettings = z.object({ count_pending_in_totals: z.boolean() });
export type ReviewSettings = z.infer<typeof ReviewSettings>;

/** How long a rejection is remembered (and can be restored). */
export const REJECTION_DAYS = 30;
