import type { Db } from '../../db/schema';

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
      'part.id',
      'part.product_name',
      'part.purchase_date',
      'part.store_link',
      'part.price',
      'part.replace_every_days',
    ])
    .orderBy('main.purchase_date', 'desc')
    .orderBy('main.id', 'desc')
    .orderBy('part.purchase_date', 'desc')
    .execute();
}
