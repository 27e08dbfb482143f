import type { Insertable } from 'kysely';
import type { Db, RemindersTable } from '../../db/schema';

export type NewReminder = Insertable<RemindersTable>;

export async function insertReminder(db: Db, row: NewReminder): Promise<number> {
  const { id } = await db.insertInto('reminders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setExternalId(db: Db, id: number, externalId: string): Promise<void> {
  await db.updateTable('reminders').set({ external_id: externalId }).where('id', '=', id).execute();
}

/** Records the id an event is about to be created under, before the provider is asked. */
export async function setChosenEventId(
  db: Db,
  id: number,
  provider: 'google' | 'microsoft',
  chosenEventId: string,
): Promise<void> {
  await db
    .updateTable('reminders')
    .set({ provider, chosen_event_id: chosenEventId })
    .where('id', '=', id)
    .execute();
}

/** A purchase reminder whose event an earlier run made and this one found: its id and what it now says. */
export async function recordCreated(
  db: Db,
  id: number,
  event: { external_id: string; event_date: string; title: string; rrule: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('reminders').set(event).where('id', '=', id).execute();
}

/** A reminder kept while the calendar was disconnected, now written to the user's calendar. */
export async function setCalendarEvent(
  db: Db,
  id: number,
  event: { provider: 'google' | 'microsoft'; external_id: string; updated_at: string },
): Promise<void> {
  await db.updateTable('reminders').set(event).where('id', '=', id).execute();
}

export async function updateEvent(
  db: Db,
  id: number,
  changes: { event_date: string; title: string; rrule: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('reminders').set(changes).where('id', '=', id).execute();
}

export async function deleteReminder(db: Db, id: number): Promise<void> {
  await db.deleteFrom('reminders').where('id', '=', id).execute();
}

/** The events this app keeps for the user's purchases (warranty ends, parts due). */
export function listPurchaseReminders(db: Db, userId: string) {
  return db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', 'in', ['warranty', 'part'])
    .execute();
}

/** Every reminder with an event on a provider's calendar, or one being created (under its chosen id). */
export function listWithEvents(db: Db, userId: string) {
  return db
    .selectFrom('reminders')
    .select(['id', 'provider', 'external_id', 'chosen_event_id'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('external_id', 'is not', null), eb('chosen_event_id', 'is not', null)]))
    .execute();
}

/** Every reminder of the user with its calendar event's id (null while it waits to be written). */
export function listReminders(db: Db, userId: string) {
  return db
    .selectFrom('reminders')
    .select(['id', 'kind', 'order_row_id', 'title', 'rrule', 'external_id'])
    .where('user_id', '=', userId)
    .execute();
}

/** The reminders the user set by hand. */
export function listCustomReminders(db: Db, userId: string) {
  return db
    .selectFrom('reminders')
    .select(['id', 'provider', 'title', 'event_date', 'rrule', 'kind', 'external_id', 'chosen_event_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'custom')
    .execute();
}

export function findSettings(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['provider', 'warranty_reminder_days', 'default_currency', 'data_version'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Records that the user's calendar is in line with their data as of `version` (never moves it back). */
export async function recordCalendarVersion(db: Db, userId: string, version: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ calendar_version: version })
    .where('id', '=', userId)
    .where('calendar_version', '<', version)
    .execute();
}

/**
 * Users whose calendar is behind their data since before `changedBefore` (their last change's signal was
 * lost, or its reconcile has not succeeded yet), at most `limit`, longest waiting first.
 */
export async function usersBehindTheirData(db: Db, changedBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .whereRef('calendar_version', '<', 'data_version')
    .where('updated_at', '<', changedBefore)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Saves reminder settings; the data version moves, since totals and statuses may read differently. */
export async function updateSettings(
  db: Db,
  userId: string,
  changes: { warranty_reminder_days?: number | null; default_currency?: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, data_version: (eb) => eb('data_version', '+', 1), updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export function findSealedFeedSecret(db: Db, userId: string) {
  return db.selectFrom('users').select('feed_secret_enc').where('id', '=', userId).executeTakeFirst();
}

export async function setFeedSecret(db: Db, userId: string, hash: string, sealed: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ feed_secret: hash, feed_secret_enc: sealed })
    .where('id', '=', userId)
    .execute();
}

export function findFeedOwner(db: Db, secretHash: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('feed_secret', '=', secretHash)
    .executeTakeFirst();
}
