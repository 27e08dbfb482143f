import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { EncryptionKeys } from '../storage/envelope';
import type { Dialect } from './database';
import * as initial from './migrations/20261122T1400_initial';
import * as signInStates from './migrations/20261122T1500_sign_in_states';
import * as mailSync from './migrations/20261122T1600_mail_sync';
import * as identity from './migrations/20261124T1100_identity';
import * as dataAtRest from './migrations/20261124T1300_data_at_rest';
import * as quarantine from './migrations/20261124T1400_quarantine';
import * as keysetPages from './migrations/20261125T1000_keyset_pages';
import * as versionNotify from './migrations/20261125T1200_version_notify';
import * as warrantyPages from './migrations/20261126T1400_warranty_pages';
import * as review from './migrations/20261127T0100_review';
import * as jobs from './migrations/20261127T1000_jobs';
import * as calendarIds from './migrations/20261127T1100_calendar_ids';
import * as rateLimits from './migrations/20261127T1200_rate_limits';
import * as calendarVersion from './migrations/20261127T1300_calendar_version';

/** A migration module: `up` takes the dialect (and keys, to seal existing rows). */
export type DialectMigration = {
  up(db: Kysely<any>, dialect: Dialect, keys?: EncryptionKeys): Promise<void>;
};

// Listed by hand so the bundled server needs no migrations folder on disk; names sort by timestamp.
const MIGRATIONS: Record<string, DialectMigration> = {
  '20261122T1400_initial': initial,
  '20261122T1500_sign_in_states': signInStates,
  '20261122T1600_mail_sync': mailSync,
  '20261124T1100_identity': identity,
  '20261124T1300_data_at_rest': dataAtRest,
  '20261124T1400_quarantine': quarantine,
  '20261125T1000_keyset_pages': keysetPages,
  '20261125T1200_version_notify': versionNotify,
  '20261126T1400_warranty_pages': warrantyPages,
  '20261127T0100_review': review,
  '20261127T1000_jobs': jobs,
  '20261127T1100_calendar_ids': calendarIds,
  '20261127T1200_rate_limits': rateLimits,
  '20261127T1300_calendar_version': calendarVersion,
};

/**
 * Applies every pending migration; throws with the failing migration's name. `schema` pins Kysely's own
 * bookkeeping tables to one PostgreSQL schema (its introspection otherwise sees every schema's). `keys`
 * lets a migration seal existing rows (needed only when there are rows to seal).
 */
export async function migrateToLatest(
  db: Kysely<any>,
  dialect: Dialect,
  schema?: string,
  keys?: EncryptionKeys,
): Promise<void> {
  if (dialect !== 'postgres') return migrate(db, dialect, schema, keys);
  // Kysely locks the migrations themselves, but creates its bookkeeping tables before taking its lock
  // (and then relies on re-reading after a failed concurrent creation).
  await underStartupLock(db, () => migrate(db, dialect, schema, keys));
}

/**
 * Runs `step` while no other process sharing this PostgreSQL runs one: replicas starting together take
 * turns for their start-up steps (migrations, the job queue's tables) under one session lock, held on a
 * connection of its own; the first does the work, the others find it done. The lock goes with the
 * connection if the process dies.
 */
export async function underStartupLock<T>(db: Kysely<any>, step: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    try {
      return await step();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    }
  });
}

/** PostgreSQL advisory lock key of Warrantly's migrate step (any fixed number other programs do not use). */
const MIGRATION_LOCK_KEY = 8_427_530_117n;

async function migrate(
  db: Kysely<any>,
  dialect: Dialect,
  schema: string | undefined,
  keys: EncryptionKeys | undefined,
): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (d) => m.up(d, dialect, keys) };
      return out;
    },
  };
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
