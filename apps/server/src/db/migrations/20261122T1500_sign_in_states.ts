import type { Kysely } from 'kysely';

// Frozen in time. A sign-in state is spent once: its hash is recorded here when the callback uses it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spent_sign_in_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
