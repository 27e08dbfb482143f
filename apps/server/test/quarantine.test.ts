import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { oneItemOrderMail, otherMail, overCapMail, poisonMail, refusingReader } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const PROVIDERS = [
  { provider: 'google', email: 'avery.quinn@example.com', sync: '/google-auth/google/sync/' },
  { provider: 'microsoft', email: 'jordan.lee@example.com', sync: '/microsoft-auth/warranty-sync/' },
] as const;

describe.each(DIALECTS)('poison mail on %s', (dialect) => {
  describe.each(PROVIDERS)('from $provider', ({ provider, email, sync }) => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    let headers: { authorization: string };
    let reader: ReturnType<typeof refusingReader>;

    beforeEach(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      reader = refusingReader();
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox), readEmail: reader.readEmail });
    });
    afterEach(async () => {
      await t.close();
      await sandbox.close();
    });

    const signIn = async () => {
      headers = { authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}` };
    };
    const runSync = async () => {
      const res = await t.app.inject({ method: 'GET', url: sync, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { scanned: number; created: number; skipped: number; errors: number };
    };
    const products = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json() as {
          product_name: string;
        }[]
      )
        .map((p) => p.product_name)
        .sort();
    const fetchesOf = (messageId: string) =>
      sandbox
        .requests()
        .filter((r) => r.path.includes(encodeURIComponent(messageId)) || r.path.includes(messageId)).length;
    const quarantined = () =>
      t.handle.db
        .selectFrom('quarantined_messages')
        .select(['message_id', 'reason', 'attempts'])
        .orderBy('message_id')
        .execute();
    const cursor = async () =>
      (await t.handle.db.selectFrom('provider_accounts').select('sync_cursor').executeTakeFirstOrThrow())
        .sync_cursor;

    it('quarantines a message the reader refuses after 2 attempts; the rest imports and later syncs never fetch it', async () => {
      sandbox.addMessage(email, oneItemOrderMail('NW-1001', 'Dishwasher SMS4', '549.00'));
      const poison = sandbox.addMessage(email, poisonMail('PZ-1', 'always')).id;
      sandbox.addMessage(email, oneItemOrderMail('NW-1002', 'Espresso machine', '299.00'));
      sandbox.addMessage(email, otherMail('personal'));
      await signIn();

      const first = await runSync();
      expect(first).toMatchObject({ created: 2, errors: 1 });
      expect(await products()).toEqual(['Dishwasher SMS4', 'Espresso machine']);
      expect(await quarantined()).toEqual([
        { message_id: poison, reason: 'read: The message took too long to read', attempts: 1 },
      ]);
      const checkpoint = await cursor();
      expect(checkpoint).not.toBeNull();

      // New mail arrives; the poison message gets its one retry, by id, since the checkpoint is past it.
      sandbox.addMessage(email, oneItemOrderMail('NW-2001', 'Cordless vacuum', '199.00'));
      sandbox.clearRequests();
      const second = await runSync();
      expect(second).toMatchObject({ created: 1, errors: 1 });
      expect(fetchesOf(poison)).toBe(1);
      expect((await quarantined()).map((q) => q.attempts)).toEqual([2]);
      expect(await cursor()).not.toBe(checkpoint);

      sandbox.clearRequests();
      const third = await runSync();
      expect(third).toMatchObject({ created: 0, errors: 0 });
      expect(fetchesOf(poison)).toBe(0);

      // Even a full rescan, which lists it again, skips it unread.
      await t.handle.db.updateTable('provider_accounts').set({ sync_cursor: null }).execute();
      sandbox.clearRequests();
      const rescan = await runSync();
      expect(rescan).toMatchObject({ created: 0, errors: 0 });
      expect(rescan.scanned).toBeGreaterThan(0);
      expect(fetchesOf(poison)).toBe(0);
      expect(await products()).toEqual(['Cordless vacuum', 'Dishwasher SMS4', 'Espresso machine']);
      // Each order read once, the poison message twice (the personal note is no candidate).
      expect([...reader.reads.values()].sort()).toEqual([1, 1, 1, 2]);
      expect([...reader.reads.entries()].find(([id]) => id.includes('PZ-1'))?.[1]).toBe(2);
    });

    it('gives up at once on a message over a reader cap: the same bytes would be refused again', async () => {
      // The real isolated readers, whose caps refuse the message for what it is.
      await t.close();
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
      const capped = sandbox.addMessage(email, overCapMail('PZ-9')).id;
      sandbox.addMessage(email, oneItemOrderMail('NW-9', 'Blender', '89.00'));
      await signIn();
      expect(await runSync()).toMatchObject({ created: 1, errors: 1 });
      expect(await products()).toEqual(['Blender']);
      expect(await quarantined()).toEqual([
        {
          message_id: capped,
          reason: 'read: The message has more than 200 parts; it was not read',
          attempts: 2,
        },
      ]);
      sandbox.clearRequests();
      expect(await runSync()).toMatchObject({ created: 0, errors: 0 });
      expect(fetchesOf(capped)).toBe(0);
    });

    it('takes a message that reads on its retry out of quarantine and imports it', async () => {
      const flaky = sandbox.addMessage(email, poisonMail('PZ-2', 'once')).id;
      await signIn();
      expect(await runSync()).toMatchObject({ created: 0, errors: 1 });
      expect((await quarantined()).map((q) => q.message_id)).toEqual([flaky]);
      expect(await runSync()).toMatchObject({ created: 1, errors: 0 });
      expect(await quarantined()).toEqual([]);
      expect(await products()).toEqual(['Poison pill']);
      sandbox.clearRequests();
      expect(await runSync()).toMatchObject({ created: 0, errors: 0 });
      expect(fetchesOf(flaky)).toBe(0);
    });

    it('quarantines a message the provider will not serve, and syncs the rest', async () => {
      const kettle = oneItemOrderMail('NW-5', 'Kettle', '20.00');
      const refused = sandbox.addMessage(email, kettle).id;
      sandbox.addMessage(email, oneItemOrderMail('NW-6', 'Toaster', '30.00'));
      sandbox.fail({ match: `/messages/${refused}`, status: 400, times: 2 });
      await signIn();
      expect(await runSync()).toMatchObject({ created: 1, errors: 1 });
      expect(await products()).toEqual(['Toaster']);
      const [row] = await quarantined();
      expect(row).toMatchObject({ message_id: refused, attempts: 1 });
      expect(row?.reason).toMatch(/^fetch: (gmail|graph) answered HTTP 400$/);
      expect(await runSync()).toMatchObject({ created: 0, errors: 1 });
      expect((await quarantined()).map((q) => q.attempts)).toEqual([2]);
      sandbox.clearRequests();
      expect(await runSync()).toMatchObject({ errors: 0 });
      expect(fetchesOf(refused)).toBe(0);
    });

    it('quarantines nothing while the provider is down: the sync stops and the next one imports it', async () => {
      const kettle = sandbox.addMessage(email, oneItemOrderMail('NW-7', 'Kettle', '20.00')).id;
      await signIn();
      // More 503s than the provider client retries: the outage outlasts this sync.
      sandbox.fail({ match: `/messages/${kettle}`, status: 503, retryAfter: 0, times: 20 });
      const res = await t.app.inject({ method: 'GET', url: sync, headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await quarantined()).toEqual([]);
      sandbox.clearFaults();
      expect(await runSync()).toMatchObject({ created: 1, errors: 0 });
      expect(await products()).toEqual(['Kettle']);
    });

    it('stores neither subject nor sender of any message it looked at', async () => {
      sandbox.addMessage(email, otherMail('newsletter', 'Order confirmation teaser'));
      sandbox.addMessage(email, poisonMail('PZ-3', 'always'));
      await signIn();
      await runSync();
      const processed = await t.handle.db.selectFrom('processed_messages').selectAll().execute();
      const stored = JSON.stringify([processed, await quarantined()]);
      for (const leak of ['Black Friday', 'teaser', 'northwind.example.com', 'Northwind', 'PZ-3'])
        expect(stored).not.toContain(leak);
      expect(Object.keys(processed[0] ?? {}).sort()).toEqual([
        'message_id',
        'outcome',
        'processed_at',
        'provider',
        'user_id',
      ]);
    });
  });
});
