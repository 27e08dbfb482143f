import { sql } from 'kysely';
import type { Db } from '../../db/schema';

type Provider = 'google' | 'microsoft';

/**
 * Takes the user's sync lease when it is free or expired; false while another process holds it.
 * One conditional statement, so two processes on one database cannot both win.
 */
export async function acquireLease(
  db: Db,
  userId: string,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> {
  await db
    .insertInto('sync_leases')
    .values({ user_id: userId, holder: null, expires_at: now, last_result: null, last_finished_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const result = await db
    .updateTable('sync_leases')
    .set({ holder, expires_at: until })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renewLease(db: Db, userId: string, holder: string, until: string): Promise<void> {
  await db
    .updateTable('sync_leases')
    .set({ expires_at: until })
    .where('user_id', '=', userId)
    .where('holder', '=', holder)
    .execute();
}

export async function releaseLease(
  db: Db,
  userId: string,
  holder: string,
  result: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('sync_leases')
    .set({ holder: null, last_result: result, last_finished_at: at })
    .where('user_id', '=', userId)
    .where('holder', '=', holder)
    .execute();
}

export function findLease(db: Db, userId: string) {
  return db.selectFrom('sync_leases').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The ids among `ids` that have a row in `table`: processed, or quarantined whatever their attempts. */
async function idsIn(
  db: Db,
  table: 'processed_messages' | 'quarantined_messages',
  userId: string,
  provider: Provider,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('message_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('message_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.message_id));
}

export function processedIds(db: Db, userId: string, provider: Provider, ids: string[]) {
  return idsIn(db, 'processed_messages', userId, provider, ids);
}

export async function markProcessed(
  db: Db,
  rows: {
    user_id: string;
    provider: 'google' | 'microsoft';
    message_id: string;
    outcome: string;
    processed_at: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('processed_messages')
    .values(rows)
    // A message fetched again (to keep its source, or restored after a rejection) records what it became.
    .onConflict((oc) =>
      oc.columns(['user_id', 'provider', 'message_id']).doUpdateSet((eb) => ({
        outcome: eb.ref('excluded.outcome'),
        processed_at: eb.ref('excluded.processed_at'),
      })),
    )
    .execute();
}

/** Outcome of a message to fetch again by id on the next sync. */
export const REFETCH = 'refetch';

/** Messages to fetch again by id (oldest first, at most `limit`), leaving out those quarantined. */
export async function messagesToRefetch(db: Db, userId: string, provider: Provider, limit: number) {
  const rows = await db
    .selectFrom('processed_messages as p')
    .select('p.message_id')
    .where('p.user_id', '=', userId)
    .where('p.provider', '=', provider)
    .where('p.outcome', '=', REFETCH)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('quarantined_messages as q')
            .select('q.message_id')
            .whereRef('q.user_id', '=', 'p.user_id')
            .whereRef('q.provider', '=', 'p.provider')
            .whereRef('q.message_id', '=', 'p.message_id'),
        ),
      ),
    )
    .orderBy('p.processed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.message_id);
}

/** Asks the next sync to fetch a message again by id (a restored rejection). */
export async function markForRefetch(
  db: Db,
  userId: string,
  provider: Provider,
  messageId: string,
  at: string,
): Promise<void> {
  await markProcessed(db, [
    { user_id: userId, provider, message_id: messageId, outcome: REFETCH, processed_at: at },
  ]);
}

export async function saveCursor(
  db: Db,
  userId: string,
  provider: 'google' | 'microsoft',
  cursor: string,
  at: string,
) {
  await db
    .updateTable('provider_accounts')
    .set({ sync_cursor: cursor, updated_at: at })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
}

/** Users whose mailbox the background sync should visit. */
export function syncableUsers(db: Db, userId?: string) {
  let query = db
    .selectFrom('users')
    .innerJoin('provider_accounts as a', (j) =>
      j.onRef('a.user_id', '=', 'users.id').onRef('a.provider', '=', 'users.provider'),
    )
    .where('a.needs_reauth', '=', 0)
    .select(['users.id', 'users.provider']);
  if (userId !== undefined) query = query.where('users.id', '=', userId);
  return query.execute();
}

/** The ids among `ids` that are quarantined, whatever their attempts. */
export function quarantinedIds(db: Db, userId: string, provider: Provider, ids: string[]) {
  return idsIn(db, 'quarantined_messages', userId, provider, ids);
}

/** Quarantined messages with attempts left, oldest first. */
export async function quarantinedForRetry(
  db: Db,
  userId: string,
  provider: Provider,
  maxAttempts: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('quarantined_messages')
    .select('message_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('attempts', '<', maxAttempts)
    .orderBy('first_attempt_at')
    .execute();
  return rows.map((r) => r.message_id);
}

/** A message that failed; a `final` failure would fail again, so it uses up every attempt at once. */
export interface Failure {
  id: string;
  reason: string;
  final: boolean;
}

/** Records failed attempts: a new row at 1, or one more on the row already there (`maxAttempts` if final). */
export async function quarantine(
  db: Db,
  userId: string,
  provider: Provider,
  failures: Failure[],
  maxAttempts: number,
  at: string,
): Promise<void> {
  for (const failure of failures) {
    await db
      .insertInto('quarantined_messages')
      .values({
        user_id: userId,
        provider,
        message_id: failure.id,
        reason: failure.reason,
        attempts: failure.final ? maxAttempts : 1,
        first_attempt_at: at,
        last_attempt_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'provider', 'message_id']).doUpdateSet({
          reason: failure.reason,
          attempts: failure.final ? maxAttempts : sql<number>`quarantined_messages.attempts + 1`,
          last_attempt_at: at,
        }),
      )
      .execute();
  }
}

/** Takes messages that have now been processed out of quarantine. */
export async function releaseQuarantined(
  db: Db,
  userId: string,
  provider: Provider,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('quarantined_messages')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('message_id', 'in', ids)
    .execute();
}

export async function findCursor(db: Db, userId: string, provider: Provider): Promise<string | null> {
  const account = await db
    .selectFrom('provider_accounts')
    .select('sync_cursor')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return account?.sync_cursor ?? null;
}

/** Each message is stored in a savepoint of the page's transaction, so one failed import is undone alone. */
export async function savepoint(trx: Db): Promise<void> {
  await sql`savepoint one_message`.execute(trx);
}

export async function releaseSavepoint(trx: Db): Promise<void> {
  await sql`release savepoint one_message`.execute(trx);
}

export async function rollbackToSavepoint(trx: Db): Promise<void> {
  await sql`rollback to savepoint one_message`.execute(trx);
  await sql`release savepoint one_message`.execute(trx);
}
