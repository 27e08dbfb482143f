import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, multipart, postPurchase, type TestApp } from './harness';
import { signInThroughSandbox } from './sandbox-sign-in';

const CASES = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    base: '/api/v1/calendar',
    other: '/api/v1/outlook-calendar',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    base: '/api/v1/outlook-calendar',
    other: '/api/v1/calendar',
  },
] as const;

const NOW = new Date(2026, 10, 22, 12);

describe.each(CASES)('reminders on the $provider calendar', ({ provider, email, base, other }) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    sandbox = await startSandbox({
      mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
    });
    t = await createTestApp('sqlite', { endpoints: sandboxEndpoints(sandbox), now: () => NOW });
    headers = { authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}` };
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const create = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${base}/create/`, headers, payload: payload as object });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/list/`, headers })).json().events as {
      summary: string;
      start: { date?: string; dateTime?: string };
      end: { date?: string };
      recurrence?: string[];
    }[];

  it('adds an all-day reminder that lists back in Google’s shape', async () => {
    const res = await create({ product_name: '  Water filter  ', event_date: '2026-12-05' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Water filter',
      summary: 'Water filter',
      start: { date: '2026-12-05' },
      end: { date: '2026-12-06' },
    });
    const events = await list();
    expect(events.find((e) => e.summary === 'Water filter')).toMatchObject({
      start: { date: '2026-12-05' },
      end: { date: '2026-12-06' },
    });
    expect(sandbox.calendar(email)).toHaveLength(1);
  });

  it.each([
    [{ product_name: '   ', event_date: '2026-12-05' }, 'Product name is required'],
    [{ product_name: 'x'.repeat(1000), event_date: '2026-12-05' }, 'at most 500 characters'],
    [{ product_name: 'Filter', event_date: '2026-02-30' }, 'event_date: is not a real calendar date'],
    [
      { product_name: 'Filter', event_date: '2040-01-01' },
      'event_date: must be between 2021-01-01 and 2031-12-31',
    ],
    [{ product_name: 'Filter' }, 'event_date: is required'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const before = sandbox.calendar(email).length;
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(sandbox.calendar(email)).toHaveLength(before);
  });

  it.each([
    ['a 429', { status: 429 as const, retryAfter: 0, times: 10 }],
    ['a 500', { status: 500 as const, times: 10 }],
    ['garbage', { garbage: true, times: 10 }],
  ])('answers 502 when the calendar answers %s, and records nothing', async (_name, fault) => {
    const before = await t.handle.db.selectFrom('reminders').select('id').execute();
    sandbox.fail({ match: provider === 'google' ? '/calendar/v3/' : '/me/events', ...fault });
    try {
      const res = await create({ product_name: 'Broken', event_date: '2026-12-07' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/did not accept the request/);
    } finally {
      sandbox.clearFaults();
    }
    expect(await t.handle.db.selectFrom('reminders').select('id').execute()).toHaveLength(before.length);
  });

  it("answers 409 on the other provider's calendar endpoints", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${other}/list/`, headers });
    expect(res.statusCode).toBe(409);
  });

  it('keeps one warranty reminder per purchase through edits and deletion', async () => {
    const created = (
      await postPurchase(t, headers, {
        product_name: 'Dishwasher',
        purchase_date: '2025-06-01',
        warranty_expire_date: '2027-06-01',
      })
    ).json();
    await t.app.reminders.idle();
    const warrantyEvents = async () => (await list()).filter((e) => e.summary.includes('Dishwasher'));
    expect((await warrantyEvents()).map((e) => e.start.date)).toEqual(['2027-05-02']);

    const edit = multipart({ warranty_expire_date: '2027-09-01' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${created.id}/`,
      headers: { ...headers, ...edit.headers },
      payload: edit.payload,
    });
    await t.app.reminders.idle();
    expect((await warrantyEvents()).map((e) => e.start.date)).toEqual(['2027-08-02']);

    await t.app.reminders.idle();
    t.app.reminders.schedule(
      (await t.handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id,
    );
    await t.app.reminders.idle();
    expect(await warrantyEvents()).toHaveLength(1);

    await t.app.inject({ method: 'DELETE', url: `/api/v1/user-delete-order/${created.id}/`, headers });
    await t.app.reminders.idle();
    expect(await warrantyEvents()).toHaveLength(0);
  });

  it('brings the calendar in line with a change whose signal was lost with its replica, at the next catch-up', async () => {
    await t.app.reminders.idle();
    const { id: userId } = await t.handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(await t.app.reminders.catchUp()).toBe(0);
    // What a replica leaves when it dies between its commit and queueing the calendar's reconcile: the
    // purchase and the data version moved, two minutes ago, and no job.
    const twoMinutesAgo = new Date(NOW.getTime() - 120_000).toISOString();
    await t.handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values({
          user_id: userId,
          order_id: 'LOST-SIGNAL-1',
          product_name: 'Chest freezer',
          shop_name: 'Corner Appliances',
          purchase_date: '2026-03-01',
          price: '$400.00',
          amount_minor: 40000,
          currency: 'USD',
          warranty_expire_date: '2028-03-01',
          status: 'manual',
          source: 'manual',
          created_at: twoMinutesAgo,
          updated_at: twoMinutesAgo,
        })
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ data_version: eb('data_version', '+', 1), updated_at: twoMinutesAgo }))
        .where('id', '=', userId)
        .execute();
    });
    const freezer = async () => (await list()).filter((e) => e.summary.includes('Chest freezer'));
    expect(await freezer()).toHaveLength(0);

    expect(await t.app.reminders.catchUp()).toBe(1);
    await t.app.reminders.idle();
    expect((await freezer()).map((e) => e.start.date)).toEqual(['2028-01-31']);
    // In line again: the next pass finds nobody, and the event is not made twice.
    expect(await t.app.reminders.catchUp()).toBe(0);
    await t.app.reminders.idle();
    expect(await freezer()).toHaveLength(1);
  });

  it('lists a change made just before, though the calendar is slow to take it', async () => {
    // A slow create: the list, asked for at once, must wait for the run that writes the event.
    sandbox.fail({
      match: provider === 'google' ? '/calendar/v3/' : '/me/events',
      method: 'POST',
      delayMs: 400,
    });
    try {
      await postPurchase(t, headers, {
        product_name: 'Espresso machine',
        purchase_date: '2026-02-01',
        warranty_expire_date: '2028-02-01',
      });
      const events = await list();
      expect(events.filter((e) => e.summary.includes('Espresso machine'))).toHaveLength(1);
    } finally {
      sandbox.clearFaults();
    }
  });

  it('turns a part with an interval into a recurring event', async () => {
    const make = async (fields: Record<string, string>) => (await postPurchase(t, headers, fields)).json();
    const fridge = await make({ product_name: 'Fridge', purchase_date: '2025-01-10' });
    await make({
      product_name: 'Fridge water filter',
      purchase_date: '2026-10-01',
      parent_id: String(fridge.id),
      replace_every_days: '180',
    });
    await t.app.reminders.idle();
    const stored = sandbox.calendar(email) as Record<string, unknown>[];
    const part = stored.find((e) => JSON.stringify(e).includes('Replace: Fridge water filter'));
    expect(JSON.stringify(part)).toMatch(
      provider === 'google' ? /RRULE:FREQ=MONTHLY;INTERVAL=6/ : /absoluteMonthly/,
    );
    const occurrences = (await list())
      .filter((e) => e.summary === 'Replace: Fridge water filter')
      .map((e) => e.start.date);
    expect(occurrences.slice(0, 2)).toEqual(['2027-03-30', '2027-09-30']);
  });
  it('narrows the list to a window of days, a number of events and a number a day, saying what it left out', async () => {
    const days = ['2029-01-10', '2029-01-10', '2029-01-10', '2029-01-12', '2029-02-01'];
    for (const [i, day] of days.entries())
      expect((await create({ product_name: `Window ${i}`, event_date: day })).statusCode).toBe(201);
    const window = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${base}/list/?${query}`, headers });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        events: { summary: string; start: { date?: string } }[];
        has_more: boolean;
        more_by_day: Record<string, number>;
      };
      return { ...body, mine: body.events.filter((e) => e.summary.startsWith('Window ')) };
    };

    const january = await window('from=2029-01-01&to=2029-01-31');
    expect(january.mine.map((e) => e.start.date)).toEqual(days.slice(0, 4));
    expect(january.events.every((e) => (e.start.date ?? '') <= '2029-01-31')).toBe(true);
    expect(january).toMatchObject({ has_more: false, more_by_day: {} });

    const twoADay = await window('from=2029-01-01&to=2029-01-31&per_day=2');
    expect(twoADay.mine.map((e) => e.start.date)).toEqual(['2029-01-10', '2029-01-10', '2029-01-12']);
    expect(twoADay.more_by_day).toEqual({ '2029-01-10': 1 });

    const firstTwo = await window('from=2029-01-11&limit=2');
    expect(firstTwo.events.map((e) => e.start.date)).toEqual(['2029-01-12', '2029-02-01']);
    expect(firstTwo.has_more).toBe(true);
    const all = await window('from=2029-01-11&limit=2500');
    expect(all.has_more).toBe(false);
    expect(all.events.length).toBeGreaterThan(2);

    // Without parameters: the spec's answer, the key `events` and nothing else.
    const plain = await t.app.inject({ method: 'GET', url: `${base}/list/`, headers });
    expect(Object.keys(plain.json())).toEqual(['events']);
  });

  it.each([
    ['limit=0', 'limit: must be at least 1'],
    ['limit=2501', 'limit: must be at most 2500'],
    ['limit=abc', 'limit: must be a whole number'],
    ['per_day=0', 'per_day: must be at least 1'],
    ['from=2029-02-30', 'from: is not a real calendar date'],
    ['to=tomorrow', 'to: must be a date written YYYY-MM-DD'],
    ['from=2029-02-01&to=2029-01-01', 'from: must not be after to'],
  ])('refuses the window %s with a clear message', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/list/?${query}`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
