import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db, DocumentsTable } from '../../db/schema';

/** The order's receipt: the one document shown for it (its other documents are listed apart). */
export function findDocument(db: Db, userId: string, orderId: string) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
}

/** Every document of the orders named, each order's receipt first, then in the order they came. */
export function listDocumentsOf(db: Db, userId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
}

/** One document by id, only when it is the user's. */
export function findDocumentById(db: Db, userId: string, id: number) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Attaches a document as the order's receipt, replacing the one it had; answers the replaced file's key. */
export async function upsertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<string | null> {
  const previous = await findDocument(db, row.user_id, row.order_id);
  if (previous) {
    await db.deleteFrom('documents').where('id', '=', previous.id).execute();
  }
  await db
    .insertInto('documents')
    .values({ ...row, is_primary: 1 })
    .execute();
  return previous?.storage_key ?? null;
}

/** Attaches another document to an order: its receipt when it has none yet, else one more. */
export async function addDocument(db: Db, row: Insertable<DocumentsTable>): Promise<void> {
  const primary = await findDocument(db, row.user_id, row.order_id);
  await db
    .insertInto('documents')
    .values({ ...row, is_primary: primary ? 0 : 1 })
    .execute();
}

/** True when one of the order's documents has exactly these bytes. */
export async function orderHoldsFile(
  db: Db,
  userId: string,
  orderId: string,
  sha256: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops every document of the order; answers the keys of the files to remove after commit. */
export async function deleteDocuments(db: Db, userId: string, orderId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('documents')
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
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
      sql<number>`count(distinct d.order_id)`.as('receipts'),
      sql<number>`count(distinct case when o.purchase_date >= ${monthStart} and o.purchase_date < ${monthEnd} then d.order_id end)`.as(
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
