import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Issue #32: what was read automatically waits for review, an order may carry several
// documents (its invoice, its e-mail, a second copy uploaded later), and a rejection leaves a tombstone.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  // 'pending' while the user has not looked at an automatically read purchase that needs it, 'accepted'
  // once they did; null for what the user typed and for what was read well enough.
  await db.schema.alterTable('orders').addColumn('review_state', 'text').execute();
  // Why it waits: a JSON list of {field, reason} codes, never a value read from the document.
  await db.schema.alterTable('orders').addColumn('review_reasons', 'text').execute();
  await db.schema
    .createIndex('orders_user_review')
    .on('orders')
    .columns(['user_id', 'review_state'])
    .where(sql.ref('review_state'), '=', 'pending')
    .execute();

  // Whether purchases waiting for review count in the totals (they do unless the user says otherwise).
  await db.schema
    .alterTable('users')
    .addColumn('count_pending_reviews', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Several documents per order: the one shown as its receipt is `is_primary`; `kind` says how to show it.
  if (dialect === 'postgres') {
    await db.schema.alterTable('documents').dropConstraint('documents_user_order').execute();
    await db.schema
      .alterTable('documents')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('pdf'))
      .execute();
    await db.schema
      .alterTable('documents')
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  } else {
    // SQLite cannot drop a table's unique constraint: the table is rebuilt with the same rows and ids.
    await sql`create table documents_new (
      id integer primary key autoincrement,
      user_id text not null references users(id) on delete cascade,
      order_id text not null,
      filename text not null,
      mime text not null,
      size integer not null,
      sha256 text not null,
      storage_key text not null unique,
      extraction_status text not null,
      extracted_json text,
      created_at text not null default CURRENT_TIMESTAMP,
      kind text not null default 'pdf',
      is_primary integer not null default 1
    )`.execute(db);
    await sql`insert into documents_new (id, user_id, order_id, filename, mime, size, sha256, storage_key,
      extraction_status, extracted_json, created_at)
      select id, user_id, order_id, filename, mime, size, sha256, storage_key, extraction_status,
      extracted_json, created_at from documents`.execute(db);
    await sql`drop table documents`.execute(db);
    await sql`alter table documents_new rename to documents`.execute(db);
  }
  await db.updateTable('documents').set({ kind: 'photo' }).where('mime', 'like', 'image/%').execute();
  await db.schema
    .createIndex('documents_user_primary')
    .on('documents')
    .columns(['user_id', 'order_id'])
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();
  await db.schema
    .createIndex('documents_user_order_all')
    .on('documents')
    .columns(['user_id', 'order_id'])
    .execute();
  await db.schema.createIndex('documents_user_sha').on('documents').columns(['user_id', 'sha256']).execute();

  // Messages that made purchases before messages were kept are fetched once more by id on the next sync,
  // to keep each as its purchase's source (mail-sync: outcome 'refetch').
  await db
    .updateTable('processed_messages')
    .set({ outcome: 'refetch' })
    .where('outcome', 'in', ['order', 'duplicate'])
    .execute();

  // A rejected document's tombstone: only the message id or the file's hash, so sync and upload skip it.
  await db.schema
    .createTable('rejections')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rejected_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rejections_pk', ['user_id', 'source_key'])
    .execute();

  // What the user's corrections taught (packages/extract memory.ts): keyed by an HMAC of an identity or
  // layout key under a key derived for the user; the raw key, the value and the anchors are sealed.
  await db.schema
    .createTable('memory_entries')
    .addColumn('id', serial, (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hmac', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('dropped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memory_entries_key', ['user_id', 'key_hmac', 'kind', 'field'])
    .execute();
}
