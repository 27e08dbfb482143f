import type { Kysely } from 'kysely';

// Frozen in time. Every message a sync has looked at, so re-syncs, overlapping runs and retries never
// import one twice and a purchase the user deleted is not brought back; and one lease row per user so
// only one process syncs a mailbox at a time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('processed_messages')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message_date', 'text')
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('processed_messages_pk', ['user_id', 'provider', 'message_id'])
    .execute();

  await db.schema
    .createTable('sync_leases')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('holder', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_result', 'text')
    .addColumn('last_finished_at', 'text')
    .execute();
}
