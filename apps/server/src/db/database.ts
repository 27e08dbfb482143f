import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle on SQLite (benchmarks compare against it), null on PostgreSQL. */
  sqlite: SqliteDatabase.Database | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; absent: SQLite at `sqliteFile`. */
  url?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string;
}

/** Opens the database; the PostgreSQL driver is loaded only when one is configured. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import('pg');
    // int8 (bigint) and numeric come back as strings by default; our values fit in a double.
    const pgTypes = {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === 20 || oid === 1700) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}
