import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import * as initial from '../src/db/migrations/20261122T1400_initial';
import * as signInStates from '../src/db/migrations/20261122T1500_sign_in_states';
import * as mailSync from '../src/db/migrations/20261122T1600_mail_sync';
import * as identity from '../src/db/migrations/20261124T1100_identity';
import * as dataAtRest from '../src/db/migrations/20261124T1300_data_at_rest';
import { DIALECTS, dropSchemas, migrateThrough, openFreshDatabase } from './harness';

const EARLIER = {
  '20261122T1400_initial': initial,
  '20261122T1500_sign_in_states': signInStates,
  '20261122T1600_mail_sync': mailSync,
  '20261124T1100_identity': identity,
  '20261124T1300_data_at_rest': dataAtRest,
};
const SUBJECT = 'Dinner on Friday with Sam Rivera';

describe.each(DIALECTS)('the quarantine migration on %s', (dialect) => {
  it('erases the subjects and dates stored for processed messages, keeping their ids', async () => {
    const { dataDir, schema, handle } = await openFreshDatabase(dialect);
    const db = handle.db as Kysely<any>;
    try {
      const { error } = await migrateThrough(handle.db, dialect, schema, EARLIER);
      expect(error).toBeUndefined();
      const at = '2026-11-01T10:00:00.000Z';
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'a@example.com',
          name: 'A',
          provider: 'google',
          default_currency: 'USD',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('processed_messages')
        .values(
          ['m1', 'm2'].map((id) => ({
            user_id: 'u1',
            provider: 'google',
            message_id: id,
            outcome: 'skipped',
            subject: `${SUBJECT} ${id}`,
            message_date: '2026-11-01',
            processed_at: at,
          })),
        )
        .execute();

      await migrateToLatest(db, dialect, schema);

      const rows = await db.selectFrom('processed_messages').selectAll().orderBy('message_id').execute();
      expect(rows).toEqual([
        { user_id: 'u1', provider: 'google', message_id: 'm1', outcome: 'skipped', processed_at: at },
        { user_id: 'u1', provider: 'google', message_id: 'm2', outcome: 'skipped', processed_at: at },
      ]);
      expect(await db.selectFrom('quarantined_messages').selectAll().execute()).toEqual([]);
      if (dialect === 'sqlite') {
        // Not in the file's free pages, nor in its write-ahead log.
        for (const file of readdirSync(dataDir).filter((f) => f.startsWith('warrantly.db')))
          expect(readFileSync(path.join(dataDir, file)).includes(SUBJECT), file).toBe(false);
      }
    } finally {
      if (schema) await dropSchemas(db, schema);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
