import {
  REJECTION_DAYS,
  type RejectedItem,
  type ReviewActionResult,
  type ReviewFieldValue,
  type ReviewInbox,
  type ReviewItem,
  ReviewReason,
} from '@warrantly/contract/review';
import { z } from 'zod';
import { timestamp } from '../../dates';
import type { Db, RejectionsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProviderName } from '../../providers/endpoints';
import type { ChangeNotifier } from '../../user-data-changes';
import { askToRefetch } from '../mail-sync/refetch.service';
import { learn } from '../memory/memory.service';
import { findPurchases, noteDataChanged } from '../purchases/purchases.service';
import {
  documentsOf,
  type FileStoreDeps,
  forgetFiles,
  openExtraction,
  orderExtraction,
  withStoredFile,
} from '../receipts/receipt-files.service';
import { toPurchaseDocument } from '../receipts/receipts.service';
import { fileRejectionKey, messageRejectionKey, rejectionHorizon } from './rejections.service';
import * as repo from './review.repository';

export type ReviewDeps = FileStoreDeps & ChangeNotifier;

/** Most items the inbox answers at once; the count says how many wait in all. */
const INBOX_ITEMS = 100;

const PROVIDER_OF_SOURCE: Record<string, ProviderName> = { gmail: 'google', outlook: 'microsoft' };

const storedReasons = (json: string | null): ReviewReason[] => {
  if (!json) return [];
  const parsed = z.array(ReviewReason).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
};

const confidenceOf = (extracted: Record<string, unknown> | null, field: string): number | null => {
  const value = (extracted?.confidence as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : null;
};

/** The inbox: what waits (oldest first), how many wait in all, and what was rejected in the last 30 days. */
export async function reviewInbox(deps: FileStoreDeps, userId: string, now: Date): Promise<ReviewInbox> {
  const { db } = deps;
  const orderIds = await repo.pendingOrders(db, userId, INBOX_ITEMS);
  const rows = await repo.reviewRows(db, userId, orderIds);
  const lines = await findPurchases(db, userId, { ids: rows.map((r) => r.id) }, now);
  const documents = await documentsOf(db, userId, orderIds);
  const items = orderIds.flatMap((orderId): ReviewItem[] => {
    const orderRows = rows.filter((r) => r.order_id === orderId);
    const first = orderRows[0];
    const orderLines = lines.filter((l) => l.order_id === orderId);
    const head = orderLines[0];
    if (!first || !head) return [];
    const docs = documents.filter((d) => d.order_id === orderId);
    const primary = docs.find((d) => d.is_primary === 1) ?? docs[0];
    // The confidences shown are those of the reading the purchase was made from: a synced order's message
    // (which took what its attached invoice said), else its receipt.
    const read =
      (first.source === 'gmail' || first.source === 'outlook'
        ? docs.find((d) => d.kind === 'email')
        : null) ?? primary;
    const extracted = read ? openExtraction(deps.encryptionKey, read) : null;
    const reasons = storedReasons(first.review_reasons);
    const field = (name: ReviewFieldValue['field'], value: string | null): ReviewFieldValue => {
      const reason = reasons.find((r) => r.field === name);
      return {
        field: name,
        value,
        confidence: confidenceOf(extracted, name),
        needs_review: reason !== undefined,
        reason: reason?.message ?? null,
      };
    };
    const channel =
      first.source === 'gmail' || first.source === 'outlook'
        ? first.source
        : primary?.kind === 'photo'
          ? 'photo'
          : 'pdf';
    return [
      {
        order_id: orderId,
        channel,
        created_at: first.created_at,
        reasons,
        fields: [
          field('merchant', head.shop_name),
          field('purchase_date', head.purchase_date),
          field('total', head.order_total),
          field('currency', head.currency),
        ],
        lines: orderLines,
        documents: docs.map(toPurchaseDocument),
      },
    ];
  });
  const horizon = rejectionHorizon(now);
  const rejected = (await repo.listRejections(db, userId, horizon)).map(toRejectedItem);
  return {
    items,
    pending_count: await repo.countPending(db, userId),
    rejected,
    count_pending_in_totals: await repo.countsPending(db, userId),
  };
}

function toRejectedItem(row: RejectionsTable): RejectedItem {
  const until = new Date(Date.parse(row.rejected_at) + REJECTION_DAYS * 86_400_000);
  return {
    id: row.source_key,
    kind: row.kind,
    rejected_at: row.rejected_at,
    restorable_until: until.toISOString().slice(0, 10),
  };
}

export async function pendingCount(db: Db, userId: string): Promise<number> {
  return repo.countPending(db, userId);
}

/** Accepts the waiting orders named (the user looked at them); answers how many changed. */
export async function acceptOrders(
  deps: ReviewDeps,
  userId: string,
  orderIds: readonly string[],
  now: Date,
): Promise<ReviewActionResult> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const rows = (await repo.reviewRows(trx, userId, orderIds)).filter((r) => r.review_state === 'pending');
    const waiting = [...new Set(rows.map((r) => r.order_id))];
    if (waiting.length === 0) return 0;
    // Accepting confirms the fields as they stand now (edited or not): memory learns them.
    const lines = await findPurchases(trx, userId, { ids: rows.map((r) => r.id) }, now);
    for (const orderId of waiting) {
      const head = lines.find((l) => l.order_id === orderId);
      if (!head) continue;
      const extraction = await orderExtraction(trx, deps.encryptionKey, userId, orderId);
      await learn(
        trx,
        deps.encryptionKey,
        userId,
        extraction,
        {
          merchant: head.shop_name,
          purchase_date: head.purchase_date,
          total: head.order_total,
        },
        now,
      );
    }
    const n = await repo.acceptOrders(trx, userId, waiting, timestamp(now));
    await noteDataChanged(trx, userId);
    return n;
  });
  if (changed > 0) deps.onUserDataChanged(userId);
  return { changed };
}

