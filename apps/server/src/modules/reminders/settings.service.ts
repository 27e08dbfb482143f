import type { Settings, SettingsUpdate } from '@warrantly/contract/reminders';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { ChangeNotifier } from '../../user-data-changes';
import { repriceBareAmounts } from '../purchases/purchases.service';
import * as repo from './reminders.repository';

export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const user = await repo.findSettings(db, userId);
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return { warranty_reminder_days: user.warranty_reminder_days, default_currency: user.default_currency };
}

/**
 * Saves the settings sent. A new default currency re-reads every price typed without a currency, since
 * those are in the default currency by definition; totals change with it.
 */
export async function updateSettings(
  deps: { db: Db } & ChangeNotifier,
  userId: string,
  input: SettingsUpdate,
): Promise<Settings> {
  const { db } = deps;
  const before = await getSettings(db, userId);
  await db.transaction().execute(async (trx) => {
    await repo.updateSettings(
      trx,
      userId,
      {
        ...(input.warranty_reminder_days !== undefined
          ? { warranty_reminder_days: input.warranty_reminder_days }
          : {}),
        ...(input.default_currency ? { default_currency: input.default_currency } : {}),
      },
      timestamp(),
    );
    if (input.default_currency && input.default_currency !== before.default_currency) {
      await repriceBareAmounts(trx, userId, input.default_currency);
    }
  });
  deps.onUserDataChanged(userId);
  return getSettings(db, userId);
}
