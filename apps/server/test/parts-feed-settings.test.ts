import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, type TestApp } from './harness';

describe.each(DIALECTS)('replacement parts, calendar feed and settings on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let fridgeId: number;
  let filterId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => new Date(2026, 10, 22, 12) });
    user = await t.createUser({ provider: 'google' });
    const create = async (fields: Record<string, string>) => {
      const form = multipart(fields);
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders/create/',
          headers: { ...t.auth(user), ...form.headers },
          payload: form.payload,
        })
      ).json();
    };
    fridgeId = (
      await create({
        product_name: 'Samsung fridge',
        purchase_date: '2025-05-01',
        warranty_expire_date: '2027-05-01',
      })
    ).id;
    filterId = (
      await create({ product_name: 'Fridge water filter', purchase_date: '2026-09-01', price: '39.99' })
    ).id;
  });
  afterAll(() => t.close());

  const update = (id: number, fields: Record<string, string>) => {
    const form = multipart(fields);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${id}/`,
      headers: { ...t.auth(user), ...form.headers },
      payload: form.payload,
    });
  };

  it('groups a linked part under its main product with when it is next due', async () => {
    const linked = await update(filterId, {
      parent_id: String(fridgeId),
      replace_every_days: '180',
      store_link: 'https://shop.example.com/filter',
    });
    expect(linked.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/google-auth/google/main-product/',
      headers: t.auth(user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      orders: [
        {
          main_product: 'Samsung fridge',
          main_product_id: fridgeId,
          products: [
            {
              id: filterId,
              product_name: 'Fridge water filter',
              purchased_date: '2026-09-01',
              store_link: 'https://shop.example.com/filter',
              price: '39.99',
              amount: 39.99,
              currency: 'USD',
              has_currency: false,
              timeline: 'every 6 months, next 2027-02-28',
            },
          ],
        },
      ],
    });
  });

  it('answers pages of main products with limit and cursor, and refuses a cursor of another user', async () => {
    const kettle = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/create/',
        headers: { ...t.auth(user), 'content-type': 'application/json' },
        payload: { product_name: 'Kettle', purchase_date: '2026-10-01' },
      })
    ).json();
    const descale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...t.auth(user), 'content-type': 'application/json' },
      payload: { product_name: 'Descaler', purchase_date: '2026-10-02', parent_id: kettle.id },
    });
    expect(descale.statusCode).toBe(201);
    const whole = (
      await t.app.inject({ method: 'GET', url: '/google-auth/google/main-product/', headers: t.auth(user) })
    ).json().orders;
    expect(whole.map((o: { main_product: string }) => o.main_product)).toEqual(['Kettle', 'Samsung fridge']);

    const page = async (query: string, as = user) =>
      t.app.inject({ method: 'GET', url: `/google-auth/google/main-product/?${query}`, headers: t.auth(as) });
    const first = (await page('limit=1')).json();
    expect(first).toMatchObject({ items: [whole[0]], total: 2, prev_cursor: null });
    const second = (await page(`limit=1&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second).toMatchObject({ items: [whole[1]], total: 2, next_cursor: null });
    expect((await page('limit=1&cursor=last')).json().items).toEqual([whole[1]]);

    const other = await t.createUser({ provider: 'google' });
    const foreign = await page(`limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, other);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/^cursor: /);
    expect((await page('limit=0')).statusCode).toBe(400);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-delete-order/${kettle.id}/`,
      headers: t.auth(user),
    });
  });

  it("answers 409 on the other provider's main-product endpoint", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/microsoft-auth/main-product/',
      headers: t.auth(user),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You signed in with Google; use the Google endpoint instead');
  });

  it('refuses a store link that is not a web address', async () => {
    const res = await update(filterId, { store_link: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Store link must be an http or https link');
  });

  it('serves a feed an independent iCalendar parser reads, with warranties and recurring parts', async () => {
    const { url } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/', headers: t.auth(user) })
    ).json();
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const vcalendar = new ICAL.Component(ICAL.parse(res.body));
    const events = vcalendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const warranty = events.find((e) => e.summary === 'Warranty ends: Samsung fridge');
    expect(warranty?.startDate.toString()).toBe('2027-05-01');
    expect(warranty?.startDate.isDate).toBe(true);
    const part = events.find((e) => e.summary === 'Replace: Fridge water filter');
    expect(part?.isRecurring()).toBe(true);
    expect(part?.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=MONTHLY;INTERVAL=6');
    expect(part?.startDate.toString()).toBe('2027-02-28');
  });

  it('stops serving the old feed address after a rotation', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/', headers: t.auth(user) })
    ).json().url;
    const after = (
      await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed/rotate/', headers: t.auth(user) })
    ).json().url;
    expect(after).not.toBe(before);
    expect((await t.app.inject({ method: 'GET', url: new URL(before).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(after).pathname })).statusCode).toBe(200);
  });

  it('reads and changes settings, re-reading bare prices in the new default currency', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/settings/', headers: t.auth(user) });
    expect(read.json()).toEqual({ warranty_reminder_days: 30, default_currency: 'USD' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: t.auth(user),
      payload: { default_currency: 'EUR', warranty_reminder_days: null },
    });
    expect(changed.json()).toEqual({ warranty_reminder_days: null, default_currency: 'EUR' });
    const total = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/total-price/',
      headers: t.auth(user),
    });
    expect(total.json()).toMatchObject({ currency: 'EUR', total_purchase_price: 39.99 });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: t.auth(user),
      payload: { default_currency: 'euro', warranty_reminder_days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('default_currency');
    expect(bad.json().message).toContain('warranty_reminder_days');
  });
});
