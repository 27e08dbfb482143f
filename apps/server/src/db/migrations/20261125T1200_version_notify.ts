import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. On PostgreSQL every change of a user's data version or default currency, and every
// deleted user, is announced on the channel `warrantly_data_versions` with the user's id, when its
// transaction commits, whoever wrote it (any replica, a script, psql). Each server listens and forgets
// the version it remembered (purchases/data-versions.service.ts). SQLite has one writer and needs none.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create function notify_data_version() returns trigger language plpgsql as $$
    begin
      perform pg_notify('warrantly_data_versions', old.id::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_data_version_notify
    after update of data_version, default_currency or delete on users
    for each row execute function notify_data_version()`.execute(db);
}
