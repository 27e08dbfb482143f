import type { Insertable } from 'kysely';
import type { Db, MemoryEntriesTable } from '../../db/schema';

/** The user's entries stored under any of these key HMACs. */
export function findByKeys(db: Db, userId: string, hmacs: readonly string[]) {
  if (hmacs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('memory_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key_hmac', 'in', [...hmacs])
    .execute();
}

/** Writes entries, replacing the one of the same (key, kind, field). */
export async function upsert(db: Db, rows: Insertable<MemoryEntriesTable>[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('memory_entries')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'key_hmac', 'kind', 'field']).doUpdateSet({
          sealed: row.sealed,
          dropped: row.dropped,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}

export function listEntries(db: Db, userId: string) {
  return db
    .selectFrom('memory_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

/** Deletes one entry of the user; false when the user has none by that id. */
export async function deleteEntry(db: Db, userId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('memory_entries')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of every user's entries after `afterId`, for key rotation. */
export function entriesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('memory_entries')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function rewrite(db: Db, id: number, keyHmac: string, sealed: string): Promise<void> {
  await db.updateTable('memory_entries').set({ key_hmac: keyHmac, sealed }).where('id', '=', id).execute();
}

/** True when another entry of the user has this key, kind and field. */
export async function existsOther(
  db: Db,
  row: { id: number; user_id: string; key_hmac: string; kind: string; field: string },
): Promise<boolean> {
  const found = await db
    .selectFrom('memory_entries')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('key_hmac', '=', row.key_hmac)
    .where('kind', '=', row.kind as 'alias' | 'anchor')
    .where('field', '=', row.field as 'merchant')
    .where('id', '!=', row.id)
    .executeTakeFirst();
  return found !== undefined;
}
