import type { MainProduct, MainProductList } from '@warrantly/contract/parts';
import { addDays, isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { keysetPage, type PageOf, type PageStart } from '../purchases/pages.service';
import { toMajor } from '../purchases/purchases.service';
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
  amount_minor: number | null;
  currency: string | null;
  has_currency: number;
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
    amount:
      row.amount_minor === null || row.currency === null ? null : toMajor(row.amount_minor, row.currency),
    currency: row.currency,
    has_currency: row.has_currency === 1,
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
  // Main products' sort keys are strings; a cursor's key comes back as the JSON it was signed as.
  const page = await keysetPage(
    (from, forward, n) =>
      repo.mainProductRows(db, userId, from && { ...from, key: String(from.key) }, forward, n),
    total,
    start,
    limit,
  );
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
