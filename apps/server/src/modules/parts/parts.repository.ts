import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** What a replacement part is shown with, in both the whole list and a page of main products. */
const PART_COLUMNS = [
  'part.id',
  'part.product_name',
  'part.purchase_date',
  'part.store_link',
  'part.price',
  'part.amount_minor',
  'part.currency',
  'part.has_currency',
  'part.replace_every_days',
] as const;

/** The user's replacement parts, each with the main product it belongs to; newest main product first. */
export function listPartsWithMainProduct(db: Db, userId: string) {
  return db
    .selectFrom('orders as part')
    .innerJoin('orders as main', (j) =>
      j.onRef('main.id', '=', 'part.parent_id').onRef('main.user_id', '=', 'part.user_id'),
    )
    .where('part.user_id', '=', userId)
    .select([
      'main.id as main_id',
      'main.product_name as main_name',
      'main.purchase_date as main_date',
      ...PART_COLUMNS,
    ])
    .orderBy('main.purchase_date', 'desc')
    .orderBy('main.id', 'desc')
    .orderBy('part.purchase_date', 'desc')
    .execute();
}

/**
 * A main product's place in the list, newest first: its date key written as the index of migration
 * 20261125T1000_keyset_pages writes it (undated last), so the walk seeks that index.
 */
const MAIN_KEY = sql.raw("coalesce(o.purchase_date, '')");

/** A main product's key and id; `inclusive` takes that row in too. */
export interface MainBound {
  key: string;
  id: number;
  inclusive?: boolean;
}

/** The user's purchases that have replacement parts: a main product's test. */
const hasParts = sql<boolean>`exists (select 1 from orders p where p.user_id = o.user_id and p.parent_id = o.id)`;

/**
 * Up to `limit` main products (purchases with parts) newest first (`forward`) or oldest first, after
 * `from` in that walking direction. The key condition is written `k <= K and (k < K or id < I)` so both
 * databases seek the index to K rather than read the rows before it.
 */
export function mainProductRows(
  db: Db,
  userId: string,
  from: MainBound | null,
  forward: boolean,
  limit: number,
) {
  const direction = forward ? 'desc' : 'asc';
  let query = db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where(hasParts)
    .select(['o.id', 'o.product_name', sql<string>`${MAIN_KEY}`.as('k')]);
  if (from) {
    const op = sql.raw(forward ? '<' : '>');
    const idOp = sql.raw(`${forward ? '<' : '>'}${from.inclusive ? '=' : ''}`);
    query = query.where(
      sql<boolean>`${MAIN_KEY} ${op}= ${from.key} and (${MAIN_KEY} ${op} ${from.key} or o.id ${idOp} ${from.id})`,
    );
  }
  return query.orderBy(MAIN_KEY, direction).orderBy('o.id', direction).limit(limit).execute();
}

/** How many of the user's purchases have replacement parts. */
export async function countMainProducts(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where(hasParts)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The parts of the given main products, newest part first (as the whole list orders them). */
export function listPartsOf(db: Db, userId: string, mainIds: readonly number[]) {
  if (mainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders as part')
    .where('part.user_id', '=', userId)
    .where('part.parent_id', 'in', mainIds)
    .select(['part.parent_id', ...PART_COLUMNS])
    .orderBy('part.purchase_date', 'desc')
    .execute();
}

/** The user's purchases that belong to no main product: those among them that are parts wait for one. */
export function unlinkedPurchases(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where('parent_id', 'is', null)
    .select(['id', 'product_name', 'warranty_estimated'])
    .orderBy('purchase_date', 'desc')
    .execute();
}

/**
 * Links a part to its main product with its replacement interval; an estimated warranty goes (a part
 * has none of its own), one the user entered or the document printed stays.
 */
export async function linkPart(
  db: Db,
  userId: string,
  link: { partId: number; mainId: number; everyDays: number; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({
      parent_id: link.mainId,
      replace_every_days: link.everyDays,
      warranty_expire_date: eb
        .case()
        .when('warranty_estimated', '=', 1)
        .then(null)
        .else(eb.ref('warranty_expire_date'))
        .end(),
      warranty_estimated: 0,
      updated_at: link.updatedAt,
    }))
    .where('user_id', '=', userId)
    .where('id', '=', link.partId)
    .where('parent_id', 'is', null)
    .execute();
}
