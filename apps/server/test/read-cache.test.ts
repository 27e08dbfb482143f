import path from 'node:path';
import type { Purchase } from '@warrantly/contract/purchases';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestamp } from '../src/dates';
import { createTestApp, DIALECTS, insertPurchases, postPurchase, type TestApp } from './harness';

/** Renames a user's purchases behind the app's back: no data version moves, so only an uncached read sees it. */
async function renameBehindTheAppsBack(t: TestApp, userId: string, name: string) {
  await t.handle.db.updateTable('orders').set({ product_name: name }).where('user_id', '=', userId).execute();
}

/** What a script would do: rename a user's purchases and raise their data version, straight in the database. */
async function renameAsAScript(t: TestApp, userId: string, name: string) {
  await renameBehindTheAppsBack(t, userId, name);
  await sql`update users set data_version = data_version + 1 where id = ${userId}`.execute(t.handle.db);
}

const VERSIONED_READS = [
  '/api/v1/user-orders/',
  '/api/v1/user-orders/?limit=6&sort=name_asc',
  '/api/v1/user-orders/total-price/',
  '/api/v1/user-orders/active-warranty-count/',
  '/api/v1/user-orders/total-upcoming-warranty/',
  '/api/v1/invoice/',
  '/api/v1/invoice/?limit=6',
  '/google-auth/google/main-product/',
];

