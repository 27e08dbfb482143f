import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import * as repo from './tracking.repository';

/** Records that the user opened a dashboard tab, for the usage figures. */
export function recordInteraction(db: Db, userId: string, tabName: string, now: Date): Promise<void> {
  return repo.insertInteraction(db, userId, tabName, timestamp(now));
}
