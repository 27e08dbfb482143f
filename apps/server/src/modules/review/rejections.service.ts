import { REJECTION_DAYS } from '@warrantly/contract/review';
import type { Db } from '../../db/schema';
import type { ProviderName } from '../../providers/endpoints';
import * as repo from './review.repository';

/** The tombstone key of a synced message: only its provider and id are kept. */
export const messageRejectionKey = (provider: ProviderName, messageId: string) =>
  `message:${provider}:${messageId}`;

/** The tombstone key of an uploaded file: only its SHA-256 is kept. */
export const fileRejectionKey = (sha256: string) => `file:${sha256}`;

/** The oldest rejection still remembered on `now`: older ones are forgotten (and can come back). */
export function rejectionHorizon(now: Date): string {
  return new Date(now.getTime() - REJECTION_DAYS * 86_400_000).toISOString();
}

/**
 * When the user rejected the document `key` within the last 30 days, the rejection; else undefined. Sync
 * skips such a message, and an upload of such a file offers to restore it instead of reading it again.
 */
export function findRejection(db: Db, userId: string, key: string, now: Date) {
  return repo.findRejection(db, userId, key, rejectionHorizon(now));
}
