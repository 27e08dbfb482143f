import type { Settings, SettingsUpdate } from '@warrantly/contract/reminders';
import type { Kysely } from 'kysely';
import { timestamp } from '../../dates';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../errors';
import { parsePrice } from '../purchases/amounts';

export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const user = await db
    .selectFrom('users')
    .select(['warranty_reminder_days', 'default_currency'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return user;
}

/**
 * Saves the settings sent. A new default currency re-reads every price typed without a currency, since
 * those are in the default currency by definition; totals change with it.
 */
export async function updateSettings(
  db: Kysely<Database>,
  userId: string,
  input: SettingsUpdate,
): Promise<Settings> {
  const before = await getSettings(db, userId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        ...(input.warranty_reminder_days !== undefined
          ? { warranty_reminder_days: input.warranty_reminder_days }
          : {}),
        ...(input.default_currency ? { default_currency: input.default_currency } : {}),
        data_version: (eb) => eb('data_version', '+', 1),
        updated_at: timestamp(),
      })
      .where('id', '=', userId)
      .execute();
    if (input.default_currency && input.default_currency !== before.default_currency) {
      const bare = await trx
        .selectFrom('orders')
        .select(['id', 'price'])
        .where('user_id', '=', userId)
        .where('has_currency', '=', 0)
        .where('price', 'is not', null)
        .execute();
      for (const row of bare) {
        await trx
          .updateTable('orders')
          .set(parsePrice(row.price, input.default_currency))
          .where('id', '=', row.id)
          .execute();
      }
    }
  });
  return getSettings(db, userId);
}
