import { type CompiledQuery, sql } from 'kysely';
import { timestamp } from '../../dates';
import type { Db, NewOrder, OrdersTable, OrderUpdate } from '../../db/schema';

/** The columns a purchase is read with: the order line and whether its order carries a document. */
export function selectPurchases(db: Db, userId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('documents as d', (join) =>
      join
        .onRef('d.user_id', '=', 'o.user_id')
        .onRef('d.order_id', '=', 'o.order_id')
        // A literal, not a parameter: compiled queries bind only the user's id.
        .on('d.is_primary', '=', sql.lit(1)),
    )
    .where('o.user_id', '=', userId)
    .select([
      'o.id',
      'o.order_id',
      'o.product_name',
      'o.shop_name',
      'o.purchase_date',
      'o.price',
      'o.amount_minor',
      'o.currency',
      'o.has_currency',
      'o.warranty_expire_date',
      'o.warranty_estimated',
      'o.category',
      'o.status',
      'o.source',
      'o.parent_id',
      'o.replace_every_days',
      'o.store_link',
      'o.review_state',
      'o.order_total',
      'd.id as document_id',
    ]);
}

export type PurchaseRow = Awaited<ReturnType<ReturnType<typeof selectPurchases>['executeTakeFirstOrThrow']>>;

/**
 * Newest purchase first; undated ones last; ties by newest row. The key is written as the `date_desc` page
 * writes it (pages.repository.ts), so the list is read in the order of that index, with no sort.
 */
export function listPurchasesQuery(db: Db, userId: string) {
  return selectPurchases(db, userId)
    .orderBy(sql`coalesce(o.purchase_date, '')`, 'desc')
    .orderBy('o.id', 'desc');
}

/**
 * Hot read queries are compiled once per database handle and run again with new parameters: the list and
 * the conditional-request check run on every dashboard load, and building SQL each time showed in profiles.
 */
function compiledOnce<R>(build: (db: Db) => { compile(): CompiledQuery<R> }) {
  const cache = new WeakMap<Db, CompiledQuery<R>>();
  return async (db: Db, parameters: readonly unknown[]): Promise<R[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db).compile();
      cache.set(db, compiled);
    }
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}

const listQuery = compiledOnce((db) => listPurchasesQuery(db, '?'));

export function listPurchases(db: Db, userId: string): Promise<PurchaseRow[]> {
  return listQuery(db, [userId]);
}

/** Which of a user's purchases to read, for other modules, in the document's line order: by ids, order or source. */
export interface PurchaseFilter {
  ids?: readonly number[];
  orderId?: string;
  source?: { source: OrdersTable['source']; ref: string };
}

export function findPurchasesWhere(db: Db, userId: string, filter: PurchaseFilter): Promise<PurchaseRow[]> {
  let query = selectPurchases(db, userId);
  if (filter.ids) {
    if (filter.ids.length === 0) return Promise.resolve([]);
    query = query.where('o.id', 'in', [...filter.ids]);
  }
  if (filter.orderId !== undefined) query = query.where('o.order_id', '=', filter.orderId);
  if (filter.source) {
    query = query.where('o.source', '=', filter.source.source).where('o.source_ref', '=', filter.source.ref);
  }
  return query.orderBy('o.line_no').orderBy('o.id').execute();
}

export function findPurchase(db: Db, userId: string, id: number): Promise<PurchaseRow | undefined> {
  return selectPurchases(db, userId).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderRow(db: Db, userId: string, id: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type OwnedProduct = { id: number; product_name: string; parent_id: number | null };

/** The user's purchases as consumables are matched against them, newest first. */
export function selectOwnedProducts(db: Db, userId: string): Promise<OwnedProduct[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'product_name', 'parent_id'])
    .where('user_id', '=', userId)
    .orderBy('purchase_date', 'desc')
    .execute();
}

/** True when line `lineNo` of a document (`source`, `sourceRef`) was imported already. */
export async function isLineImported(
  db: Db,
  userId: string,
  source: OrdersTable['source'],
  sourceRef: string,
  lineNo: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .where('line_no', '=', lineNo)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where the order number `orderId` of this user came from, if any of their lines uses it. */
export function findOrderSource(db: Db, userId: string, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['source', 'source_ref'])
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** What reminders are made of: each line's warranty end, and the parts' replacement intervals. */
export function listReminderSources(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'product_name',
      'shop_name',
      'warranty_expire_date',
      'purchase_date',
      'replace_every_days',
      'parent_id',
    ])
    .where('user_id', '=', userId)
    .execute();
}

/** Prices the user typed without a currency: they are in the default currency, whatever it is. */
export function listBarePrices(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'price'])
    .where('user_id', '=', userId)
    .where('has_currency', '=', 0)
    .where('price', 'is not', null)
    .execute();
}

