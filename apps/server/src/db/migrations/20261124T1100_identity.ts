import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Users are found by their provider account (provider, subject), no longer by e-mail:
// two users may share an address (a look-alike account the provider did not vouch for gets its own
// user), so users.email stops being unique. `email_verified` records whether a provider vouched for
// the address, which is what allows a second provider to be linked to the user by that address.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table users drop constraint users_email_key`.execute(db);
  } else {
    await rebuildSqliteUsersWithoutUniqueEmail(db);
  }
  await db.schema.createIndex('users_email').on('users').column('email').execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Google sign-in refused unverified addresses until now; Microsoft's addresses were never checked.
  await db.updateTable('users').set({ email_verified: 1 }).where('provider', '=', 'google').execute();
}

/**
 * SQLite cannot drop the index behind a column's UNIQUE: the table is rebuilt from its own stored
 * definition (so columns other migrations added survive), following SQLite's documented procedure
 * with foreign keys off, so dropping the old table cascades nothing.
 */
async function rebuildSqliteUsersWithoutUniqueEmail(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = 'users' and sql is not null`.execute(db);
  const table = rows.find((r) => r.type === 'table')?.sql ?? '';
  // SQLite keeps the statement as written, with its own keywords upper-cased.
  const head = /^create table "users" \(/i;
  const uniqueEmail = '"email" text not null unique';
  if (!head.test(table) || !table.includes(uniqueEmail))
    throw new Error(`users table has an unexpected definition: ${table}`);
  const rebuilt = table
    .replace(head, 'create table "users_rebuild" (')
    .replace(uniqueEmail, '"email" text not null');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into users_rebuild select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_rebuild rename to users`.execute(trx);
      for (const index of rows.filter((r) => r.type === 'index')) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('users rebuild broke a foreign key');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
