import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database';
import * as initial from './migrations/20261122T1400_initial';
import * as signInStates from './migrations/20261122T1500_sign_in_states';
import * as mailSync from './migrations/20261122T1600_mail_sync';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

// Listed by hand so the bundled server needs no migrations folder on disk; names sort by timestamp.
const MIGRATIONS: Record<string, DialectMigration> = {
  '20261122T1400_initial': initial,
  '20261122T1500_sign_in_states': signInStates,
  '20261122T1600_mail_sync': mailSync,
};

/**
 * Applies every pending migration; throws with the failing migration's name. `schema` pins Kysely's own
 * bookkeeping tables to one PostgreSQL schema (its introspection otherwise sees every schema's).
 */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, schema?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (d) => m.up(d, dialect) };
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
