import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestamp } from '../src/dates';
import { type Dialect, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import * as initial from '../src/db/migrations/20261122T1400_initial';
import * as signInStates from '../src/db/migrations/20261122T1500_sign_in_states';
import * as mailSync from '../src/db/migrations/20261122T1600_mail_sync';
import { openExtraction } from '../src/modules/receipts/receipt-files.service';
import { feedSecret, renderFeed } from '../src/modules/reminders/feed.service';
import { loadKeys } from '../src/storage/keys';
import {
  DIALECTS,
  dropSchemas,
  HARDWARE_RECEIPT,
  migrateThrough,
  multipart,
  sharedAppWithUser,
  tinyPdf,
  userRow,
} from './harness';

/** Every value of every row of `table`, as one string to search. */
async function tableText(db: Kysely<any>, table: string): Promise<string> {
  return JSON.stringify(await db.selectFrom(table).selectAll().execute());
}

describe.each(DIALECTS)('data at rest on %s', (dialect) => {
  const suite = sharedAppWithUser(dialect);

  it('keeps the feed secret out of the database while the feed address keeps working', async () => {
    const shown = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/feed/',
      headers: suite.t.auth(suite.user),
    });
    const feedPath = new URL(shown.json().url).pathname;
    const secret = path.basename(feedPath, '.ics');
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(await tableText(suite.t.handle.db, 'users')).not.toContain(secret);

    const again = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/feed/',
      headers: suite.t.auth(suite.user),
    });
    expect(new URL(again.json().url).pathname).toBe(feedPath);
    const feed = await suite.t.app.inject({ method: 'GET', url: feedPath });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
  });

  it('keeps the text read from a receipt sealed, and the receipt still shows it', async () => {
    const form = multipart({}, [
      { field: 'file', filename: 'hardware.pdf', bytes: tinyPdf(HARDWARE_RECEIPT) },
    ]);
    const imported = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...suite.t.auth(suite.user), ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode).toBe(200);
    const documents = await tableText(suite.t.handle.db, 'documents');
    expect(documents).toContain('CH-20931'); // the order id stays readable: purchases are found by it
    expect(documents).not.toContain('104.49');
    expect(documents).not.toContain('Cordless drill');

    const detail = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${imported.json()[0].order_id}/`,
      headers: suite.t.auth(suite.user),
    });
    expect(detail.json().extracted).toMatchObject({ total: '104.49' });
  });
});

describe.each(DIALECTS)('the data-at-rest migration on %s', (dialect: Dialect) => {
  it('seals the document text and feed secrets of an existing database, which keep working', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-migrate-'));
    const url = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    const schema = url ? `t_${randomUUID().replaceAll('-', '')}` : undefined;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    if (schema) await admin(`create schema ${schema}`);
    const handle = await openDatabase({
      url,
      sqliteFile: path.join(dataDir, 'warrantly.db'),
      ...(schema ? { schema } : {}),
    });
    try {
      // The database as the previous release left it.
      const { error } = await migrateThrough(handle.db, handle.dialect, schema, {
        '20261122T1400_initial': initial,
        '20261122T1500_sign_in_states': signInStates,
        '20261122T1600_mail_sync': mailSync,
      });
      expect(error).toBeUndefined();
      const userId = randomUUID();
      const secret = randomBytes(24).toString('base64url');
      const extraction = { merchant: 'CORNER HARDWARE LTD', total: '104.49' };
      await handle.db
        .insertInto('users')
        .values(userRow({ id: userId, name: 'Old Timer', feed_secret: secret }))
        .execute();
      await handle.db
        .insertInto('documents')
        .values({
          user_id: userId,
          order_id: 'CH-20931',
          filename: 'hardware.pdf',
          mime: 'application/pdf',
          size: 100,
          sha256: '0'.repeat(64),
          storage_key: `receipts/${userId}/${randomUUID()}`,
          extraction_status: 'success',
          extracted_json: JSON.stringify(extraction),
          created_at: timestamp(),
        })
        .execute();

      await expect(migrateToLatest(handle.db, handle.dialect, schema)).rejects.toThrow(/failed/);
      const keys = loadKeys(dataDir).encryption;
      await migrateToLatest(handle.db, handle.dialect, schema, keys);

      expect(await tableText(handle.db, 'users')).not.toContain(secret);
      const documents = await tableText(handle.db, 'documents');
      expect(documents).not.toContain('CORNER HARDWARE');
      const doc = await handle.db.selectFrom('documents').selectAll().executeTakeFirstOrThrow();
      expect(openExtraction(keys, doc)).toEqual(extraction);
      expect(await feedSecret(handle.db, keys, userId)).toBe(secret);
      expect(await renderFeed(handle.db, secret, 'http://localhost', new Date())).toContain(
        'BEGIN:VCALENDAR',
      );
    } finally {
      if (schema) await dropSchemas(handle.db, schema);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
