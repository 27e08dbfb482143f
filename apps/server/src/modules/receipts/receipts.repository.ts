import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db, DocumentsTable } from '../../db/schema';

export function findDocument(db: Db, userId: string, orderId: string) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Attaches a document to an order, replacing the one it had; answers the replaced file's key, if any. */
export async function upsertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<string | null> {
  const previous = await findDocument(db, row.user_id, row.order_id);
  if (previous) {
    await db.deleteFrom('documents').where('id', '=', previous.id).execute();
  }
  await db.insertInto('documents').values(row).execute();
  return previous?.storage_key ?? null;
}

export async function deleteDocument(db: Db, userId: string, orderId: string): Promise<string | null> {
  const doc = await findDocument(db, userId, orderId);
  if (!doc) return null;
  await db.deleteFrom('documents').where('id', '=', doc.id).execute();
  return doc.storage_key;
}

export async function deleteOrderLines(db: Db, userId: string, orderId: string): Promise<void> {
  await db.deleteFrom('orders').where('user_id', '=', userId).where('order_id', '=', orderId).execute();
}

/** Every storage key a row points to (the start-up sweep keeps exactly these). */
export async function allStorageKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('documents').select('storage_key').execute();
  return new Set(rows.map((r) => r.storage_key));
}

export async function receiptCounts(db: Db, userId: string, monthStart: string, monthEnd: string) {
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.user_id', '=', 'd.user_id').onRef('o.order_id', '=', 'd.order_id'),
    )
    .where('d.user_id', '=', userId)
    .select([
      sql<number>`count(distinct d.id)`.as('receipts'),
      sql<number>`count(distinct case when o.purchase_date >= ${monthStart} and o.purchase_date < ${monthEnd} then d.id end)`.as(
        'this_month',
      ),
      sql<number>`count(distinct o.category)`.as('categories'),
    ])
    .executeTakeFirstOrThrow();
  return {
    receipts: Number(row.receipts),
    thisMonth: Number(row.this_month),
    categories: Number(row.categories),
  };
}

/**
 * What each order's lines add up to, in one grouped read: the orders `orderIds` names, or every order
 * that carries a receipt file. `minor` sums the lines' amounts in minor units; it is a sum in one
 * currency only when `currencies` is 1 and every line has an amount (`priced` = `lines`).
 */
export async function orderSums(db: Db, userId: string, orderIds: readonly string[] | 'with-receipt') {
  if (orderIds !== 'with-receipt' && orderIds.length === 0) return [];
  let query = db.selectFrom('orders as o').where('o.user_id', '=', userId);
  query =
    orderIds === 'with-receipt'
      ? query.where(
          sql<boolean>`exists (select 1 from documents r where r.user_id = o.user_id and r.order_id = o.order_id)`,
        )
      : query.where('o.order_id', 'in', [...orderIds]);
  const rows = await query
    .groupBy('o.order_id')
    .select([
      'o.order_id',
      sql<string | null>`min(o.order_total)`.as('order_total'),
      sql<string | null>`min(o.order_currency)`.as('order_currency'),
      sql<number>`count(*)`.as('lines'),
      sql<number>`count(o.amount_minor)`.as('priced'),
      sql<number | null>`sum(o.amount_minor)`.as('minor'),
      sql<number>`count(distinct o.currency)`.as('currencies'),
      sql<string | null>`min(o.currency)`.as('currency'),
      sql<number>`max(o.has_currency)`.as('stated'),
    ])
    .execute();
  // PostgreSQL answers counts and bigint sums as text.
  return rows.map((r) => ({
    orderId: r.order_id,
    printed: { total: r.order_total, currency: r.order_currency },
    lines: Number(r.lines),
    priced: Number(r.priced),
    minor: r.minor === null ? null : Number(r.minor),
    currencies: Number(r.currencies),
    currency: r.currency,
    stated: Number(r.stated) === 1,
  }));
}

export type OrderSums = Awaited<ReturnType<typeof orderSums>>[number];
