import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Messages a sync could not process are quarantined (id, a short reason, attempts; never
// a subject or body) so the rest of the mailbox syncs and a poison message is retried once, then never.
// Processed messages keep only their ids: the subjects and dates stored until now are erased.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('quarantined_messages')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('first_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quarantined_messages_pk', ['user_id', 'provider', 'message_id'])
    .execute();

  // SQLite leaves dropped values in free pages unless secure_delete zeroes them as they are freed.
  const before =
    dialect === 'sqlite'
      ? ((await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db)).rows[0]?.secure_delete ?? 0)
      : 0;
  if (dialect === 'sqlite') await sql`pragma secure_delete = on`.execute(db);
  try {
    await db.updateTable('processed_messages').set({ subject: null, message_date: null }).execute();
    await db.schema.alterTable('processed_messages').dropColumn('subject').execute();
    await db.schema.alterTable('processed_messages').dropColumn('message_date').execute();
  } finally {
    if (dialect === 'sqlite') await sql.raw(`pragma secure_delete = ${Number(before)}`).execute(db);
  }
  // The write-ahead log still holds the pages as they were: copy it into the file and empty it.
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
