import type { ReminderInfo, ReminderKind } from '@warrantly/contract/reminders';
import type { Db } from '../../db/schema';
import { listReminderSources } from '../purchases/purchases.service';
import { customEvent, desiredEvents } from './desired-events';
import type { RecordedReminder } from './recorded-events';
import * as repo from './reminders.repository';

const KINDS: readonly string[] = ['warranty', 'part', 'custom'] satisfies ReminderKind[];
const kindOf = (kind: string): ReminderKind => (KINDS.includes(kind) ? (kind as ReminderKind) : 'custom');

/**
 * Every reminder Warrantly keeps for the user, from its own records rather than the provider's calendar:
 * the warranty and part events their purchases call for today (as the reconcile would write them) and the
 * reminders they set by hand, written to the calendar or still waiting to be.
 */
export async function knownReminders(
  db: Db,
  userId: string,
  reminderDays: number | null,
  today: string,
  appUrl: string,
): Promise<RecordedReminder[]> {
  const desired = desiredEvents(await listReminderSources(db, userId), reminderDays, today, appUrl);
  const known: RecordedReminder[] = [...desired.values()].map((want) => ({
    id: `warrantly-${want.kind}-${want.orderRowId}`,
    title: want.title,
    description: want.description,
    date: want.date,
    everyDays: want.everyDays,
    info: { kind: kindOf(want.kind), product_name: want.productName, repeat_every_days: want.everyDays },
  }));
  for (const row of await repo.listCustomReminders(db, userId)) {
    const event = customEvent(row.title, row.event_date, appUrl);
    known.push({
      id: `warrantly-reminder-${row.id}`,
      title: event.title,
      description: event.description,
      date: row.event_date,
      everyDays: null,
      info: { kind: 'custom', product_name: row.title, repeat_every_days: null },
    });
  }
  return known;
}

/** What Warrantly's records say about the calendar events it made, by the event's id on the calendar. */
export async function reminderInfoByEventId(db: Db, userId: string): Promise<Map<string, ReminderInfo>> {
  const rows = await repo.listReminders(db, userId);
  const names = new Map((await listReminderSources(db, userId)).map((line) => [line.id, line.product_name]));
  const byId = new Map<string, ReminderInfo>();
  for (const row of rows) {
    if (!row.external_id) continue;
    const kind = kindOf(row.kind);
    byId.set(row.external_id, {
      kind,
      product_name: (row.order_row_id !== null && names.get(row.order_row_id)) || row.title,
      repeat_every_days: row.rrule === null ? null : Number(row.rrule),
    });
  }
  return byId;
}