export async function insertOrder(db: Db, row: NewOrder): Promise<number> {
  const { id } = await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateOrder(db: Db, userId: string, id: number, changes: OrderUpdate): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...changes, updated_at: timestamp() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Deletes one line; answers how many lines of its order remain. */
export async function deleteOrderLine(db: Db, userId: string, id: number, orderId: string): Promise<number> {
  await db.deleteFrom('orders').where('user_id', '=', userId).where('id', '=', id).execute();
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function orderIdExists(db: Db, userId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Raises the user's data version; call inside the transaction that changes their purchases. */
export async function bumpDataVersion(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ data_version: eb('data_version', '+', 1), updated_at: timestamp() }))
    .where('id', '=', userId)
    .execute();
}

const dataVersionQuery = compiledOnce((db) =>
  db.selectFrom('users').select(['data_version', 'default_currency']).where('id', '=', '?'),
);

/** One primary-key read: what a conditional request needs before it can answer 304. */
export async function findDataVersion(db: Db, userId: string) {
  return (await dataVersionQuery(db, [userId]))[0];
}

/**
 * The totals leave out purchases waiting for review when their user said so (Account: "count purchases
 * waiting for review in the totals", on by default).
 */
const countedInTotals = sql<boolean>`(orders.review_state is null or orders.review_state <> 'pending' or exists (select 1 from users u where u.id = orders.user_id and u.count_pending_reviews = 1))`;

const sumQuery = compiledOnce((db) => sumByCurrencyQuery(db, '?'));

/** Each currency's sum and line count (amounts are never added across currencies). */
export function sumByCurrency(db: Db, userId: string) {
  return sumQuery(db, [userId]);
}

export function sumByCurrencyQuery(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'currency',
      eb.fn.sum<number>('amount_minor').as('minor'),
      eb.fn.countAll<number>().as('lines'),
    ])
    .where('user_id', '=', userId)
    .where('amount_minor', 'is not', null)
    .where(countedInTotals)
    .groupBy('currency');
}

const activeWarrantiesQuery = compiledOnce((db) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', '?')
    .where('warranty_expire_date', '>=', '?')
    .where(countedInTotals),
);

/** Purchases whose warranty is not over on `today` (Active or Expiring_Soon; no date is no warranty). */
export async function countActiveWarranties(db: Db, userId: string, today: string): Promise<number> {
  const [row] = await activeWarrantiesQuery(db, [userId, today]);
  return Number(row?.n ?? 0);
}

const warrantiesEndingQuery = compiledOnce((db) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', '?')
    .where('warranty_expire_date', '>=', '?')
    .where('warranty_expire_date', '<=', '?')
    .where(countedInTotals),
);

/** Purchases whose warranty ends between `from` and `to`, both included. */
export async function countWarrantiesEnding(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await warrantiesEndingQuery(db, [userId, from, to]);
  return Number(row?.n ?? 0);
}

/**
 * SQLite's count of commits made by other connections to the database file (`pragma data_version`): it
 * moves when another process wrote, which this process's remembered data versions cannot have seen.
 */
export async function sqliteForeignCommits(db: Db): Promise<number> {
  const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return Number(rows[0]?.data_version ?? 0);
}

/** A held order line as matching and gap-filling read it. */
export type HeldLine = Pick<
  OrdersTable,
  | 'order_id'
  | 'shop_name'
  | 'purchase_date'
  | 'store_link'
  | 'product_name'
  | 'order_total'
  | 'source'
  | 'source_ref'
> & { id: number };

const HELD_COLUMNS = [
  'id',
  'order_id',
  'shop_name',
  'purchase_date',
  'store_link',
  'product_name',
  'order_total',
  'source',
  'source_ref',
] as const;

/** The lines of the user's orders numbered `orderIds`. */
export function findOrderLinesByIds(
  db: Db,
  userId: string,
  orderIds: readonly string[],
): Promise<HeldLine[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(HELD_COLUMNS)
    .where('user_id', '=', userId)
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/** The lines of the user's orders bought on `date` whose printed total is `total`. */
export function findOrderLinesOn(db: Db, userId: string, date: string, total: string): Promise<HeldLine[]> {
  return db
    .selectFrom('orders')
    .select(HELD_COLUMNS)
    .where('user_id', '=', userId)
    .where('purchase_date', '=', date)
    .where('order_total', '=', total)
    .orderBy('id')
    .execute();
}

/** The lines a document (`source`, `sourceRef`) made, if it made any. */
export function findOrderLinesFrom(
  db: Db,
  userId: string,
  source: OrdersTable['source'],
  sourceRef: string,
): Promise<HeldLine[]> {
  return db
    .selectFrom('orders')
    .select(HELD_COLUMNS)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .orderBy('id')
    .execute();
}

/** How many lines the user's order has. */
export async function countOrderLines(db: Db, userId: string, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
