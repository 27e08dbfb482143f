import type { Db, RejectionsTable } from '../../db/schema';

export function findRejection(db: Db, userId: string, key: string, horizon: string) {
  return db
    .selectFrom('rejections')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source_key', '=', key)
    .where('rejected_at', '>=', horizon)
    .executeTakeFirst();
}

/** Records tombstones; a document rejected again keeps the later day. */
export async function insertRejections(db: Db, rows: RejectionsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('rejections')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'source_key'])
        .doUpdateSet((eb) => ({ rejected_at: eb.ref('excluded.rejected_at') })),
    )
    .execute();
}

/** The user's tombstones since `horizon`, newest first. */
export function listRejections(db: Db, userId: string, horizon: string) {
  return db
    .selectFrom('rejections')
    .selectAll()
    .where('user_id', '=', userId)
    .where('rejected_at', '>=', horizon)
    .orderBy('rejected_at', 'desc')
    .orderBy('source_key')
    .limit(500)
    .execute();
}

/** Lifts tombstones; answers the ones lifted. */
export function deleteRejections(db: Db, userId: string, keys: readonly string[]) {
  return db
    .deleteFrom('rejections')
    .where('user_id', '=', userId)
    .where('source_key', 'in', [...keys])
    .returning(['source_key', 'kind'])
    .execute();
}

/** Forgets every user's tombstones older than `horizon`. */
export async function purgeRejections(db: Db, horizon: string): Promise<void> {
  await db.deleteFrom('rejections').where('rejected_at', '<', horizon).execute();
}

/** The order ids waiting for review, oldest first (at most `limit`), and how many wait in all. */
export async function pendingOrders(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['order_id', eb.fn.min('id').as('first_id')])
    .where('user_id', '=', userId)
    .where('review_state', '=', 'pending')
    .groupBy('order_id')
    .orderBy('first_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.order_id);
}

export async function countPending(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.count<number>('order_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('review_state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The review state and reasons of the lines of the orders named, with where each line came from. */
export function reviewRows(db: Db, userId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'order_id', 'review_state', 'review_reasons', 'source', 'source_ref', 'created_at'])
    .where('user_id', '=', userId)
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/** Marks the waiting orders named as looked at; answers how many orders changed. */
export async function acceptOrders(db: Db, userId: string, orderIds: readonly string[], at: string) {
  const rows = await db
    .updateTable('orders')
    .set({ review_state: 'accepted', updated_at: at })
    .where('user_id', '=', userId)
    .where('order_id', 'in', [...orderIds])
    .where('review_state', '=', 'pending')
    .returning('order_id')
    .execute();
  return new Set(rows.map((r) => r.order_id)).size;
}

export async function setCountPending(db: Db, userId: string, count: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ count_pending_reviews: count ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function countsPending(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('count_pending_reviews')
    .where('id', '=', userId)
    .executeTakeFirst();
  return (row?.count_pending_reviews ?? 1) === 1;
}

/** Deletes an order's lines. */
export async function deleteOrder(db: Db, userId: string, orderId: string): Promise<void> {
  await db.deleteFrom('orders').where('user_id', '=', userId).where('order_id', '=', orderId).execute();
}
