import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database, Db } from '../db/schema';

/** What a backup holds, counted in the same snapshot as it was copied (a restore checks it got as many). */
export interface RowCounts {
  users: number;
  purchases: number;
  receipts: number;
  reminders: number;
  providerAccounts: number;
}

const TABLES = {
  users: 'users',
  purchases: 'orders',
  receipts: 'documents',
  reminders: 'reminders',
  providerAccounts: 'provider_accounts',
} as const;

export async function countRows(db: Db): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const [name, table] of Object.entries(TABLES) as [
    keyof RowCounts,
    (typeof TABLES)[keyof RowCounts],
  ][]) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[name] = Number(row.n);
  }
  return counts;
}

/** The blob keys of every stored receipt file the database names. */
export async function storedFileKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('storage_key').execute();
  return rows.map((row) => row.storage_key);
}

/**
 * A copy of the SQLite database at `source` into `target` by SQLite's online backup API: a consistent
 * snapshot while the server goes on reading and writing.
 */
export async function copySqliteDatabase(source: string, target: string): Promise<void> {
  const sqlite = new SqliteDatabase(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
}

/**
 * Runs `dump` with the id of a snapshot exported from a repeatable-read transaction held open meanwhile
 * (`pg_dump --snapshot`), so the rows counted and the rows dumped are the same.
 */
export async function inExportedSnapshot(
  db: Kysely<Database>,
  dump: (snapshot: string) => Promise<void>,
): Promise<{ counts: RowCounts; fileKeys: string[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
      const snapshot = rows[0]?.snapshot;
      if (!snapshot) throw new Error('PostgreSQL exported no snapshot');
      const counts = await countRows(trx);
      const fileKeys = await storedFileKeys(trx);
      await dump(snapshot);
      return { counts, fileKeys };
    });
}

/** The schema a PostgreSQL connection works in (its search_path's first existing schema), or null. */
export async function currentSchema(db: Db): Promise<string | null> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? null;
}

/** The first search_path entry of a connection (a schema that may not exist yet). */
export async function searchPathHead(db: Db): Promise<string | null> {
  const { rows } = await sql<{ head: string | null }>`select current_setting('search_path') as head`.execute(
    db,
  );
  const first = rows[0]?.head
    ?.split(',')[0]
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
  return first && first !== '$user' ? first : null;
}

/** Whether `schema` exists, and the names of (up to 5 of) the tables, views and sequences it holds. */
export async function schemaContents(db: Db, schema: string): Promise<{ exists: boolean; holds: string[] }> {
  const { rows: found } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    order by c.relname limit 5`.execute(db);
  return { exists: Number(found[0]?.n) > 0, holds: rows.map((r) => r.name) };
}
