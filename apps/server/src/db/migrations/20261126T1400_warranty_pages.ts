import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. The Warranties page's order (sort `warranty_end`) walks a user's warranties by end date
// in two runs, those still running ascending and the expired ones descending, each a range of this index
// read one way or the other (purchases/pages.service.ts). It ends in id, the tiebreaker, so neither
// database sorts; it replaces the initial index without id, whose reads (the warranty counts) it serves.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('orders_user_warranty_end')
    .on('orders')
    .columns(['user_id', 'warranty_expire_date', 'id'])
    .execute();
  await db.schema.dropIndex('orders_user_warranty').execute();
}
