import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: written against Kysely<any>, never edited once committed.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (b: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? b.primaryKey() : b.primaryKey().autoIncrement();
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('picture_url', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('default_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('warranty_reminder_days', 'integer', (c) => c.defaultTo(30))
    .addColumn('data_version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('feed_secret', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('provider_accounts')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('access_token_enc', 'text')
    .addColumn('refresh_token_enc', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('scopes', 'text')
    .addColumn('sync_cursor', 'text')
    .addColumn('needs_reauth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('provider_accounts_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('provider_accounts_user').on('provider_accounts').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('shop_name', 'text')
    .addColumn('purchase_date', 'text')
    .addColumn('price', 'text')
    .addColumn('amount_minor', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('has_currency', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warranty_expire_date', 'text')
    .addColumn('warranty_estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text')
    .addColumn('line_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('parent_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('replace_every_days', 'integer')
    .addColumn('store_link', 'text')
    .addColumn('order_total', 'text')
    .addColumn('order_currency', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // The list, the totals and order look-ups are all per user: each index leads with user_id.
  await db.schema
    .createIndex('orders_user_date')
    .on('orders')
    .columns(['user_id', 'purchase_date', 'id'])
    .execute();
  await db.schema.createIndex('orders_user_order').on('orders').columns(['user_id', 'order_id']).execute();
  await db.schema
    .createIndex('orders_user_warranty')
    .on('orders')
    .columns(['user_id', 'warranty_expire_date'])
    .execute();
  await db.schema.createIndex('orders_parent').on('orders').column('parent_id').execute();
  await db.schema
    .createIndex('orders_user_source_ref')
    .on('orders')
    .columns(['user_id', 'source', 'source_ref', 'line_no'])
    .unique()
    .where(sql.ref('source_ref'), 'is not', null)
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('extraction_status', 'text', (c) => c.notNull())
    .addColumn('extracted_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('documents_user_order', ['user_id', 'order_id'])
    .execute();

  await db.schema
    .createTable('reminders')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_row_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('rrule', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reminders_user').on('reminders').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('interactions')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tab_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('interactions_user')
    .on('interactions')
    .columns(['user_id', 'created_at'])
    .execute();
}
