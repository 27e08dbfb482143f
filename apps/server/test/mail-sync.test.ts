import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { oneItemOrderMail, orderMail, otherMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const PROVIDERS = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    sync: '/google-auth/google/sync/',
    other: '/microsoft-auth/warranty-sync/',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    sync: '/microsoft-auth/warranty-sync/',
    other: '/google-auth/google/sync/',
  },
] as const;

const MAILBOX = [
  oneItemOrderMail('NW-1001', 'Dishwasher SMS4', '549.00'),
  orderMail({
    orderId: 'NW-1002',
    items: [
      { name: 'Espresso machine', price: '299.00' },
      { name: 'Descaler 2-pack', price: '19.90' },
    ],
    total: '318.90',
    currency: 'EUR',
  }),
  otherMail('newsletter'),
  otherMail('password'),
  otherMail('personal'),
];

describe.each(DIALECTS)('mailbox sync on %s', (dialect) => {
  describe.each(PROVIDERS)('from $provider', ({ provider, email, sync, other }) => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    let headers: { authorization: string };

    beforeEach(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      sandbox.seedMessages(email, MAILBOX);
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
      headers = { authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}` };
    });
    afterEach(async () => {
      await t.close();
      await sandbox.close();
    });

    const runSync = () => t.app.inject({ method: 'GET', url: sync, headers });
    const list = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json() as {
          order_id: string;
          product_name: string;
          id: number;
          order_total: string;
          source: string;
        }[]
      )
        .map((p) => `${p.order_id}|${p.product_name}|${p.order_total}`)
        .sort();

    it('turns order e-mails into one purchase per line and ignores the rest; a second sync adds nothing', async () => {
      const first = await runSync();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ created: 3, updated: 0, errors: 0 });
      expect(first.json().items.map((i: { subject: string }) => i.subject)).toContain(
        'Your order NW-1001 is confirmed',
      );
      expect(await list()).toEqual([
        'NW-1001|Dishwasher SMS4|549.00',
        'NW-1002|Descaler 2-pack|318.90',
        'NW-1002|Espresso machine|318.90',
      ]);
      const all = (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json();
      expect(
        all.every((p: { source: string }) => p.source === (provider === 'google' ? 'gmail' : 'outlook')),
      ).toBe(true);
      const second = await runSync();
      expect(second.json()).toMatchObject({ created: 0, updated: 0 });
      expect((await list()).length).toBe(3);
    });

    it("answers 409 on the other provider's sync endpoint", async () => {
      const res = await t.app.inject({ method: 'GET', url: other, headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^You signed in with (Google|Microsoft); use the (Google|Microsoft) endpoint instead$/,
      );
    });

    it('does not bring back a purchase the user deleted, even on a full rescan', async () => {
      await runSync();
      const all = (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json();
      const dishwasher = all.find((p: { product_name: string }) => p.product_name === 'Dishwasher SMS4');
      await t.app.inject({ method: 'DELETE', url: `/api/v1/user-delete-order/${dishwasher.id}/`, headers });
      await t.handle.db.updateTable('provider_accounts').set({ sync_cursor: null }).execute();
      await runSync();
      expect((await list()).some((line) => line.includes('Dishwasher'))).toBe(false);
    });

    it('picks up new mail incrementally', async () => {
      await runSync();
      sandbox.addMessage(email, oneItemOrderMail('NW-2001', 'Cordless vacuum', '199.00'));
      sandbox.clearRequests();
      const res = await runSync();
      expect(res.json()).toMatchObject({ created: 1 });
      expect(await list()).toContain('NW-2001|Cordless vacuum|199.00');
    });

    it('survives 429 with Retry-After, 500s and a slow answer with nothing lost or doubled', async () => {
      sandbox.fail({
        match: provider === 'google' ? '/messages/' : '/$value',
        status: 429,
        retryAfter: 1,
        times: 2,
      });
      sandbox.fail({ match: provider === 'google' ? '/messages/' : '/$value', status: 500, times: 2 });
      sandbox.fail({ match: provider === 'google' ? '/messages/' : '/$value', delayMs: 1500, times: 1 });
      const res = await runSync();
      expect(res.json()).toMatchObject({ created: 3, errors: 0 });
      expect((await list()).length).toBe(3);
    });

    it('resumes a sync cut off by dropped connections and ends with the rows of an uninterrupted one', async () => {
      sandbox.fail({ match: provider === 'google' ? '/messages/' : '/$value', drop: true, times: 50 });
      // The connection keeps dropping past the client's retries: the sync stops with a provider error,
      // keeping the pages it finished, and quarantines nothing.
      const cut = await runSync();
      expect(cut.statusCode).toBe(502);
      expect(await t.handle.db.selectFrom('quarantined_messages').selectAll().execute()).toEqual([]);
      sandbox.clearFaults();
      await runSync();
      expect(await list()).toEqual([
        'NW-1001|Dishwasher SMS4|549.00',
        'NW-1002|Descaler 2-pack|318.90',
        'NW-1002|Espresso machine|318.90',
      ]);
    });

    it('never loads what an HTML e-mail points at: no scripts, images or tracking pixels fetched', async () => {
      const pixel = `${sandbox.url}/tracking/pixel.gif`;
      sandbox.addMessage(
        email,
        orderMail({
          orderId: 'NW-3001',
          items: [{ name: 'Toaster', price: '39.00' }],
          total: '39.00',
          html: `<html><head><script src="${sandbox.url}/tracking/script.js"></script></head><body>
<img src="${pixel}" width="1" height="1"><img src="${sandbox.url}/tracking/banner.png">
<p>Order number: NW-3001</p><table><tr><td>Toaster</td><td>USD 39.00</td></tr><tr><td>Total</td><td>USD 39.00</td></tr></table>
<a href="${sandbox.url}/tracking/click">Track your order</a></body></html>`,
        }),
      );
      sandbox.clearRequests();
      await runSync();
      expect(sandbox.requests().filter((r) => r.path.startsWith('/tracking'))).toEqual([]);
    });
  });
});

// Only PostgreSQL is shared between server processes; it runs whenever TEST_DATABASE_URL is set.
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`two servers on one ${dialect}`, () => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      sandbox.seedMessages('avery.quinn@example.com', MAILBOX);
      a = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
      b = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox), shareSchemaOf: a });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await sandbox.close();
    });

    it('sync the same user at once and store each purchase once', async () => {
      const { access_token } = await signInThroughSandbox(a, 'google', 'avery.quinn@example.com');
      const headers = { authorization: `Bearer ${access_token}` };
      const [one, two] = await Promise.all([
        a.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers }),
        b.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers }),
      ]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      const purchases = (await a.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json();
      expect(purchases).toHaveLength(3);
    });
  });
}
