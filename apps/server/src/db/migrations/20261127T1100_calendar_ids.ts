import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Issue #33: a calendar event is created under an id chosen here and recorded before the
// provider is asked (Google's event id; Graph's transactionId and an extended property), so a retry after a
// lost answer or a crash finds the event instead of making a second one.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Set and no external_id yet: the event is being created (or was, by a run that did not finish).
  await db.schema.alterTable('reminders').addColumn('chosen_event_id', 'text').execute();
}
