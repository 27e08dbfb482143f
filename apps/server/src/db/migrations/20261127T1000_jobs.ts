import type { Kysely } from 'kysely';

// Frozen in time. Issue #33: background work runs as jobs keyed per kind and key (a user's id). One row per
// job kind and key says who runs it now (a lease, so two replicas never run one user's job at once) and, on
// SQLite where the queue lives in-process, that it is still wanted (so a crash between a change and its
// run is redone at start-up) or why it was given up on (the dead-letter state).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // Times it was asked for since it last ran to its end (SQLite); 0: nothing to do.
    .addColumn('wanted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holder', 'text')
    .addColumn('expires_at', 'text')
    // Set when every retry failed: the last error, kept until the job is asked for again.
    .addColumn('dead_reason', 'text')
    .addColumn('dead_at', 'text')
    .addPrimaryKeyConstraint('jobs_pk', ['name', 'key'])
    .execute();
}
