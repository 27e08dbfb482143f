import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, postPurchase, type TestApp, tinyPdf } from './harness';

const TODAY = new Date(2026, 10, 22, 12, 0, 0); // 22 Nov 2026, local time

describe.each(DIALECTS)('purchases API on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => TODAY });
    user = await t.createUser({ name: 'Avery Quinn' });
    other = await t.createUser({ name: 'Jordan Lee' });
  });
  afterAll(() => t.close());

  const create = (
    userId: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
  ) => postPurchase(t, t.auth(userId), fields, files);
  /** Adds the purchases one after another, in the order given. */
  const createEach = async (userId: string, purchases: Record<string, string>[]) => {
    for (const fields of purchases) await create(userId, fields);
  };
  const list = (userId: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(userId) });

  it('adds a purchase typed by hand and answers it in the seed shape', async () => {
    const res = await create(user, {
      product_name: 'Dishwasher',
      purchase_date: '2026-03-14',
      shop_name: 'Appliance Hub',
      price: '1,299.00',
      warranty_expire_date: '2028-03-14',
      warranty_status: 'Active',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      product_name: 'Dishwasher',
      shop_name: 'Appliance Hub',
      purchase_date: '2026-03-14',
      price: '1,299.00',
      warranty_expire_date: '2028-03-14',
      warranty_status: 'Active',
      status: 'manual',
      category: 'Large Appliances',
      amount: 1299,
      currency: 'USD',
      has_currency: false,
      source: 'manual',
      has_file: false,
    });
    expect(typeof body.id).toBe('number');
    expect(body.order_id).toMatch(/^WL-[0-9A-F]{12}$/);
  });

  it('lists purchases newest first, only the signed-in user’s', async () => {
    await create(user, { product_name: 'Old kettle', purchase_date: '2024-01-02' });
    await create(user, { product_name: 'New blender', purchase_date: '2026-11-01' });
    await create(other, { product_name: 'Someone else’s TV', purchase_date: '2026-11-20' });
    const names = (await list(user)).json().map((p: { product_name: string }) => p.product_name);
    expect(names).toEqual(['New blender', 'Dishwasher', 'Old kettle']);
  });

  it('derives the warranty status from the date when read', async () => {
    await createEach(user, [
      { product_name: 'Expired drill', purchase_date: '2023-01-01', warranty_expire_date: '2026-11-21' },
      { product_name: 'Soon phone', purchase_date: '2025-01-01', warranty_expire_date: '2026-12-22' },
      { product_name: 'Later TV', purchase_date: '2025-01-01', warranty_expire_date: '2026-12-23' },
    ]);
    const byName = Object.fromEntries(
      (await list(user))
        .json()
        .map((p: { product_name: string; warranty_status: string }) => [p.product_name, p.warranty_status]),
    );
    expect(byName['Expired drill']).toBe('Expired');
    expect(byName['Soon phone']).toBe('Expiring_Soon');
    expect(byName['Later TV']).toBe('Active');
    expect(byName['Old kettle']).toBe('No_Warranty');
  });

  it('refuses a purchase without a product name or date, naming the field in words', async () => {
    const noName = await create(user, { purchase_date: '2026-01-01' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({
      code: 'invalid_input',
      message: 'Product name is required',
      fields: { product_name: 'Product name is required' },
    });
    const noDate = await create(user, { product_name: 'Lamp' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toBe('Purchase date is required');
  });

  it('refuses an impossible date and a date in the wrong format', async () => {
    const impossible = await create(user, { product_name: 'Lamp', purchase_date: '2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('Purchase date is not a real calendar date');
    const wrongFormat = await create(user, { product_name: 'Lamp', purchase_date: '14/03/2026' });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().message).toContain('YYYY-MM-DD');
  });

  it('refuses a 10,000-character product name with the limit in the message', async () => {
    const res = await create(user, { product_name: 'x'.repeat(10_000), purchase_date: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Product name must be at most 500 characters');
  });

  it('stores SQL and HTML in text fields verbatim', async () => {
    const name = `Robert'); DROP TABLE orders;-- <script>alert(1)</script>`;
    const res = await create(user, {
      product_name: name,
      purchase_date: '2026-01-05',
      shop_name: '<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    const stored = (await list(user)).json().find((p: { id: number }) => p.id === res.json().id);
    expect(stored.product_name).toBe(name);
    expect(stored.shop_name).toBe('<img src=x onerror=alert(1)>');
  });

  it('updates only the fields sent', async () => {
    const created = (
      await create(user, {
        product_name: 'Toaster',
        purchase_date: '2026-02-02',
        shop_name: 'Shop A',
        price: '30',
      })
    ).json();
    const form = multipart({ price: '€ 49,90' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${created.id}`,
      headers: { ...t.auth(user), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product_name: 'Toaster',
      shop_name: 'Shop A',
      purchase_date: '2026-02-02',
      price: '€ 49,90',
      amount: 49.9,
      currency: 'EUR',
      has_currency: true,
    });
  });

  it('accepts an update with no fields at all', async () => {
    const created = (await create(user, { product_name: 'Fan', purchase_date: '2026-02-03' })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${created.id}/`,
      headers: { ...t.auth(user), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product_name).toBe('Fan');
  });

  it('never adds amounts across currencies', async () => {
    const fresh = await t.createUser();
    await create(fresh, { product_name: 'A', purchase_date: '2026-01-01', price: '€ 10,00' });
    await create(fresh, { product_name: 'B', purchase_date: '2026-01-01', price: 'EUR 5.50' });
    await create(fresh, { product_name: 'C', purchase_date: '2026-01-01', price: '$7' });
    const total = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/total-price', headers: t.auth(fresh) })
    ).json();
    // The seed's figure is the default currency's (USD here); the others stand beside it.
    expect(total).toEqual({
      total_purchase_price: 7,
      currency: 'USD',
      by_currency: { EUR: 15.5, USD: 7 },
    });
  });

  it('counts active and soon-ending warranties', async () => {
    const fresh = await t.createUser();
    await createEach(fresh, [
      { product_name: 'No date', purchase_date: '2026-01-01' },
      { product_name: 'Past', purchase_date: '2020-01-01', warranty_expire_date: '2021-01-01' },
      { product_name: 'Soon', purchase_date: '2025-01-01', warranty_expire_date: '2026-12-01' },
      { product_name: 'Later', purchase_date: '2025-01-01', warranty_expire_date: '2028-01-01' },
    ]);
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/active-warranty-count/',
      headers: t.auth(fresh),
    });
    // 'No date' has no warranty at all; 'Past' has one no more.
    expect(active.json()).toEqual({ total_active_products: 2 });
    const upcoming = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/total-upcoming-warranty/',
      headers: t.auth(fresh),
    });
    expect(upcoming.json()).toEqual({ total_upcoming_warranty: 1 });
  });

  it('answers 304 to a conditional request until the purchases change', async () => {
    const first = await list(user);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/',
      headers: { ...t.auth(user), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await create(user, { product_name: 'Router', purchase_date: '2026-05-05' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/',
      headers: { ...t.auth(user), 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('gives two users with the same data version different ETags', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const ea = (await list(a)).headers.etag;
    const eb = (await list(b)).headers.etag;
    expect(ea).not.toBe(eb);
  });

  it('deletes a purchase', async () => {
    const created = (await create(user, { product_name: 'Temporary', purchase_date: '2026-04-04' })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-delete-order/${created.id}/`,
      headers: t.auth(user),
    });
    expect(res.statusCode).toBe(204);
    const ids = (await list(user)).json().map((p: { id: number }) => p.id);
    expect(ids).not.toContain(created.id);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-delete-order/${created.id}/`,
      headers: t.auth(user),
    });
    expect(twice.statusCode).toBe(404);
  });

  it('answers 404 for a non-numeric id', async () => {
    for (const url of [
      '/api/v1/user-delete-order/abc/',
      '/api/v1/user-delete-order/1e3/',
      '/api/v1/user-delete-order/-1/',
    ]) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: t.auth(user) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('links a part to a main product of the same user only', async () => {
    const main = (await create(user, { product_name: 'Fridge', purchase_date: '2025-06-01' })).json();
    const part = await create(user, {
      product_name: 'Water filter',
      purchase_date: '2026-06-01',
      parent_id: String(main.id),
      replace_every_days: '180',
    });
    expect(part.json()).toMatchObject({ parent_id: main.id, replace_every_days: 180 });
    const foreign = await create(other, {
      product_name: 'Filter',
      purchase_date: '2026-06-01',
      parent_id: String(main.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: 'That main product is not one of your purchases',
      fields: { parent_id: 'That main product is not one of your purchases' },
    });
  });

  it('refuses a wrong content type and malformed JSON with clear messages', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...t.auth(user), 'content-type': 'text/plain' },
      payload: 'product_name=Lamp',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      code: 'unsupported_type',
      message: expect.stringContaining('Content-Type'),
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...t.auth(user), 'content-type': 'application/json' },
      payload: '{"product_name": "Lamp",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('invalid_input');
    expect(broken.json().message).toMatch(/JSON/i);
  });

  it('takes a PDF invoice with the purchase', async () => {
    const res = await create(user, { product_name: 'Monitor', purchase_date: '2026-07-07' }, [
      { field: 'invoice', filename: 'monitor.pdf', bytes: tinyPdf('Monitor 199.00') },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ has_file: true, status: 'success' });
  });
});
