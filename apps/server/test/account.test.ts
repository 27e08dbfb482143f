import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_DATA } from '../src/modules/account/account.repository';
import { signAccessToken } from '../src/modules/auth/access-token';
import { USER_EXISTS_TTL_MS } from '../src/modules/auth/access-token-guard';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { filesUnder, parseCsv, rowsOf, schemaTables } from './account-fixtures';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';
import { orderMail, poisonMail, refusingReader } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const CASES = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    calendar: '/api/v1/calendar',
    sync: '/google-auth/google/sync/',
    other: { provider: 'microsoft', email: 'jordan.lee@example.com' },
    providerCalls: ['google'],
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    calendar: '/api/v1/outlook-calendar',
    sync: '/microsoft-auth/warranty-sync/',
    other: { provider: 'google', email: 'avery.quinn@example.com' },
    providerCalls: ['microsoft', 'graph'],
  },
] as const;

const NEXT_YEAR = new Date().getFullYear() + 1;

describe.each(DIALECTS)('account on %s', (dialect) => {
  it('deletion knows every table the migrations made', async () => {
    const t = await createTestApp(dialect);
    try {
      const tables = await schemaTables(t);
      expect(tables.map((table) => table.name).sort()).toEqual(Object.keys(USER_DATA).sort());
      for (const table of tables) {
        const data = USER_DATA[table.name as keyof typeof USER_DATA];
        const userColumn = table.name === 'users' ? 'id' : 'user_id';
        const holdsUsers = table.columns.some((c) => c.name === userColumn);
        expect('column' in data ? data.column : null, table.name).toBe(holdsUsers ? userColumn : null);
      }
    } finally {
      await t.close();
    }
  });

  describe.each(CASES)('through the $provider sandbox', (c) => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    let owner: { userId: string; access: string; refresh: string };
    let other: { userId: string; access: string };
    const receiptA = tinyPdf(['Receipt A', 'Total 100.00']);
    const receiptB = tinyPdf(['Receipt B', 'Total 25.00']);
    const kettleMail = orderMail({
      orderId: 'NW-2001',
      items: [{ name: 'Kettle K2', price: '39.00' }],
      total: '39.00',
    });
    const kettleEml = 'receipts/Your order NW-2001 is confirmed.eml';
    const headers = () => ({ authorization: `Bearer ${owner.access}` });

    async function signIn(provider: 'google' | 'microsoft', email: string) {
      const result = await signInThroughSandbox(t, provider, email);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${result.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      const row = await t.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { userId: row.id, access: result.access_token, refresh: result.refresh_token };
    }

    async function createPurchase(
      auth: { authorization: string },
      fields: Record<string, string>,
      file?: { filename: string; bytes: Uint8Array },
    ) {
      const form = multipart(fields, file ? [{ field: 'invoice', ...file }] : []);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/create/',
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const purchases = async (auth: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: auth })).json() as {
        product_name: string;
      }[];
    const providerCalls = () =>
      sandbox.requests().filter((r) => (c.providerCalls as readonly string[]).includes(r.provider));

    beforeAll(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      sandbox.seedMessages(c.email, [
        kettleMail,
        // Quarantined by the sync, so the owner has a row there too.
        poisonMail('PZ-2002', 'always'),
      ]);
      t = await createTestApp(dialect, {
        endpoints: sandboxEndpoints(sandbox),
        readEmail: refusingReader().readEmail,
      });
      owner = await signIn(c.provider, c.email);
      other = await signIn(c.other.provider, c.other.email);
      const warranty = `${NEXT_YEAR}-06-30`;
      await createPurchase(
        headers(),
        {
          product_name: 'Washing machine',
          purchase_date: '2026-01-05',
          price: '100.00',
          warranty_expire_date: warranty,
        },
        { filename: 'receipt.pdf', bytes: receiptA },
      );
      await createPurchase(
        headers(),
        {
          product_name: '=HYPERLINK("http://evil.example","x")',
          shop_name: 'Shop, "Best"',
          purchase_date: '2026-01-06',
          price: '25.00',
        },
        { filename: 'RECEIPT.pdf', bytes: receiptB },
      );
      const reminder = await t.app.inject({
        method: 'POST',
        url: `${c.calendar}/create/`,
        headers: headers(),
        payload: { product_name: 'Descale the kettle', event_date: `${NEXT_YEAR}-02-01` },
      });
      expect(reminder.statusCode, reminder.body).toBe(201);
      const synced = await t.app.inject({ method: 'GET', url: c.sync, headers: headers() });
      expect(synced.json().created).toBe(1);
      // The owner names the shop their way: Warrantly learns it for the sender.
      const kettle = synced.json().items[0];
      const rename = multipart({ shop_name: 'Northwind' });
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user-orders/update/${kettle.id}/`,
        headers: { ...headers(), ...rename.headers },
        payload: rename.payload,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/track-interaction/',
        headers: headers(),
        payload: { tab_name: 'account' },
      });
      // A document the owner rejected in the review inbox: only its tombstone is left.
      await t.handle.db
        .insertInto('rejections')
        .values({
          user_id: owner.userId,
          source_key: `file:${'ab'.repeat(32)}`,
          kind: 'pdf',
          rejected_at: new Date().toISOString(),
        })
        .execute();
      const otherAuth = { authorization: `Bearer ${other.access}` };
      await createPurchase(
        otherAuth,
        { product_name: 'Other TV', purchase_date: '2026-02-01', warranty_expire_date: warranty },
        { filename: 'tv.pdf', bytes: tinyPdf('TV') },
      );
      await t.app.reminders.idle();
    });
    afterAll(async () => {
      await t.close();
      await sandbox.close();
    });

    it('shows the account and its connected mailbox', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/', headers: headers() });
      expect(res.json()).toMatchObject({
        email: c.email,
        provider: c.provider,
        mailbox: { provider: c.provider, address: c.email, connected: true },
      });
      expect(res.json().mailbox.last_synced_at).toEqual(expect.any(String));
    });

    it('exports a ZIP of purchases, reminders, settings and the original receipt files', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/export/', headers: headers() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="warrantly-export-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const text = (name: string) => new TextDecoder().decode(files[name]);
      expect(Object.keys(files).sort()).toEqual([
        'purchases.csv',
        'purchases.json',
        'receipts.json',
        'receipts/RECEIPT (2).pdf',
        kettleEml,
        'receipts/receipt.pdf',
        'reminders.json',
        'review.json',
        'settings.json',
      ]);
      const listed = await purchases(headers());
      expect(JSON.parse(text('purchases.json'))).toEqual(listed);
      expect(listed.map((p) => p.product_name).sort()).toEqual([
        '=HYPERLINK("http://evil.example","x")',
        'Kettle K2',
        'Washing machine',
      ]);

      const [header, ...rows] = parseCsv(text('purchases.csv').replace(/^\uFEFF/, ''));
      expect(rows).toHaveLength(3);
      const cell = (row: string[], column: string) => row[(header as string[]).indexOf(column)];
      const crafted = rows.find((row) => cell(row, 'price') === '25.00') as string[];
      expect(cell(crafted, 'product_name')).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(cell(crafted, 'shop_name')).toBe('Shop, "Best"');

      expect(Buffer.from(files['receipts/receipt.pdf'] as Uint8Array).equals(receiptA)).toBe(true);
      expect(Buffer.from(files['receipts/RECEIPT (2).pdf'] as Uint8Array).equals(receiptB)).toBe(true);
      // The synced purchase's proof: the message as the mailbox holds it.
      expect(Buffer.from(files[kettleEml] as Uint8Array).toString('utf8')).toBe(kettleMail);
      expect(JSON.parse(text('review.json'))).toEqual({
        rejected: [{ source_key: `file:${'ab'.repeat(32)}`, kind: 'pdf', rejected_at: expect.any(String) }],
        learned_from_corrections: [
          expect.objectContaining({
            kind: 'alias',
            field: 'merchant',
            value: 'Northwind',
            keyed_by: 'Mail from orders@northwind.example.com',
          }),
        ],
      });
      expect(JSON.parse(text('reminders.json'))).toEqual(
        expect.arrayContaining([
          {
            title: 'Descale the kettle',
            event_date: `${NEXT_YEAR}-02-01`,
            kind: 'custom',
            provider: c.provider,
            repeat_every_days: null,
          },
          expect.objectContaining({ kind: 'warranty', provider: c.provider }),
        ]),
      );
      expect(JSON.parse(text('settings.json'))).toMatchObject({
        account: { email: c.email, provider: c.provider },
        default_currency: 'USD',
        warranty_reminder_days: 30,
      });
      const receipts = JSON.parse(text('receipts.json'));
      expect(receipts.map((r: { path: string; original_name: string }) => [r.path, r.original_name])).toEqual(
        [
          ['receipts/receipt.pdf', 'receipt.pdf'],
          ['receipts/RECEIPT (2).pdf', 'RECEIPT.pdf'],
          [kettleEml, 'Your order NW-2001 is confirmed.eml'],
        ],
      );
    });

    it('disconnects the mailbox: no sync, no calendar writes, data kept; signing in reconnects', async () => {
      const before = await purchases(headers());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/disconnect/',
        headers: headers(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().mailbox.connected).toBe(false);
      const stored = await t.handle.db
        .selectFrom('provider_accounts')
        .select(['access_token_enc', 'refresh_token_enc'])
        .where('user_id', '=', owner.userId)
        .execute();
      expect(stored).toEqual([{ access_token_enc: null, refresh_token_enc: null }]);
      if (c.provider === 'google') expect(sandbox.liveGoogleGrants(c.email)).toBe(0);

      sandbox.clearRequests();
      await t.app.mailSync.syncEveryone();
      await createPurchase(headers(), {
        product_name: 'Dryer',
        purchase_date: '2026-03-01',
        warranty_expire_date: `${NEXT_YEAR}-03-01`,
      });
      await t.app.reminders.idle();
      const manual = await t.app.inject({ method: 'GET', url: c.sync, headers: headers() });
      expect(manual.statusCode).toBe(409);
      expect(providerCalls()).toEqual([]);
      expect((await purchases(headers())).length).toBe(before.length + 1);

      owner = await signIn(c.provider, c.email);
      const again = await t.app.inject({ method: 'GET', url: '/api/v1/account/', headers: headers() });
      expect(again.json().mailbox.connected).toBe(true);
      await t.app.mailSync.syncEveryone();
      await t.app.reminders.idle();
      expect(providerCalls().length).toBeGreaterThan(0);
    });

    it('deletes the account: every row, file, calendar event and the grant; tokens stop at once', async () => {
      const otherRows = await rowsOf(t, other.userId);
      const otherEvents = sandbox.calendar(c.other.email).length;
      const before = await rowsOf(t, owner.userId);
      for (const [table, data] of Object.entries(USER_DATA)) {
        if ('column' in data) expect(before[table], `${table} holds the owner's rows`).toBeGreaterThan(0);
      }
      expect(filesUnder(path.join(t.blobDir, 'receipts', owner.userId))).toHaveLength(3); // two receipts and a kept message
      expect(sandbox.calendar(c.email).length).toBeGreaterThanOrEqual(3);
      const feed = await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/', headers: headers() });
      const feedPath = new URL(feed.json().url).pathname;
      expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);

      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account/', headers: headers() });
      expect(res.statusCode).toBe(204);

      expect(Object.values(await rowsOf(t, owner.userId)).every((n) => n === 0)).toBe(true);
      expect(filesUnder(t.blobDir).filter((f) => f.includes(owner.userId))).toEqual([]);
      expect(sandbox.calendar(c.email)).toEqual([]);
      if (c.provider === 'google') expect(sandbox.liveGoogleGrants(c.email)).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);

      const list = await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: headers() });
      expect(list.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh/',
        payload: { refresh_token: owner.refresh },
      });
      expect(refresh.statusCode).toBe(401);

      expect(await rowsOf(t, other.userId)).toEqual(otherRows);
      expect(sandbox.calendar(c.other.email)).toHaveLength(otherEvents);
      expect(filesUnder(path.join(t.blobDir, 'receipts', other.userId))).toHaveLength(1);
      const otherAuth = { authorization: `Bearer ${other.access}` };
      expect((await purchases(otherAuth)).map((p) => p.product_name)).toEqual(['Other TV']);
    });
  });

  describe('a provider failing during deletion', () => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    beforeAll(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
    });
    afterAll(async () => {
      await t.close();
      await sandbox.close();
    });

    it('still deletes all of the user and leaves the grant to Google to expire', async () => {
      const { access_token } = await signInThroughSandbox(t, 'google', 'avery.quinn@example.com');
      const auth = { authorization: `Bearer ${access_token}` };
      const reminder = await t.app.inject({
        method: 'POST',
        url: '/api/v1/calendar/create/',
        headers: auth,
        payload: { product_name: 'Filter', event_date: `${NEXT_YEAR}-01-10` },
      });
      expect(reminder.statusCode).toBe(201);
      const { id } = await t.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'avery.quinn@example.com')
        .executeTakeFirstOrThrow();
      sandbox.fail({ match: '/calendar/v3/', method: 'DELETE', status: 503, times: 10 });
      sandbox.fail({ match: '/google/revoke', status: 500, times: 10 });

      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account/', headers: auth });
      expect(res.statusCode).toBe(204);
      expect(Object.values(await rowsOf(t, id)).every((n) => n === 0)).toBe(true);
      expect(sandbox.liveGoogleGrants('avery.quinn@example.com')).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/', headers: auth })).statusCode).toBe(
        401,
      );
    });
  });
});

describe('a deletion made by another replica', () => {
  let clock = new Date('2026-03-01T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { now: () => clock });
  });
  afterAll(() => t.close());

  it(`stops the user's tokens here within ${USER_EXISTS_TTL_MS / 1000} s`, async () => {
    const user = await t.createUser();
    const token = signAccessToken(t.deps.keys.signing, user, Math.floor(clock.getTime() / 1000));
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/invoice/',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await list()).statusCode).toBe(200);
    // Another process deletes the user: this one trusts its cache for the bound, then asks again (the
    // receipts list reads no user row, so only the guard can refuse it).
    await t.handle.db.deleteFrom('users').where('id', '=', user).execute();
    clock = new Date(clock.getTime() + USER_EXISTS_TTL_MS - 1000);
    const cached = await list();
    expect(cached.statusCode, cached.body).toBe(200);
    clock = new Date(clock.getTime() + 1000);
    const refused = await list();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('The account of this access token no longer exists');
  });
});
