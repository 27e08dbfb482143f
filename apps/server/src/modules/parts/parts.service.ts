import type { MainProductList } from '@warrantly/contract/parts';
import { addDays, isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { describeInterval } from './consumables.service';
import * as repo from './parts.repository';

/** When a part is next due: its interval after its purchase, moved on past today. */
export function nextDue(purchased: string | null, everyDays: number | null, today: string): string | null {
  if (!purchased || !everyDays) return null;
  let due = addDays(purchased, everyDays);
  while (due < today) due = addDays(due, everyDays);
  return due;
}

/** Main products with their replacement parts, newest main product first. */
export async function listMainProducts(db: Db, userId: string, now: Date): Promise<MainProductList> {
  const today = isoDate(now);
  const parts = await repo.listPartsWithMainProduct(db, userId);
  const groups = new Map<number, MainProductList['orders'][number]>();
  for (const row of parts) {
    let group = groups.get(row.main_id);
    if (!group) {
      group = { main_product: row.main_name, main_product_id: row.main_id, products: [] };
      groups.set(row.main_id, group);
    }
    const due = nextDue(row.purchase_date, row.replace_every_days, today);
    group.products.push({
      id: row.id,
      product_name: row.product_name,
      purchased_date: row.purchase_date,
      store_link: row.store_link,
      price: row.price,
      timeline: row.replace_every_days ? `${describeInterval(row.replace_every_days)}, next ${due}` : null,
    });
  }
  return { orders: [...groups.values()] };
}