describe.each(DIALECTS)('answers from memory on %s', (dialect) => {
  let clock = new Date(2026, 10, 22, 12, 0, 0);
  let t: TestApp;
  let user: string;
  let other: string;
  const get = (userId: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...t.auth(userId), ...headers } });
  const names = async (userId: string) =>
    ((await get(userId, '/api/v1/user-orders/')).json() as Purchase[]).map((p) => p.product_name);

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => clock });
    user = await t.createUser();
    other = await t.createUser();
    await insertPurchases(t, user, 40);
    await insertPurchases(t, other, 3);
  });
  afterAll(() => t.close());

  it('answers the same ETag with the same bytes, from memory: the tables are not read again', async () => {
    const first = new Map<string, { body: string; etag: string }>();
    for (const url of VERSIONED_READS) {
      const res = await get(user, url);
      expect(res.statusCode, url).toBe(200);
      first.set(url, { body: res.body, etag: String(res.headers.etag) });
    }
    await renameBehindTheAppsBack(t, user, 'Renamed behind the app');
    for (const url of VERSIONED_READS) {
      const res = await get(user, url);
      expect(res.headers.etag, url).toBe(first.get(url)?.etag);
      expect(res.body, url).toBe(first.get(url)?.body);
    }
    expect(await names(user)).not.toContain('Renamed behind the app');
  });

  it('sees a change made through the API at once, on every read', async () => {
    const before = await get(user, '/api/v1/user-orders/');
    const totals = await get(user, '/api/v1/user-orders/total-price/');
    const added = await postPurchase(t, t.auth(user), {
      product_name: 'Brand new kettle',
      purchase_date: '2026-11-21',
      price: '$30.00',
    });
    expect(added.statusCode).toBe(201);
    const after = await get(user, '/api/v1/user-orders/', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const list = after.json() as Purchase[];
    expect(list[0]?.product_name).toBe('Brand new kettle');
    // The new version reads the tables again, so the earlier change behind the app's back shows too.
    expect(list.filter((p) => p.product_name === 'Renamed behind the app')).toHaveLength(40);
    const newTotals = (await get(user, '/api/v1/user-orders/total-price/')).json();
    expect(newTotals.total_purchase_price).toBeCloseTo(totals.json().total_purchase_price + 30, 2);
    const page = (await get(user, '/api/v1/user-orders/?limit=1')).json();
    expect(page.items[0].product_name).toBe('Brand new kettle');
  });

  it('answers 304 to the ETag it gave, and only to that user', async () => {
    const res = await get(user, '/api/v1/user-orders/');
    const etag = String(res.headers.etag);
    const again = await get(user, '/api/v1/user-orders/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(other, '/api/v1/user-orders/', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers from memory with the headers of any other answer: security, cache, type, encoding, length', async () => {
    // What every answer carries, read off one the framework sends (the session check).
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: t.auth(user) });
    const security = Object.keys(plain.headers).filter((name) =>
      /^(x-|content-security|cross-origin|referrer|origin)/.test(name),
    );
    expect(security.length).toBeGreaterThan(5);
    await renameAsAScript(t, user, 'Headers check');
    for (const [url, encoding] of [
      ['/api/v1/user-orders/', 'br'],
      ['/api/v1/user-orders/', 'gzip'],
      ['/api/v1/user-orders/', undefined],
      ['/api/v1/user-orders/total-price/', 'br'],
    ] as const) {
      const accept: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const made = await get(user, url, accept);
      const remembered = await get(user, url, accept);
      for (const res of [made, remembered]) {
        for (const name of security) expect(res.headers[name], `${url} ${name}`).toBe(plain.headers[name]);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers.vary).toBe('Authorization, Accept-Encoding');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
      expect(remembered.headers.etag).toBe(made.headers.etag);
      expect(remembered.headers['content-encoding']).toBe(made.headers['content-encoding']);
      expect(remembered.rawPayload.equals(made.rawPayload)).toBe(true);
    }
    // A HEAD of a remembered answer: its headers, no body.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/v1/user-orders/', headers: t.auth(user) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBeDefined();
  });

  it('never serves one user’s cached answer to another on the same path', async () => {
    for (const url of VERSIONED_READS) await get(user, url);
    const mine = await get(user, '/api/v1/user-orders/');
    const theirs = await get(other, '/api/v1/user-orders/');
    expect(theirs.body).not.toBe(mine.body);
    expect((theirs.json() as Purchase[]).map((p) => p.order_id)).toEqual(
      expect.arrayContaining([expect.stringContaining(`C-${other.slice(0, 8)}`)]),
    );
    expect(theirs.json()).toHaveLength(3);
    for (const url of VERSIONED_READS) {
      const a = await get(user, url);
      const b = await get(other, url);
      if (a.statusCode === 200 && b.statusCode === 200) {
        expect(b.headers.etag, url).not.toBe(a.headers.etag);
      }
    }
  });

  it('sees a change another module makes (reminder settings: the default currency) at once', async () => {
    const bare = await t.createUser();
    await t.handle.db
      .insertInto('orders')
      .values({
        user_id: bare,
        order_id: 'BARE-1',
        product_name: 'Lamp',
        purchase_date: '2026-11-01',
        price: '10',
        amount_minor: 1000,
        currency: 'USD',
        status: 'manual',
        source: 'manual',
        created_at: timestamp(),
        updated_at: timestamp(),
      })
      .execute();
    const total = () => get(bare, '/api/v1/user-orders/total-price/');
    expect((await total()).json()).toMatchObject({ currency: 'USD', total_purchase_price: 10 });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: t.auth(bare),
      payload: { default_currency: 'EUR' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await total()).json()).toMatchObject({ currency: 'EUR', total_purchase_price: 10 });
  });

  it('moves to the new day at midnight: statuses, ETag and body change', async () => {
    const day = await t.createUser();
    await insertPurchases(t, day, 2, '2026-12-23'); // 31 days after 22 Nov: expiring soon from tomorrow
    const today = await get(day, '/api/v1/user-orders/');
    expect((today.json() as Purchase[]).map((p) => p.warranty_status)).toEqual(['Active', 'Active']);
    const count = (await get(day, '/api/v1/user-orders/total-upcoming-warranty/')).json();
    expect(count.total_upcoming_warranty).toBe(0);
    clock = new Date(2026, 10, 23, 0, 0, 1);
    const tomorrow = await get(day, '/api/v1/user-orders/', { 'if-none-match': String(today.headers.etag) });
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers.etag).not.toBe(today.headers.etag);
    expect((tomorrow.json() as Purchase[]).map((p) => p.warranty_status)).toEqual([
      'Expiring_Soon',
      'Expiring_Soon',
    ]);
    expect((await get(day, '/api/v1/user-orders/total-upcoming-warranty/')).json()).toEqual({
      total_upcoming_warranty: 2,
    });
    clock = new Date(2026, 10, 22, 12, 0, 0);
  });
});