/**
 * Rejects the waiting orders named: their lines and documents go, and a tombstone per document keeps only
 * what tells it again (the message id or the file's hash), so sync and upload leave it out for 30 days.
 */
export async function rejectOrders(
  deps: ReviewDeps,
  userId: string,
  orderIds: readonly string[],
  now: Date,
): Promise<ReviewActionResult> {
  const changed = await withStoredFile(deps, userId, null, async (trx, _stored, removeAfterCommit) => {
    const rows = (await repo.reviewRows(trx, userId, orderIds)).filter((r) => r.review_state === 'pending');
    const waiting = [...new Set(rows.map((r) => r.order_id))];
    if (waiting.length === 0) return 0;
    const documents = await documentsOf(trx, userId, waiting);
    const tombstones = new Map<string, RejectionsTable>();
    const rejectedAt = timestamp(now);
    for (const row of rows) {
      const provider = PROVIDER_OF_SOURCE[row.source];
      if (provider && row.source_ref) {
        const key = messageRejectionKey(provider, row.source_ref);
        tombstones.set(key, { user_id: userId, source_key: key, kind: 'email', rejected_at: rejectedAt });
      }
    }
    for (const doc of documents) {
      if (doc.kind === 'email') continue; // Told again by its message id, above.
      const key = fileRejectionKey(doc.sha256);
      tombstones.set(key, { user_id: userId, source_key: key, kind: doc.kind, rejected_at: rejectedAt });
    }
    await repo.insertRejections(trx, [...tombstones.values()]);
    for (const orderId of waiting) {
      for (const key of await forgetFiles(trx, userId, orderId)) removeAfterCommit(key);
      await repo.deleteOrder(trx, userId, orderId);
    }
    await noteDataChanged(trx, userId);
    return waiting.length;
  });
  if (changed > 0) deps.onUserDataChanged(userId);
  return { changed };
}

/**
 * Lifts tombstones: a restored message is fetched again on the next sync, a restored file may be uploaded
 * again. Answers how many were lifted.
 */
export async function restoreRejected(
  deps: ReviewDeps,
  userId: string,
  ids: readonly string[],
  now: Date,
): Promise<ReviewActionResult> {
  const lifted = await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.deleteRejections(trx, userId, ids);
    for (const row of rows) {
      const message = /^message:(google|microsoft):(.+)$/s.exec(row.source_key);
      if (message) await askToRefetch(trx, userId, message[1] as ProviderName, message[2] as string, now);
    }
    return rows.length;
  });
  if (ids.length > 0 && lifted === 0) throw new AppError('not_found', 'Nothing rejected matches these ids');
  return { changed: lifted };
}

/** Whether purchases waiting for review count in the totals. */
export async function setCountPending(db: Db, userId: string, count: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.setCountPending(trx, userId, count);
    await noteDataChanged(trx, userId);
  });
}

/** Forgets tombstones past 30 days (start-up and daily). */
export function purgeOldRejections(db: Db, now: Date): Promise<void> {
  return repo.purgeRejections(db, rejectionHorizon(now));
}
