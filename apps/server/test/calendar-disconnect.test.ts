import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, postPurchase, type TestApp } from './harness';
import { signInThroughSandbox } from './sandbox-sign-in';

const CASES = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    base: '/api/v1/calendar',
    sync: '/google-auth/google/sync/',
    label: 'Google',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    base: '/api/v1/outlook-calendar',
    sync: '/microsoft-auth/warranty-sync/',
    label: 'Microsoft',
  },
] as const;

const NOW = new Date(2026, 10, 22, 12);

interface Listed {
  id: string;
  summary: string;
  start: { date?: string; dateTime?: string };
  recurringEventId?: string;
  reminder?: { kind: string; product_name: string; repeat_every_days: number | null };
}

describe.each(DIALECTS)('reminders across a disconnect on %s', (dialect) => {
  describe.each(CASES)('through the $provider sandbox', ({ provider, email, base, sync, label }) => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    let headers: { authorization: string };
    const signIn = async () => {
      headers = { authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}` };
    };
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
    const day = (e: Listed) => e.start.date ?? e.start.dateTime?.slice(0, 10);

    beforeAll(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox), now: () => NOW });
      await signIn();
      const laptop = (
        await postPurchase(t, headers, {
          product_name: 'Aurora 14 laptop',
          purchase_date: '2026-01-15',
          warranty_expire_date: '2027-01-15',
        })
      ).json();
      await postPurchase(t, headers, {
        product_name: 'Replacement brush heads 4-pack',
        purchase_date: '2026-10-01',
        parent_id: String(laptop.id),
        replace_every_days: '90',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/create/`,
        headers,
        payload: { product_name: 'Descale the kettle', event_date: '2026-12-05' },
      });
      expect(res.statusCode).toBe(201);
      await t.app.reminders.idle();
      const off = await t.app.inject({ method: 'POST', url: '/api/v1/account/disconnect/', headers });
      expect(off.json().mailbox.connected).toBe(false);
    });
    afterAll(async () => {
      await t.close();
      await sandbox.close();
    });

    it('lists the reminders Warrantly knows from its records, saying the calendar is disconnected', async () => {
      const res = await get(`${base}/list/`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { events: Listed[]; calendar_connected?: boolean };
      expect(body.calendar_connected).toBe(false);
      const titles = new Set(body.events.map((e) => e.summary));
      expect(titles).toEqual(
        new Set([
          'Warranty ends 2027-01-15: Aurora 14 laptop',
          'Replace: Replacement brush heads 4-pack',
          'Descale the kettle',
        ]),
      );
      const laptop = body.events.find((e) => e.summary.includes('Aurora'));
      expect(laptop).toMatchObject({
        start: { date: '2026-12-16' },
        reminder: { kind: 'warranty', product_name: 'Aurora 14 laptop', repeat_every_days: null },
      });
      const brushes = body.events.filter((e) => e.summary.startsWith('Replace:'));
      expect(brushes.slice(0, 2).map(day)).toEqual(['2026-12-30', '2027-03-30']);
      expect(new Set(brushes.map((e) => e.recurringEventId)).size).toBe(1);
    });

    it('lists a recurring reminder once with recurring=next, and no calendar request is made', async () => {
      sandbox.clearRequests();
      const res = await get(`${base}/list/?from=2026-11-22&limit=30&recurring=next`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { events: Listed[]; calendar_connected?: boolean; has_more: boolean };
      expect(body.calendar_connected).toBe(false);
      expect(body.events.map((e) => [e.summary, day(e)])).toEqual([
        ['Descale the kettle', '2026-12-05'],
        ['Warranty ends 2027-01-15: Aurora 14 laptop', '2026-12-16'],
        ['Replace: Replacement brush heads 4-pack', '2026-12-30'],
      ]);
      expect(body.events[2]?.reminder?.repeat_every_days).toBe(90);
      expect(sandbox.requests().filter((r) => /calendar|events/.test(r.path))).toEqual([]);
    });

    it('keeps a reminder set while disconnected, and says so', async () => {
      const before = sandbox.calendar(email).length;
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/create/`,
        headers,
        payload: { product_name: 'Fridge water filter', event_date: '2026-12-20' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        summary: 'Fridge water filter',
        start: { date: '2026-12-20' },
        end: { date: '2026-12-21' },
        calendar_connected: false,
      });
      expect(sandbox.calendar(email)).toHaveLength(before);
      const listed = (await get(`${base}/list/?from=2026-12-01&to=2026-12-31`)).json() as {
        events: Listed[];
      };
      expect(listed.events.map((e) => e.summary)).toContain('Fridge water filter');
    });

    it('answers Refresh Purchases with the server’s words and a code the app can act on', async () => {
      const res = await get(sync);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'reauth_required',
        message: `Your ${label} account needs to be connected again: sign in once more`,
      });
    });

    it('writes the kept reminder to the calendar once the user signs in again', async () => {
      await signIn();
      await t.app.reminders.idle();
      expect(JSON.stringify(sandbox.calendar(email))).toContain('Fridge water filter');
      const res = await get(`${base}/list/?from=2026-12-01&to=2026-12-31`);
      const body = res.json() as { events: Listed[]; calendar_connected?: boolean };
      expect(body.calendar_connected).toBeUndefined();
      const kept = body.events.filter((e) => e.summary === 'Fridge water filter');
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({
        start: { date: '2026-12-20' },
        reminder: { kind: 'custom', product_name: 'Fridge water filter' },
      });
      // Written once: another run finds it on the calendar already.
      const count = sandbox.calendar(email).length;
      const user = await t.handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      t.app.reminders.schedule(user.id);
      await t.app.reminders.idle();
      expect(sandbox.calendar(email)).toHaveLength(count);
    });
  });
});