describe.each(DIALECTS)('the read cache’s byte cap on %s', (dialect) => {
  let t: TestApp;
  const users: string[] = [];

  beforeAll(async () => {
    // About 100 KB: two lists of 40 long-named purchases (some 20 KB each) fit, five do not.
    t = await createTestApp(dialect, { env: { READ_CACHE_MB: '0.1' } });
    for (let i = 0; i < 6; i++) {
      const id = await t.createUser();
      await insertPurchases(t, id, 40);
      users.push(id);
    }
  });
  afterAll(() => t.close());

  const list = async (userId: string) =>
    (
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(userId) })
      ).json() as Purchase[]
    ).map((p) => p.product_name);

  it('drops the least recently used answers once it holds READ_CACHE_MB', async () => {
    const [first, second, ...rest] = users as [string, string, ...string[]];
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(first) })).body
        .length,
    ).toBeGreaterThan(15_000);
    await list(first);
    await list(second);
    await renameBehindTheAppsBack(t, first, 'Renamed behind the app');
    await renameBehindTheAppsBack(t, second, 'Renamed behind the app');
    // Still cached: the rename is not seen.
    expect(await list(first)).not.toContain('Renamed behind the app');
    // Others' lists fill the cache; `second`, read least recently, goes first.
    for (const id of rest) await list(id);
    expect(await list(second)).toContain('Renamed behind the app');
  });
});

describe('a write by another process to the SQLite file', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('is seen within a few seconds once it moves the data version', async () => {
    t = await createTestApp('sqlite');
    const user = await t.createUser();
    await insertPurchases(t, user, 2);
    const get = () => t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(user) });
    expect((await get()).json()).toHaveLength(2);
    // A second connection, as a script or a test seeding rows in its own process would open.
    const other = new Database(path.join(t.dataDir, 'warrantly.db'));
    other.prepare("update orders set product_name = 'Seeded elsewhere' where user_id = ?").run(user);
    other.prepare('update users set data_version = data_version + 1 where id = ?').run(user);
    other.close();
    const deadline = Date.now() + 5000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = ((await get()).json() as Purchase[]).map((p) => p.product_name);
      if (names.includes('Seeded elsewhere')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toEqual(['Seeded elsewhere', 'Seeded elsewhere']);
  });
});

describe.each(DIALECTS.filter((d) => d === 'postgres'))('two replicas on one %s database', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const names = async (t: TestApp, userId: string) =>
    (
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(userId) })
      ).json() as Purchase[]
    ).map((p) => p.product_name);
  /** What `read` answers once it answers what `want` accepts, within `ms`; the last answer otherwise. */
  async function eventually<T>(read: () => Promise<T>, want: (value: T) => boolean, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    let value = await read();
    while (!want(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    return value;
  }

  it('each sees the other’s changes, and a script’s, after remembering the version', async () => {
    a = await createTestApp(dialect);
    b = await createTestApp(dialect, { shareSchemaOf: a });
    const user = await a.createUser();
    await insertPurchases(a, user, 2);
    // Both remember the user's version once their LISTEN is up and they have answered the list.
    expect(
      await eventually(
        () => names(b, user),
        (n) => n.length === 2,
      ),
    ).toHaveLength(2);
    await names(b, user);
    const added = await postPurchase(a, a.auth(user), {
      product_name: 'Bought on replica A',
      purchase_date: '2026-11-21',
    });
    expect(added.statusCode).toBe(201);
    const seen = await eventually(
      () => names(b, user),
      (n) => n.includes('Bought on replica A'),
    );
    expect(seen).toContain('Bought on replica A');
    // A script's change of the version, straight in the database, is announced the same way.
    await renameAsAScript(a, user, 'Renamed by a script');
    const renamed = await eventually(
      () => names(b, user),
      (n) => n.every((name) => name === 'Renamed by a script'),
    );
    expect(renamed).toEqual(['Renamed by a script', 'Renamed by a script', 'Renamed by a script']);
  });

  it('reads from the database while its LISTEN connection is down, and remembers again once it is back', async () => {
    const user = await a.createUser();
    await insertPurchases(a, user, 1);
    expect(await names(b, user)).toHaveLength(1);
    // The listener's connection is cut (as a database restart would): its notifications can be missed.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where query = 'listen warrantly_data_versions' and pid <> pg_backend_pid()`.execute(a.handle.db);
    await renameAsAScript(a, user, 'Changed while deaf');
    expect(
      await eventually(
        () => names(b, user),
        (n) => n[0] === 'Changed while deaf',
      ),
    ).toEqual(['Changed while deaf']);
    // Back within a few seconds, it hears the next change again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await names(b, user);
    const again = await postPurchase(a, a.auth(user), {
      product_name: 'After the reconnect',
      purchase_date: '2026-11-21',
    });
    expect(again.statusCode).toBe(201);
    expect(
      await eventually(
        () => names(b, user),
        (n) => n.includes('After the reconnect'),
      ),
    ).toContain('After the reconnect');
  });
});
