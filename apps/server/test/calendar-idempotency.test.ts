import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderTokens } from '../src/modules/auth/provider-tokens.service';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, multipart, postPurchase, type TestApp } from './harness';
import { signInThroughSandbox } from './sandbox-sign-in';

const CASES = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    base: '/api/v1/calendar',
    creates: '/calendar/v3/',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    base: '/api/v1/outlook-calendar',
    creates: '/me/events',
  },
] as const;

const NOW = new Date(2026, 10, 22, 12);
/** The provider client's attempts per call (calendar.service): a drop on each leaves the run failed. */
const CLIENT_ATTEMPTS = 3;

type Stored = Record<string, unknown> & { id: string };

describe.each(DIALECTS)('calendar events made exactly once on %s', (dialect) => {
  describe.each(CASES)('through the $provider sandbox', ({ provider, email, base, creates }) => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let t: TestApp;
    let headers: { authorization: string };
    let userId: string;

    beforeAll(async () => {
      sandbox = await startSandbox({
        mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
      });
      t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox), now: () => NOW });
      headers = { authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}` };
      userId = (await t.handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    });
    afterAll(async () => {
      await t.close();
      await sandbox.close();
    });

    /** The provider makes the event, then the connection drops before its answer reaches the server. */
    const answerLost = (times: number) =>
      sandbox.fail({ match: creates, method: 'POST', dropAfter: true, times });
    const events = (name: string) =>
      (sandbox.calendar(email) as Stored[]).filter((e) => JSON.stringify(e).includes(name));
    const rows = (name: string) =>
      t.handle.db
        .selectFrom('reminders')
        .select(['external_id', 'chosen_event_id', 'event_date'])
        .where('title', 'like', `%${name}%`)
        .execute();
    const createCalls = () =>
      sandbox.requests().filter((r) => r.method === 'POST' && r.path.includes(creates)).length;
    const purchase = async (name: string) =>
      (
        await postPurchase(t, headers, {
          product_name: name,
          purchase_date: '2026-06-01',
          warranty_expire_date: '2027-06-01',
        })
      ).json() as { id: number };
    /** The reminder worker's retry, run now rather than after its back-off. */
    const retry = async (app: TestApp = t) => {
      app.app.reminders.schedule(userId);
      await app.app.reminders.idle();
    };
    const day = (e: Stored) => {
      const start = e.start as { date?: string; dateTime?: string };
      return start.date ?? start.dateTime?.slice(0, 10);
    };

    it('makes one event when the answer is lost and the client retries the create', async () => {
      const before = createCalls();
      answerLost(1);
      await purchase('Kettle');
      await t.app.reminders.idle();
      expect(createCalls() - before).toBe(2);
      const [event, ...more] = events('Kettle');
      expect(more).toEqual([]);
      expect(await rows('Kettle')).toEqual([
        { external_id: event?.id, chosen_event_id: expect.any(String), event_date: '2027-05-02' },
      ]);
      // Google's own event id (base32hex, from 16 random bytes); a GUID as Graph's transactionId.
      const [row] = await rows('Kettle');
      if (provider === 'google') expect(row?.chosen_event_id).toMatch(/^[0-9a-v]{26}$/);
      else
        expect(row?.chosen_event_id).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
    });

    it('adopts the event on the next run when every attempt lost its answer, moved to the date now wanted', async () => {
      answerLost(CLIENT_ATTEMPTS);
      const toaster = await purchase('Toaster');
      await t.app.reminders.idle();
      // The run failed: the event exists, its record waits under the id it was created with.
      expect(events('Toaster')).toHaveLength(1);
      expect(await rows('Toaster')).toEqual([
        { external_id: null, chosen_event_id: expect.any(String), event_date: '2027-05-02' },
      ]);

      // The warranty changes before the retry: the retry finds the event and moves it.
      const edit = multipart({ warranty_expire_date: '2027-09-01' });
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user-orders/update/${toaster.id}/`,
        headers: { ...headers, ...edit.headers },
        payload: edit.payload,
      });
      await t.app.reminders.idle();
      const [event, ...more] = events('Toaster');
      expect(more).toEqual([]);
      expect(day(event as Stored)).toBe('2027-08-02');
      expect(await rows('Toaster')).toEqual([
        { external_id: event?.id, chosen_event_id: expect.any(String), event_date: '2027-08-02' },
      ]);
      await retry();
      expect(events('Toaster')).toHaveLength(1);
    });

    it('makes no second event when the process stops before its commit and a fresh one takes over', async () => {
      answerLost(CLIENT_ATTEMPTS);
      await purchase('Blender');
      await t.app.reminders.idle();
      expect(events('Blender')).toHaveLength(1);
      expect((await rows('Blender'))[0]?.external_id).toBeNull();

      // A fresh server on the same database, with no memory of the first one's run, runs the retry.
      const fresh = await createTestApp(dialect, {
        endpoints: sandboxEndpoints(sandbox),
        now: () => NOW,
        shareSchemaOf: t,
      });
      try {
        await retry(fresh);
      } finally {
        await fresh.close();
      }
      const [event, ...more] = events('Blender');
      expect(more).toEqual([]);
      expect(await rows('Blender')).toEqual([
        { external_id: event?.id, chosen_event_id: expect.any(String), event_date: '2027-05-02' },
      ]);
    });

    it('removes the event a lost answer made when the purchase goes before the retry', async () => {
      answerLost(CLIENT_ATTEMPTS);
      const fan = await purchase('Desk fan');
      await t.app.reminders.idle();
      expect(events('Desk fan')).toHaveLength(1);
      await t.app.inject({ method: 'DELETE', url: `/api/v1/user-delete-order/${fan.id}/`, headers });
      await t.app.reminders.idle();
      expect(events('Desk fan')).toEqual([]);
      expect(await rows('Desk fan')).toEqual([]);
    });

    it('answers one event for a reminder set by hand whose answer was lost once', async () => {
      answerLost(1);
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/create/`,
        headers,
        payload: { product_name: 'Descale the kettle', event_date: '2026-12-05' },
      });
      expect(res.statusCode).toBe(201);
      const [event, ...more] = events('Descale the kettle');
      expect(more).toEqual([]);
      expect(res.json().id).toBe(event?.id);
      expect(await rows('Descale the kettle')).toEqual([
        { external_id: event?.id, chosen_event_id: expect.any(String), event_date: '2026-12-05' },
      ]);
    });

    it('leaves neither event nor record when every answer to a reminder set by hand is lost (502)', async () => {
      answerLost(CLIENT_ATTEMPTS);
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/create/`,
        headers,
        payload: { product_name: 'Oil the hinges', event_date: '2026-12-06' },
      });
      expect(res.statusCode).toBe(502);
      expect(events('Oil the hinges')).toEqual([]);
      expect(await rows('Oil the hinges')).toEqual([]);
    });

    // Google only: Graph finds an event by our extended property, and a deleted one is simply not found.
    if (provider === 'google')
      it('chooses a fresh id when the event made under the first was deleted before the retry (Google keeps the id taken)', async () => {
        answerLost(CLIENT_ATTEMPTS);
        await purchase('Stand mixer');
        await t.app.reminders.idle();
        const [made] = events('Stand mixer');
        const [row] = await rows('Stand mixer');
        expect(made?.id).toBe(row?.chosen_event_id);
        // Someone deletes it on Google before the retry.
        const tokens = createProviderTokens(t.handle.db, t.deps.keys.encryption, sandboxEndpoints(sandbox));
        const gone = await fetch(
          `${sandbox.google.apiBase}/calendar/v3/calendars/primary/events/${made?.id}`,
          {
            method: 'DELETE',
            headers: { authorization: `Bearer ${await tokens.accessToken(userId, 'google')}` },
          },
        );
        expect(gone.status).toBe(204);

        await retry();
        const [event, ...more] = events('Stand mixer');
        expect(more).toEqual([]);
        expect(event?.id).not.toBe(made?.id);
        expect(await rows('Stand mixer')).toEqual([
          { external_id: event?.id, chosen_event_id: event?.id, event_date: '2027-05-02' },
        ]);
      });

    it('removes, with the account, the event of a reminder still being created', async () => {
      answerLost(CLIENT_ATTEMPTS);
      await purchase('Rice cooker');
      await t.app.reminders.idle();
      expect(events('Rice cooker')).toHaveLength(1);
      expect((await rows('Rice cooker'))[0]?.external_id).toBeNull();
      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account/', headers });
      expect(res.statusCode).toBe(204);
      expect(sandbox.calendar(email)).toEqual([]);
    });
  });
});
