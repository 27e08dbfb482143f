import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by their SQL. Kysely prepares every
 * query anew, and preparing costs more than the primary-key read a conditional request makes. Keeping a
 * statement is safe here: Kysely holds its one SQLite connection for a whole query, a stream included
 * until it is read or dropped, so a statement is never in use twice; and SQLite re-prepares a kept
 * statement by itself after a schema change.
 */
export function withStatementCache(db: SqliteDatabase.Database, size = 500): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the oldest is evicted first.
        statements.delete(sql);
      } else {
        statement = db.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
