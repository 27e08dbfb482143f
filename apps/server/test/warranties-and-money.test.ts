import type { Purchase, PurchasePage } from '@warrantly/contract/purchases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestamp } from '../src/dates';
import {
  createTestApp,
  DIALECTS,
  HARDWARE_RECEIPT,
  multipart,
  postPurchase,
  type TestApp,
  tinyPdf,
} from './harness';

const TODAY = new Date(2026, 10, 22, 12, 0, 0); // 22 Nov 2026, local time

describe.each(DIALECTS)('warranty statuses and money on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => TODAY });
  });
  afterAll(() => t.close());

  const get = (userId: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(userId) });
  const create = (userId: string, fields: Record<string, string>) => postPurchase(t, t.auth(userId), fields);
  const update = (userId: string, id: number, fields: Record<string, string>) => {
    const form = multipart(fields);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${id}/`,
      headers: { ...t.auth(userId), ...form.headers },
      payload: form.payload,
    });
  };
  const setDefaultCurrency = async (userId: string, currency: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: t.auth(userId),
      payload: { default_currency: currency },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = async (userId: string) => (await get(userId, '/api/v1/user-orders/')).json() as Purchase[];
  const byName = (purchases: Purchase[], name: string) => purchases.find((p) => p.product_name === name);

  describe('a household with every kind of warranty', () => {
    let user: string;
    /** The till receipt's two lines, in their order: tools, so each gets an estimated two-year warranty. */
    let estimated: Purchase[];

    beforeAll(async () => {
      user = await t.createUser();
      // The seed's form sends 'Active' whatever the dates say.
      const manual = { warranty_status: 'Active' };
      const purchases: Record<string, string>[] = [
        { product_name: 'Bag of sugar', purchase_date: '2026-11-20', price: '2.49' },
        { product_name: 'Dishwasher', purchase_date: '2026-03-14', warranty_expire_date: '2028-03-14' },
        { product_name: 'Old phone', purchase_date: '2024-10-01', warranty_expire_date: '2026-10-01' },
        { product_name: 'Older kettle', purchase_date: '2017-05-05', warranty_expire_date: '2019-05-05' },
        { product_name: 'Headphones', purchase_date: '2024-12-10', warranty_expire_date: '2026-12-10' },
        { product_name: 'Router', purchase_date: '2024-11-25', warranty_expire_date: '2026-11-25' },
        { product_name: 'Ends today', purchase_date: '2025-11-22', warranty_expire_date: '2026-11-22' },
      ];
      for (const fields of purchases) {
        expect((await create(user, { ...manual, ...fields })).statusCode).toBe(201);
      }
      // A till receipt of 14 Mar 2026: no warranty printed, so one is estimated from the category.
      const form = multipart({}, [
        { field: 'file', filename: 'hardware.pdf', bytes: tinyPdf(HARDWARE_RECEIPT) },
      ]);
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ai-order-extract/',
        headers: { ...t.auth(user), ...form.headers },
        payload: form.payload,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      estimated = imported.json() as Purchase[];
      expect(estimated.map((p) => [p.warranty_expire_date, p.warranty_estimated])).toEqual([
        ['2028-03-14', true],
        ['2028-03-14', true],
      ]);
    });

    it('derives each status from the warranty date, and No_Warranty without one', async () => {
      const all = await list(user);
      const status = (name: string) => byName(all, name)?.warranty_status;
      expect(status('Bag of sugar')).toBe('No_Warranty');
      expect(status('Dishwasher')).toBe('Active');
      expect(status('Old phone')).toBe('Expired');
      expect(status('Older kettle')).toBe('Expired');
      expect(status('Headphones')).toBe('Expiring_Soon');
      expect(status('Router')).toBe('Expiring_Soon');
      expect(status('Ends today')).toBe('Expiring_Soon');
      for (const line of estimated) expect(status(line.product_name)).toBe('Active');
    });

    it('counts only warranties that run: the dashboard figures', async () => {
      const active = await get(user, '/api/v1/user-orders/active-warranty-count/');
      // Dishwasher, the receipt's two lines, Headphones, Router, Ends today: not the sugar, not the expired.
      expect(active.json()).toEqual({ total_active_products: 6 });
      const upcoming = await get(user, '/api/v1/user-orders/total-upcoming-warranty/');
      expect(upcoming.json()).toEqual({ total_upcoming_warranty: 3 });
    });

    it('lists the Warranties page: running soonest-ending first, then expired most recent first', async () => {
      const first = (
        await get(user, '/api/v1/user-orders/?sort=warranty_end&limit=6')
      ).json() as PurchasePage;
      expect(first.total).toBe(8);
      const second = (
        await get(user, `/api/v1/user-orders/?sort=warranty_end&limit=6&cursor=${first.next_cursor}`)
      ).json() as PurchasePage;
      const names = [...first.items, ...second.items].map((p) => p.product_name);
      // Ending on the same day, the Dishwasher and the receipt's lines keep the order they were added in.
      const soon = ['Ends today', 'Router', 'Headphones'];
      const later = ['Dishwasher', ...estimated.map((p) => p.product_name)];
      expect(names).toEqual([...soon, ...later, 'Old phone', 'Older kettle']);
      expect(first.items).toHaveLength(6);
      expect(second).toMatchObject({ next_cursor: null, total: 8 });
      const back = (
        await get(user, `/api/v1/user-orders/?sort=warranty_end&limit=6&cursor=${second.prev_cursor}`)
      ).json() as PurchasePage;
      expect(back.items.map((p) => p.product_name)).toEqual(names.slice(0, 6));
    });

    it('filters by No_Warranty', async () => {
      const page = (await get(user, '/api/v1/user-orders/?status=No_Warranty')).json() as PurchasePage;
      expect(page.items.map((p) => p.product_name)).toEqual(['Bag of sugar']);
    });
  });

  describe('money', () => {
    it('sums each currency on its own and leads with the default currency', async () => {
      const user = await t.createUser();
      await setDefaultCurrency(user, 'EUR');
      for (const [name, price] of [
        ['Laptop', '$4,265.96'],
        ['Sofa', '€ 1.125,00'],
        ['Boots', '£249.00'],
        ['Tent', 'CA$ 408.99'],
        ['Mug', '12,50'],
      ]) {
        expect(
          (
            await create(user, {
              product_name: name as string,
              purchase_date: '2026-11-01',
              price: price as string,
            })
          ).statusCode,
        ).toBe(201);
      }
      const total = (await get(user, '/api/v1/user-orders/total-price/')).json();
      expect(total).toEqual({
        total_purchase_price: 1137.5,
        currency: 'EUR',
        by_currency: { USD: 4265.96, EUR: 1137.5, GBP: 249, CAD: 408.99 },
      });
    });

    it('leads with the most used currency when none of the amounts is in the default one', async () => {
      const user = await t.createUser();
      await create(user, { product_name: 'A', purchase_date: '2026-11-01', price: '£10' });
      await create(user, { product_name: 'B', purchase_date: '2026-11-01', price: '£5' });
      await create(user, { product_name: 'C', purchase_date: '2026-11-01', price: '€ 7' });
      const total = (await get(user, '/api/v1/user-orders/total-price/')).json();
      expect(total).toEqual({ total_purchase_price: 15, currency: 'GBP', by_currency: { GBP: 15, EUR: 7 } });
    });

    it('keeps a purchase’s currency when an edit changes only the number', async () => {
      const user = await t.createUser();
      const euro = (
        await create(user, { product_name: 'Blender', purchase_date: '2026-11-01', price: '€ 49,90' })
      ).json();
      const edited = await update(user, euro.id, { product_name: 'Blender', price: '59.99' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        price: '59.99',
        amount: 59.99,
        currency: 'EUR',
        has_currency: true,
      });
      // The forms send every field: saving again with the same text keeps the euros too.
      const again = await update(user, euro.id, { product_name: 'Stand blender', price: '59.99' });
      expect(again.json()).toMatchObject({ amount: 59.99, currency: 'EUR', has_currency: true });
      // A new default currency re-reads bare numbers only; this one stays in euros.
      await setDefaultCurrency(user, 'GBP');
      expect(byName(await list(user), 'Stand blender')).toMatchObject({ amount: 59.99, currency: 'EUR' });
      // A bare number stays a bare number in the default currency.
      const bare = (
        await create(user, { product_name: 'Fan', purchase_date: '2026-11-01', price: '20' })
      ).json();
      expect(bare).toMatchObject({ currency: 'GBP', has_currency: false });
      const rebased = (await update(user, bare.id, { price: '25' })).json();
      expect(rebased).toMatchObject({ amount: 25, currency: 'GBP', has_currency: false });
    });

    it('accepts amounts written the usual ways', async () => {
      const user = await t.createUser();
      const cases: [string, number, string][] = [
        ['49,90', 49.9, 'USD'],
        ['€ 49.90', 49.9, 'EUR'],
        ['1.299,00', 1299, 'USD'],
        ['$1,299.00', 1299, 'USD'],
        ['CA$ 12', 12, 'CAD'],
      ];
      for (const [price, amount, currency] of cases) {
        const res = await create(user, { product_name: 'Thing', purchase_date: '2026-11-01', price });
        expect(res.statusCode, price).toBe(201);
        expect(res.json(), price).toMatchObject({ price, amount, currency });
      }
    });

    it('refuses an amount that is not money, in words naming the field, and writes nothing', async () => {
      const user = await t.createUser();
      const refused = await create(user, { product_name: 'Gift', purchase_date: '2026-11-01', price: 'abc' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'invalid_input',
        message: 'Amount must be a number such as 49.90',
        fields: { price: 'Amount must be a number such as 49.90' },
      });
      expect(await list(user)).toEqual([]);

      const kept = (
        await create(user, { product_name: 'Cable', purchase_date: '2026-11-01', price: '12.50' })
      ).json();
      const edit = await update(user, kept.id, { price: 'about forty' });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().fields).toEqual({ price: 'Amount must be a number such as 49.90' });
      expect(byName(await list(user), 'Cable')).toMatchObject({ price: '12.50', amount: 12.5 });
    });

    it('lets an old unreadable amount stand while other fields are edited', async () => {
      const user = await t.createUser();
      await t.handle.db
        .insertInto('orders')
        .values({
          user_id: user,
          order_id: 'OLD-1',
          product_name: 'Voucher',
          purchase_date: '2025-01-01',
          price: 'see receipt',
          status: 'manual',
          source: 'manual',
          created_at: timestamp(),
          updated_at: timestamp(),
        })
        .execute();
      const [old] = await list(user);
      const res = await update(user, old?.id ?? 0, { product_name: 'Gift voucher', price: 'see receipt' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ product_name: 'Gift voucher', price: 'see receipt', amount: null });
    });
  });

  describe('validation in words', () => {
    it('refuses a warranty that ends before the purchase, on create and on edit', async () => {
      const user = await t.createUser();
      const message = 'Warranty date cannot be before the purchase date';
      const early = await create(user, {
        product_name: 'Drill',
        purchase_date: '2026-05-01',
        warranty_expire_date: '2026-04-30',
      });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({
        code: 'invalid_input',
        message,
        fields: { warranty_expire_date: message },
      });
      const sameDay = await create(user, {
        product_name: 'Drill',
        purchase_date: '2026-05-01',
        warranty_expire_date: '2026-05-01',
      });
      expect(sameDay.statusCode).toBe(201);
      // Moving the purchase date past the warranty end is the same mistake.
      const moved = await update(user, sameDay.json().id, { purchase_date: '2026-06-01' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe(message);
      expect((await list(user))[0]).toMatchObject({ purchase_date: '2026-05-01' });
    });

    it('says an empty product name in words', async () => {
      const user = await t.createUser();
      const made = (await create(user, { product_name: 'Lamp', purchase_date: '2026-05-01' })).json();
      const res = await update(user, made.id, { product_name: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_input',
        message: 'Product name cannot be empty',
        fields: { product_name: 'Product name cannot be empty' },
      });
    });
  });
});
