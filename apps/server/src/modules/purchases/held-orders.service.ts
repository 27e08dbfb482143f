import type { Extraction } from '@warrantly/extract/types';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { isGeneratedOrderId } from './import.service';
import * as repo from './purchases.repository';

const normalise = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Two spellings of one shop: equal, or one inside the other once case and punctuation are dropped. */
export function sameMerchant(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  return x.length > 0 && y.length > 0 && (x === y || x.includes(y) || y.includes(x));
}

/** The lines a document (`source`, `sourceRef`) made, if it made any. */
export const findOrderLinesFrom = repo.findOrderLinesFrom;

/** The first order's lines among `lines` (they come in id order). */
function firstOrder(lines: repo.HeldLine[]): repo.HeldLine[] {
  const first = lines[0];
  return first ? lines.filter((line) => line.order_id === first.order_id) : [];
}

/**
 * The lines of the order the user already holds that a document is about, whatever channel brought each:
 * the same merchant and order number (or a number the document mentions, as a shipping notice does); or,
 * when one side printed no number, the same merchant, purchase date and total. Empty when none is held.
 */
export async function findHeldOrder(
  db: Db,
  userId: string,
  extraction: Pick<Extraction, 'merchant' | 'order_id' | 'purchase_date' | 'total'>,
  mentioned: readonly string[] = [],
): Promise<repo.HeldLine[]> {
  const merchant = extraction.merchant;
  const numbers = [extraction.order_id, ...mentioned].filter((id): id is string => Boolean(id?.trim()));
  const byNumber = (await repo.findOrderLinesByIds(db, userId, numbers)).filter(
    (line) => !line.shop_name || !merchant || sameMerchant(line.shop_name, merchant),
  );
  if (byNumber.length > 0) return firstOrder(byNumber);
  if (!merchant || !extraction.purchase_date || !extraction.total) return [];
  const sameDay = await repo.findOrderLinesOn(db, userId, extraction.purchase_date, extraction.total);
  return firstOrder(
    sameDay.filter(
      (line) =>
        line.shop_name !== null &&
        sameMerchant(line.shop_name, merchant) &&
        // Two numbered orders with different numbers are two orders, however alike.
        (!extraction.order_id || isGeneratedOrderId(line.order_id)),
    ),
  );
}

/**
 * Fills what the held order's lines lack from another document about it (a gap only: a value the order
 * has, which the user may have set, is never overwritten); answers the ids of the lines that changed.
 */
export async function fillGaps(
  db: Db,
  userId: string,
  lines: readonly repo.HeldLine[],
  extraction: Pick<Extraction, 'merchant' | 'purchase_date' | 'total' | 'products'>,
  now: Date,
): Promise<number[]> {
  const changed: number[] = [];
  for (const line of lines) {
    const product = extraction.products.find((p) => normalise(p.name) === normalise(line.product_name));
    const changes = {
      ...(line.shop_name === null && extraction.merchant ? { shop_name: extraction.merchant } : {}),
      ...(line.purchase_date === null && extraction.purchase_date
        ? { purchase_date: extraction.purchase_date }
        : {}),
      ...(line.store_link === null && product?.url ? { store_link: product.url } : {}),
      ...(line.order_total === null && extraction.total ? { order_total: extraction.total } : {}),
    };
    if (Object.keys(changes).length === 0) continue;
    await repo.updateOrder(db, userId, line.id, { ...changes, updated_at: timestamp(now) });
    changed.push(line.id);
  }
  if (changed.length > 0) await repo.bumpDataVersion(db, userId);
  return changed;
}
