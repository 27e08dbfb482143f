import type { PurchaseSort } from '@warrantly/contract/purchases';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { type PurchaseRow, selectPurchases } from './purchases.repository';

/**
 * Each sort's key, written exactly as the index of migration 20261125T1000_keyset_pages (both databases
 * match an index on an expression only when the query writes the same expression), and its direction.
 * Missing dates and amounts get a key past every real one, so they come last either way.
 */
const SORT_KEYS: Record<RowSort, { key: string; descending: boolean }> = {
  date_desc: { key: "coalesce(o.purchase_date, '')", descending: true },
  date_asc: { key: "coalesce(o.purchase_date, '9999-12-31')", descending: false },
  price_desc: { key: 'coalesce(o.amount, -1e300)', descending: true },
  price_asc: { key: 'coalesce(o.amount, 1e300)', descending: false },
  name_asc: { key: 'lower(o.product_name)', descending: false },
  name_desc: { key: 'lower(o.product_name)', descending: true },
  // The two runs of `warranty_end` (pages.service.ts), on the index of migration 20261126T1400_warranty_pages.
  warranty_running: { key: 'o.warranty_expire_date', descending: false },
  warranty_expired: { key: 'o.warranty_expire_date', descending: true },
};

/** The orders rows are read in: each sort of the API but `warranty_end`, which is walked in two runs. */
export type RowSort = Exclude<PurchaseSort, 'warranty_end'> | 'warranty_running' | 'warranty_expired';

/** A bound on the warranty date: compared with a date, or the date missing (`none`) or present (`some`). */
export type WarrantyBound = { op: '<' | '<=' | '>=' | '>'; date: string } | 'none' | 'some';

/** Which rows a page walks through (all of them filtered the same way, in its count too). */
export interface RowFilter {
  /** Lines of the user's purchases, or the first line of each order that carries a receipt file. */
  scope: 'purchases' | 'receipts';
  /** Searched, ignoring case, in product name, shop name and order id (of any line, for a receipt). */
  search?: string;
  shop?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Bounds the warranty date keeps, all of them. */
  warranty?: readonly WarrantyBound[];
}

/** A row's place in the sort: its key and id; `inclusive` takes that row in too. */
export interface Bound {
  key: string | number;
  id: number;
  inclusive?: boolean;
}

export type KeyedRow = PurchaseRow & { k: string | number; line_count: number | null };

/** `%text%` for LIKE with its own wildcards taken literally (escaped with a backslash). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matches(alias: 'o' | 'm', search: string): RawBuilder<boolean> {
  const pattern = containing(search);
  const like = (column: string) =>
    sql`lower(${sql.ref(`${alias}.${column}`)}) like lower(${pattern}) escape '\\'`;
  return sql<boolean>`(${like('product_name')} or ${like('shop_name')} or ${like('order_id')})`;
}

function conditions(filter: RowFilter): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (filter.scope === 'receipts') {
    out.push(
      sql<boolean>`exists (select 1 from documents r where r.user_id = o.user_id and r.order_id = o.order_id)`,
    );
    out.push(
      sql<boolean>`o.id = (select min(f.id) from orders f where f.user_id = o.user_id and f.order_id = o.order_id)`,
    );
  }
  if (filter.search !== undefined) {
    out.push(
      filter.scope === 'receipts'
        ? sql<boolean>`exists (select 1 from orders m where m.user_id = o.user_id and m.order_id = o.order_id and ${matches('m', filter.search)})`
        : matches('o', filter.search),
    );
  }
  if (filter.shop !== undefined) out.push(sql<boolean>`o.shop_name = ${filter.shop}`);
  if (filter.dateFrom !== undefined) out.push(sql<boolean>`o.purchase_date >= ${filter.dateFrom}`);
  if (filter.dateTo !== undefined) out.push(sql<boolean>`o.purchase_date <= ${filter.dateTo}`);
  for (const bound of filter.warranty ?? []) {
    if (bound === 'none') out.push(sql<boolean>`o.warranty_expire_date is null`);
    else if (bound === 'some') out.push(sql<boolean>`o.warranty_expire_date is not null`);
    else out.push(sql<boolean>`o.warranty_expire_date ${sql.raw(bound.op)} ${bound.date}`);
  }
  return out;
}

/**
 * Up to `limit` rows in `sort` order (`forward`) or its reverse, after `from` in that walking direction
 * (from the start when null). The key condition is written `k >= K and (k > K or id > I)` rather than as
 * a row value: both databases then seek the index to K instead of reading the rows before it.
 */
export function pageQuery(
  db: Db,
  userId: string,
  sort: RowSort,
  filter: RowFilter,
  from: Bound | null,
  forward: boolean,
  limit: number,
) {
  const { key, descending } = SORT_KEYS[sort];
  const k = sql.raw(key);
  const ascending = forward !== descending;
  const direction = ascending ? 'asc' : 'desc';
  const lineCount: RawBuilder<number | null> =
    filter.scope === 'receipts'
      ? sql`(select count(*) from orders c where c.user_id = o.user_id and c.order_id = o.order_id)`
      : sql`null`;
  let query = selectPurchases(db, userId).select([
    sql<string | number>`${k}`.as('k'),
    lineCount.as('line_count'),
  ]);
  for (const condition of conditions(filter)) query = query.where(condition);
  if (from) {
    const op = sql.raw(ascending ? '>' : '<');
    const idOp = sql.raw(`${ascending ? '>' : '<'}${from.inclusive ? '=' : ''}`);
    query = query.where(
      sql<boolean>`${k} ${op}= ${from.key} and (${k} ${op} ${from.key} or o.id ${idOp} ${from.id})`,
    );
  }
  return query.orderBy(k, direction).orderBy('o.id', direction).limit(limit);
}

export async function pageRows(...args: Parameters<typeof pageQuery>): Promise<KeyedRow[]> {
  return (await pageQuery(...args).execute()) as KeyedRow[];
}

/** How many rows `filter` lets through: a page's `total`. */
export async function countRows(db: Db, userId: string, filter: RowFilter): Promise<number> {
  let query = db.selectFrom('orders as o').where('o.user_id', '=', userId);
  for (const condition of conditions(filter)) query = query.where(condition);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
