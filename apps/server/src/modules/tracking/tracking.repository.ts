import type { Db } from '../../db/schema';

export async function insertInteraction(db: Db, userId: string, tabName: string, at: string): Promise<void> {
  await db
    .insertInto('interactions')
    .values({ user_id: userId, tab_name: tabName, created_at: at })
    .execute();
}
