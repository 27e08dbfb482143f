import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** How a table holds a user's rows: the column naming the user, or why it holds nothing of anyone's. */
export type UserData = { column: 'user_id' | 'id' } | { none: string };

/**
 * Every table of the schema and how account deletion finds the user's rows in it. Typed by `Database`, so
 * a table added to the schema does not compile until it is listed here; a test also compares this list
 * with the tables the migrations really made. Deleted in this order: `users` last.
 */
export const USER_DATA: Record<keyof Database, UserData> = {
  provider_accounts: { column: 'user_id' },
  refresh_tokens: { column: 'user_id' },
  documents: { column: 'user_id' },
  reminders: { column: 'user_id' },
  orders: { column: 'user_id' },
  interactions: { column: 'user_id' },
  processed_messages: { column: 'user_id' },
  quarantined_messages: { column: 'user_id' },
  sync_leases: { column: 'user_id' },
  rejections: { column: 'user_id' },
  memory_entries: { column: 'user_id' },
  jobs: {
    none: "background jobs' bookkeeping, keyed by user id: deletion cancels the user's jobs and their rows",
  },
  spent_sign_in_states: { none: 'hashes of spent sign-in states: tied to no user, expire in minutes' },
  rate_limits: { none: 'rate-limit counters per address or user id, each gone when its minute ends' },
  users: { column: 'id' },
};

/** Deletes every row of the user in every table, in the caller's transaction. */
export async function deleteUserRows(trx: Db, userId: string): Promise<void> {
  // Table and column names come from the typed list above, never from input.
  const anyDb = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const [table, data] of Object.entries(USER_DATA)) {
    if ('column' in data) await anyDb.deleteFrom(table).where(data.column, '=', userId).execute();
  }
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export function findUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'name',
      'picture_url',
      'provider',
      'default_currency',
      'warranty_reminder_days',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findMailbox(db: Db, userId: string, provider: 'google' | 'microsoft') {
  return db
    .selectFrom('provider_accounts as a')
    .leftJoin('sync_leases as l', 'l.user_id', 'a.user_id')
    .select(['a.refresh_token_enc', 'a.access_token_enc', 'a.needs_reauth', 'l.last_finished_at'])
    .where('a.user_id', '=', userId)
    .where('a.provider', '=', provider)
    .executeTakeFirst();
}

export function listReminders(db: Db, userId: string) {
  return db
    .selectFrom('reminders')
    .select(['title', 'event_date', 'kind', 'provider', 'rrule'])
    .where('user_id', '=', userId)
    .orderBy('event_date')
    .orderBy('id')
    .execute();
}

/** The user's stored files with what the export names them by (never `extracted_json`: not a file). */
export function listDocuments(db: Db, userId: string) {
  return db
    .selectFrom('documents')
    .select([
      'id',
      'order_id',
      'filename',
      'size',
      'sha256',
      'storage_key',
      'extraction_status',
      'created_at',
      'kind',
      'is_primary',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user's tombstones (rejected documents), as the export lists them. */
export function listRejections(db: Db, userId: string) {
  return db
    .selectFrom('rejections')
    .select(['source_key', 'kind', 'rejected_at'])
    .where('user_id', '=', userId)
    .orderBy('rejected_at')
    .execute();
}
