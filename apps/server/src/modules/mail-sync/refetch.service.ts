import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import type { ProviderName } from '../../providers/endpoints';
import { markForRefetch } from './mail-sync.repository';

/** Asks the next sync of the user's mailbox to fetch this message again by id (a restored rejection). */
export function askToRefetch(
  db: Db,
  userId: string,
  provider: ProviderName,
  messageId: string,
  now: Date,
): Promise<void> {
  return markForRefetch(db, userId, provider, messageId, timestamp(now));
}
