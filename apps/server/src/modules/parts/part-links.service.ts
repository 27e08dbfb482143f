import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { findMainProduct, isConsumable, isMainProduct } from './consumables.service';
import * as repo from './parts.repository';

/**
 * Links the user's parts that wait for a main product (bought before it, or in an order read before its
 * own) to `main`, a purchase just written, when it is the product they belong to; inside the caller's
 * transaction. A linked part gets its replacement interval and loses an estimated warranty. Answers how
 * many parts were linked.
 */
export async function linkWaitingParts(
  trx: Db,
  userId: string,
  main: { id: number; product_name: string },
  now: Date,
): Promise<number> {
  if (!isMainProduct(main.product_name)) return 0;
  const unlinked = await repo.unlinkedPurchases(trx, userId);
  // The part goes with its best main product among all the user owns, this one included.
  const mains = unlinked.map((o) => ({ ...o, parent_id: null }));
  let linked = 0;
  for (const part of unlinked) {
    if (part.id === main.id || !isConsumable(part.product_name)) continue;
    const found = findMainProduct(part.product_name, mains);
    if (found?.mainId !== main.id) continue;
    await repo.linkPart(trx, userId, {
      partId: part.id,
      mainId: main.id,
      everyDays: found.everyDays,
      updatedAt: timestamp(now),
    });
    linked += 1;
  }
  return linked;
}
