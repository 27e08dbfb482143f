import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Issue #33: the data version the user's calendar was last brought in line with. A change
// commits its data version first and signals the calendar after; a replica that dies between the two
// leaves the user's calendar_version behind their data_version, and a periodic catch-up finds them.
// Existing users start even: their calendars followed every change so far.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('calendar_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set calendar_version = data_version`.execute(db);
}
