import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Issue #33: rate limits counted in PostgreSQL for replicas without Redis. One row per
// route and address (or user), living one window; the rows are counters, not user data, and are left out
// of exports and backups. SQLite (one process) gets the table too, unused, so both schemas stay alike.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch, on the database's clock (one clock for every replica).
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}
