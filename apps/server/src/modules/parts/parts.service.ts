import type { MainProduct, MainProductList } from '@warrantly/contract/parts';
import { addDays, isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import type { PageOf, PagePosition, PageStart } from '../purchases/pages.service';
import { describeInterval } from './consumables.service';
import * as repo from './parts.repository';

/** When a part is next due: its interval after its purchase, moved on past today. */
export function nextDue(purchased: string | null, everyDays: number | null, today: string): string | null {
  if (!purchased || !everyDays) return null;
  let due = addDays(purchased, everyDays);
  while (due < today) due = addDays(due, everyDays);
  return due;
}

type PartRow = {
  id: number;
  product_name: string;
  purchase_date: string | null;
  store_link: string | null;
  price: string | null;
  replace_every_days: number | null;
};

function toPart(row: PartRow, today: string): MainProduct['products'][number] {
  const due = nextDue(row.purchase_date, row.replace_every_days, today);
  return {
    id: row.id,
    product_name: row.product_name,
    purchased_date: row.purchase_date,
    store_link: row.store_link,
    price: row.price,
    timeline: row.replace_every_days ? `${describeInterval(row.replace_every_days)}, next ${due}` : null,
  };
}

/** Main products with their replacement parts, newest main product first. */
export async function listMainProducts(db: Db, userId: string, now: Date): Promise<MainProductList> {
  const today = isoDate(now);
  const parts = await repo.listPartsWithMainProduct(db, userId);
  const groups = new Map<number, MainProduct>();
  for (const row of parts) {
    let group = groups.get(row.main_id);
    if (!group) {
      group = { main_product: row.main_name, main_product_id: row.main_id, products: [] };
      groups.set(row.main_id, group);
    }
    group.products.push(toPart(row, today));
  }
  return { orders: [...groups.values()] };
}

type MainRow = { id: number; product_name: string; k: string };
const bound = (row: MainRow, inclusive = false): repo.MainBound => ({
  key: row.k,
  id: row.id,
  ...(inclusive ? { inclusive } : {}),
});
const at = (direction: 'after' | 'before', b: repo.MainBound): PagePosition => ({ direction, ...b });

/**
 * `limit` main products from `start` by keyset (never OFFSET), with the same rules as the purchase pages:
 * `last` is the last page lined up with pages walked from the start, and a cursor whose row went away
 * still finds its neighbours.
 */
async function mainRowsPage(
  db: Db,
  userId: string,
  total: number,
  start: PageStart,
  limit: number,
): Promise<Omit<PageOf<MainRow>, 'total'>> {
  const fetch = (from: repo.MainBound | null, forward: boolean, n: number) =>
    repo.mainProductRows(db, userId, from, forward, n);
  const exists = async (from: repo.MainBound, forward: boolean) => (await fetch(from, forward, 1)).length > 0;
  if (start === 'last') {
    const size = total === 0 ? 0 : ((total - 1) % limit) + 1;
    const rows = size === 0 ? [] : await fetch(null, false, size + 1);
    const items = rows.slice(0, size).reverse();
    const first = items[0];
    return { items, next: null, prev: first && rows.length > size ? at('before', bound(first)) : null };
  }
  const from = start && {
    key: String(start.key),
    id: start.id,
    ...(start.inclusive ? { inclusive: true } : {}),
  };
  const isForward = start === null || start.direction === 'after';
  const rows = await fetch(from, isForward, limit + 1);
  const items = isForward ? rows.slice(0, limit) : rows.slice(0, limit).reverse();
  const [first, last] = [items[0], items.at(-1)];
  const isCut = rows.length > limit;
  if (isForward) {
    const next = last && isCut ? at('after', bound(last)) : null;
    if (from === null) return { items, next, prev: null };
    // Nothing after the cursor any more (rows gone meanwhile): the page before is the one before it.
    const before = first ? bound(first) : { ...from, inclusive: !from.inclusive };
    return { items, next, prev: (await exists(before, false)) ? at('before', before) : null };
  }
  const prev = first && isCut ? at('before', bound(first)) : null;
  const after = last ? bound(last) : { ...(from as repo.MainBound), inclusive: !from?.inclusive };
  return { items, prev, next: (await exists(after, true)) ? at('after', after) : null };
}

/** A page of main products with their parts, newest main product first; `total` counts main products. */
export async function listMainProductPage(
  db: Db,
  userId: string,
  now: Date,
  start: PageStart,
  limit: number,
): Promise<PageOf<MainProduct>> {
  const today = isoDate(now);
  const total = await repo.countMainProducts(db, userId);
  const page = await mainRowsPage(db, userId, total, start, limit);
  const parts = await repo.listPartsOf(
    db,
    userId,
    page.items.map((row) => row.id),
  );
  const groups = new Map<number, MainProduct>(
    page.items.map((row) => [
      row.id,
      { main_product: row.product_name, main_product_id: row.id, products: [] },
    ]),
  );
  for (const part of parts) groups.get(part.parent_id as number)?.products.push(toPart(part, today));
  return { ...page, total, items: [...groups.values()] };
}
