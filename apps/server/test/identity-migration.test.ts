import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import * as initial from '../src/db/migrations/20261122T1400_initial';
import * as signInStates from '../src/db/migrations/20261122T1500_sign_in_states';
import * as mailSync from '../src/db/migrations/20261122T1600_mail_sync';
import { hashFeedSecret } from '../src/modules/reminders/feed.service';
import { loadKeys } from '../src/storage/keys';
import { DIALECTS, dropSchemas, migrateThrough, openFreshDatabase } from './harness';

/** A database as the release before accounts were keyed by subject left it. */
async function openBeforeIdentity(dialect: Dialect) {
  const { dataDir, schema, handle } = await openFreshDatabase(dialect);
  const db = handle.db as Kysely<any>;
  const { error } = await migrateThrough(handle.db, dialect, schema, {
    '20261122T1400_initial': initial,
    '20261122T1500_sign_in_states': signInStates,
    '20261122T1600_mail_sync': mailSync,
  });
  if (error) throw error;
  return {
    handle,
    db,
    schema,
    dataDir,
    async close() {
      if (schema) await dropSchemas(db, schema);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(DIALECTS)('the identity migration on %s', (dialect) => {
  let opened: Awaited<ReturnType<typeof openBeforeIdentity>> | null = null;
  afterEach(async () => {
    await opened?.close();
    opened = null;
  });

  it('keeps every user and their data, lets two users share an address, and keeps foreign keys on', async () => {
    opened = await openBeforeIdentity(dialect);
    const { db } = opened;
    const user = (id: string, email: string, provider: string, feed: string | null) => ({
      id,
      email,
      name: id,
      picture_url: null,
      provider,
      default_currency: 'USD',
      warranty_reminder_days: 30,
      feed_secret: feed,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('users')
      .values([
        user('g', 'sam@example.com', 'google', 'feed-1'),
        user('m', 'kim@example.com', 'microsoft', null),
      ])
      .execute();
    await db
      .insertInto('orders')
      .values(
        ['g', 'm'].map((userId) => ({
          user_id: userId,
          order_id: `WL-${userId}`,
          product_name: 'Kettle',
          status: 'manual',
          source: 'manual',
        })),
      )
      .execute();

    // The later data-at-rest migration seals the feed secret, which needs the master key.
    const keys = loadKeys(opened.dataDir).encryption;
    await migrateToLatest(db, dialect, opened.schema, keys);

    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified', 'feed_secret'])
      .orderBy('id')
      .execute();
    // Google refused unverified addresses before; Microsoft's were never checked.
    expect(users).toEqual([
      { id: 'g', email: 'sam@example.com', email_verified: 1, feed_secret: hashFeedSecret('feed-1') },
      { id: 'm', email: 'kim@example.com', email_verified: 0, feed_secret: null },
    ]);
    await db
      .insertInto('users')
      .values(user('look-alike', 'sam@example.com', 'microsoft', null))
      .execute();
    await expect(
      db
        .insertInto('users')
        .values(user('x', 'x@example.com', 'google', hashFeedSecret('feed-1')))
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', 'g').execute();
    const orders = await db.selectFrom('orders').select('user_id').execute();
    expect(orders).toEqual([{ user_id: 'm' }]);
  });
});
