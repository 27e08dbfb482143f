import type { Purchase, PurchasePage, PurchaseSort } from '@warrantly/contract/purchases';
import type { OrderMoney, ReceiptList, ReceiptPage, ReceiptSummary } from '@warrantly/contract/receipts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, timestamp } from '../src/dates';
import { parsePrice } from '../src/modules/purchases/amounts';
import { pageQuery, type RowSort } from '../src/modules/purchases/pages.repository';
import { createTestApp, DIALECTS, postPurchase, type TestApp } from './harness';

const TODAY = new Date(2026, 10, 22, 12, 0, 0); // 22 Nov 2026, local time
const today = '2026-11-22';

const NAMES = [
  'Drill',
  'drill bits',
  'Kettle',
  'Zebra lamp',
  'apple TV',
  '100% cotton sheet',
  'under_score cable',
];
const SHOPS = ['Corner Hardware', 'Appliance Hub', null, 'Big_Box'];
const DATES = ['2026-01-05', '2026-03-14', '2026-03-14', '2025-12-31', null, '2026-11-01'];
const PRICES = ['$10.00', '¥1000', '€ 49,90', null, 'free', '1,299.00', '10', 'KWD 1.250'];
const WARRANTIES = [
  addDays(today, -1),
  today,
  addDays(today, 30),
  addDays(today, 31),
  null,
  '2030-01-01',
  '2020-05-05',
];

/** A small deterministic generator, so every run walks the same awkward data (ties, gaps, wildcards). */
function lcg(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

type Sorted = (a: Purchase, b: Purchase) => number;
const byId = (a: Purchase, b: Purchase) => a.id - b.id;
const lastIfNull = <T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b);
const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const num = (x: number, y: number) => x - y;

/** Each sort as a user reads it: missing dates and amounts last either way, ties by id in the sort's direction. */
const SORTS: Record<PurchaseSort, Sorted> = {
  date_desc: (a, b) => lastIfNull(a.purchase_date, b.purchase_date, (x, y) => text(y, x)) || byId(b, a),
  date_asc: (a, b) => lastIfNull(a.purchase_date, b.purchase_date, text) || byId(a, b),
  price_desc: (a, b) => lastIfNull(a.amount, b.amount, (x, y) => num(y, x)) || byId(b, a),
  price_asc: (a, b) => lastIfNull(a.amount, b.amount, num) || byId(a, b),
  name_asc: (a, b) => text(a.product_name.toLowerCase(), b.product_name.toLowerCase()) || byId(a, b),
  name_desc: (a, b) => text(b.product_name.toLowerCase(), a.product_name.toLowerCase()) || byId(b, a),
  // Running warranties soonest-ending first, then expired ones most recently ended first.
  warranty_end: (a, b) => {
    const [x, y] = [a.warranty_expire_date ?? '', b.warranty_expire_date ?? ''];
    const expired = (date: string) => Number(date < today);
    if (expired(x) !== expired(y)) return expired(x) - expired(y);
    return expired(x) ? text(y, x) || byId(b, a) : text(x, y) || byId(a, b);
  },
};
/** The rows a sort holds: the Warranties page's order only purchases with a warranty date. */
const inSort = (sort: PurchaseSort) => (p: Purchase) =>
  sort !== 'warranty_end' || p.warranty_expire_date !== null;

type Filter = Record<string, string>;
function matches(p: Purchase, f: Filter): boolean {
  const has = (s: string | null) => (s ?? '').toLowerCase().includes((f.q ?? '').toLowerCase());
  if (f.q !== undefined && !has(p.product_name) && !has(p.shop_name) && !has(p.order_id)) return false;
  if (f.status !== undefined && p.warranty_status !== f.status) return false;
  if (f.store !== undefined && p.shop_name !== f.store) return false;
  if (f.from !== undefined && (p.purchase_date === null || p.purchase_date < f.from)) return false;
  if (f.to !== undefined && (p.purchase_date === null || p.purchase_date > f.to)) return false;
  return true;
}

describe.each(DIALECTS)('pages of purchases and receipts on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let other: string;
  let all: Purchase[];

  const get = (userId: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(userId) });
  const url = (path: string, params: Record<string, string | number | null | undefined>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value != null) query.set(key, String(value));
    return `${path}?${query}`;
  };
  const page = async (params: Record<string, string | number | null | undefined>, as = user) => {
    const res = await get(as, url('/api/v1/user-orders/', params));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PurchasePage;
  };

  /** Every page from the first by next_cursor, then every page from `last` back by prev_cursor. */
  async function walk(params: Record<string, string | number>, limit: number) {
    const forward: PurchasePage[] = [];
    let cursor: string | null = null;
    do {
      const p = await page({ ...params, limit, cursor });
      forward.push(p);
      cursor = p.next_cursor;
      expect(forward.length).toBeLessThan(200);
    } while (cursor);
    const backward: PurchasePage[] = [];
    cursor = 'last';
    do {
      const p = await page({ ...params, limit, cursor });
      backward.unshift(p);
      cursor = p.prev_cursor;
      expect(backward.length).toBeLessThan(200);
    } while (cursor);
    return { forward, backward };
  }

  async function insertPurchases(userId: string, count: number, seed: number) {
    const pick = lcg(seed);
    const choose = <T>(list: readonly T[]) => list[pick(list.length)] as T;
    const rows = Array.from({ length: count }, (_, i) => {
      const price = choose(PRICES);
      return {
        user_id: userId,
        order_id: `ORD-${seed}-${Math.floor(i / 2)}`,
        product_name: `${choose(NAMES)}${pick(3) === 0 ? '' : ` ${pick(4)}`}`,
        shop_name: choose(SHOPS),
        purchase_date: choose(DATES),
        price,
        ...parsePrice(price, 'USD'),
        warranty_expire_date: choose(WARRANTIES),
        category: null,
        status: 'manual',
        source: 'manual' as const,
        line_no: i % 2,
        created_at: timestamp(),
        updated_at: timestamp(),
      };
    });
    await t.handle.db.insertInto('orders').values(rows).execute();
  }

  const fullList = async (as = user) => (await get(as, '/api/v1/user-orders/')).json() as Purchase[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => TODAY });
    user = await t.createUser();
    other = await t.createUser();
    await insertPurchases(user, 75, 7);
    await insertPurchases(other, 9, 8);
    all = await fullList();
    expect(all).toHaveLength(75);
  });
  afterAll(() => t.close());

  it('answers the whole array, as before, without page parameters (and with unknown ones)', async () => {
    const res = await get(user, '/api/v1/user-orders/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Purchase[];
    // The spec's order: newest purchase date first, undated last, the newest row first on the same day.
    const expected = [...all].sort(
      (a, b) =>
        Number(a.purchase_date === null) - Number(b.purchase_date === null) ||
        text(b.purchase_date ?? '', a.purchase_date ?? '') ||
        b.id - a.id,
    );
    expect(list.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect((await get(user, '/api/v1/user-orders/?_=123')).body).toBe(res.body);
    // The default sort is that order, item for item and byte for byte.
    const pages = await page({ limit: 100 });
    expect(JSON.stringify(pages.items)).toBe(res.body);
    expect(pages).toMatchObject({ total: 75, next_cursor: null, prev_cursor: null });
  });

  it.each(Object.keys(SORTS) as PurchaseSort[])(
    'walks every page of sort %s forward and back',
    async (sort) => {
      const expected = all
        .filter(inSort(sort))
        .sort(SORTS[sort])
        .map((p) => p.id);
      const { forward, backward } = await walk({ sort }, 7);
      expect(forward.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected);
      expect(backward.map((p) => p.items.map((i) => i.id))).toEqual(
        forward.map((p) => p.items.map((i) => i.id)),
      );
      const pages = Math.ceil(expected.length / 7);
      expect(forward.map((p) => p.items.length)).toEqual(
        Array.from({ length: pages }, (_, i) => Math.min(7, expected.length - i * 7)),
      );
      for (const p of forward) expect(p.total).toBe(expected.length);
      expect(forward[0]?.prev_cursor).toBeNull();
      expect(forward.at(-1)?.next_cursor).toBeNull();
    },
  );

  const FILTERS: Filter[] = [
    { q: 'DRILL' },
    { q: '%' },
    { q: '_' },
    { q: 'ord-7-1' },
    { q: 'hub' },
    { status: 'Active' },
    { status: 'Expiring_Soon' },
    { status: 'Expired' },
    { status: 'No_Warranty' },
    { store: 'Big_Box' },
    { from: '2026-01-05', to: '2026-03-14' },
    { from: '2026-03-14' },
    { to: '2025-12-31' },
    { q: 'a', status: 'Active', from: '2026-01-01' },
    { q: 'no such thing' },
  ];

  it.each(FILTERS)('filters by %o in every sort, pages forward and back', async (filter) => {
    for (const sort of Object.keys(SORTS) as PurchaseSort[]) {
      const expected = all.filter((p) => matches(p, filter) && inSort(sort)(p)).sort(SORTS[sort]);
      const { forward, backward } = await walk({ ...filter, sort }, 4);
      expect(forward.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected.map((p) => p.id));
      expect(backward.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected.map((p) => p.id));
      for (const p of forward) expect(p.total).toBe(expected.length);
    }
  });

  it('the status filter agrees with the derived status, so every purchase is in exactly one', async () => {
    const totals = await Promise.all(
      ['Active', 'Expiring_Soon', 'Expired', 'No_Warranty'].map(
        async (status) => (await page({ status })).total,
      ),
    );
    expect(totals.reduce((a, b) => a + b)).toBe(75);
    expect(totals.every((n) => n > 0)).toBe(true);
  });

  it('cursor=last is the last page cut to line up with pages of 6 from the start', async () => {
    for (const filter of [{}, { q: 'drill' }, { status: 'Expired' }] as Filter[]) {
      const n = all.filter((p) => matches(p, filter)).length;
      const last = await page({ ...filter, limit: 6, cursor: 'last' });
      expect(last.items).toHaveLength(n === 0 ? 0 : ((n - 1) % 6) + 1);
      const { forward } = await walk(filter, 6);
      expect(last.items.map((p) => p.id)).toEqual(forward.at(-1)?.items.map((p) => p.id));
      expect(last.next_cursor).toBeNull();
    }
  });

  it('keeps its place when purchases are added between pages: nothing repeats, nothing is skipped', async () => {
    const before = (await fullList()).map((p) => p.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const p = await page({ limit: 5, cursor });
      seen.push(...p.items.map((i) => i.id));
      cursor = p.next_cursor;
      // One purchase newer than everything (on pages already read), one older than the rest (still to come).
      for (const date of ['2026-11-20', '2001-01-01']) {
        const res = await postPurchase(t, t.auth(user), {
          product_name: `Added ${round}`,
          purchase_date: date,
        });
        expect(res.statusCode).toBe(201);
      }
      round += 1;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    all = await fullList();
  });

  it('continues after the row its cursor names was deleted', async () => {
    const first = await page({ limit: 4, sort: 'name_asc' });
    const gone = first.items.at(-1) as Purchase;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/user-delete-order/${gone.id}/`,
          headers: t.auth(user),
        })
      ).statusCode,
    ).toBe(204);
    all = await fullList();
    const second = await page({ limit: 4, sort: 'name_asc', cursor: first.next_cursor });
    const expected = [...all].sort(SORTS.name_asc).map((p) => p.id);
    expect(second.items.map((p) => p.id)).toEqual(expected.slice(3, 7));
    const back = await page({ limit: 4, sort: 'name_asc', cursor: second.prev_cursor });
    expect(back.items.map((p) => p.id)).toEqual(expected.slice(0, 3));
  });

  it('refuses a forged, cut, foreign or other-filter cursor with a 400 that says so', async () => {
    const first = await page({ limit: 3, q: 'drill' });
    const cursor = first.next_cursor as string;
    const [payload, mac] = cursor.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify(['a', '', 1, 0])).toString('base64url');
    const bad: [string, Record<string, string | number>][] = [
      [other, { limit: 3, q: 'drill', cursor }],
      [user, { limit: 3, q: 'drills', cursor }],
      [user, { limit: 3, cursor }],
      [user, { limit: 3, q: 'drill', sort: 'name_asc', cursor }],
      [user, { limit: 3, q: 'drill', cursor: cursor.slice(0, -4) }],
      [user, { limit: 3, q: 'drill', cursor: `${forgedPayload}.${mac}` }],
      [user, { limit: 3, q: 'drill', cursor: payload }],
      [user, { limit: 3, q: 'drill', cursor: 'abc' }],
    ];
    for (const [as, params] of bad) {
      const res = await get(as, url('/api/v1/user-orders/', params));
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_input', message: expect.stringMatching(/^cursor: /) });
    }
    // The page size may change along the way: the cursor is bound to the filters, not to the limit.
    expect((await get(user, url('/api/v1/user-orders/', { limit: 5, q: 'drill', cursor }))).statusCode).toBe(
      200,
    );
  });

  it('refuses a limit outside 1..100 and other bad parameters, naming them', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['sort=newest', 'sort'],
      ['status=Broken', 'status'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'from'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ]) {
      // Asked twice: a refused query is refused again, never remembered as read.
      for (const _ of [1, 2]) {
        const res = await get(user, `/api/v1/user-orders/?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^${field}: `));
      }
    }
    expect((await page({ limit: 1 })).items).toHaveLength(1);
    expect((await page({ limit: 100 })).items).toHaveLength(Math.min(100, all.length));
    expect((await page({ limit: '' })).items).toHaveLength(6);
  });

  it('reads every sort from its index, never sorting the rows', async () => {
    const indexOf: Record<RowSort, string> = {
      date_desc: 'orders_user_date_desc',
      date_asc: 'orders_user_date_asc',
      price_desc: 'orders_user_price_desc',
      price_asc: 'orders_user_price_asc',
      name_asc: 'orders_user_name',
      name_desc: 'orders_user_name',
      warranty_running: 'orders_user_warranty_end',
      warranty_expired: 'orders_user_warranty_end',
    };
    for (const [sort, index] of Object.entries(indexOf) as [RowSort, string][]) {
      for (const forward of [true, false]) {
        const key = sort.startsWith('price') ? 10 : sort.startsWith('warranty') ? today : 'm';
        const bound = { key, id: 5 };
        const compiled = pageQuery(
          t.handle.db,
          user,
          sort,
          { scope: 'purchases' },
          bound,
          forward,
          7,
        ).compile();
        const plan = await t.handle.db.transaction().execute(async (trx) => {
          if (dialect === 'sqlite') {
            const rows = await trx.executeQuery<{ detail: string }>({
              ...compiled,
              sql: `explain query plan ${compiled.sql}`,
            });
            return rows.rows.map((r) => r.detail).join('\n');
          }
          // A test table is tiny: told not to scan it whole, PostgreSQL shows the plan a big one gets.
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_bitmapscan = off`.execute(trx);
          const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
            ...compiled,
            sql: `explain ${compiled.sql}`,
          });
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan, `${sort} ${forward}`).toContain(index);
        expect(plan, `${sort} ${forward}`).not.toMatch(/TEMP B-TREE|Sort Key|Sort\b/);
      }
    }
  });

  describe('receipts', () => {
    let receiptOrders: string[];

    beforeAll(async () => {
      // Every third order of the user carries a file; orders have two lines each.
      const orders = [...new Set(all.filter((p) => p.order_id.startsWith('ORD-')).map((p) => p.order_id))];
      receiptOrders = orders.filter((_, i) => i % 3 !== 1);
      await t.handle.db
        .insertInto('documents')
        .values(
          receiptOrders.map((order_id, i) => ({
            user_id: user,
            order_id,
            filename: `${order_id}.pdf`,
            mime: 'application/pdf',
            size: 100,
            sha256: `sha-${i}`,
            storage_key: `${user}/${order_id}`,
            extraction_status: 'success' as const,
            created_at: timestamp(),
          })),
        )
        .execute();
      // Rows written behind the app's back: a change through the API moves the data version, as every
      // writer does, so the answers cached for the old version are not served again.
      const added = await postPurchase(t, t.auth(user), { product_name: 'Bump', purchase_date: today });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user-delete-order/${added.json().id}/`,
        headers: t.auth(user),
      });
      all = await fullList();
    });

    const receiptPage = async (params: Record<string, string | number | null>) => {
      const res = await get(user, url('/api/v1/invoice/', params));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ReceiptPage;
    };

    /** Each order with a file as its first line, newest purchase date first, then the newest order. */
    function expectedReceipts(q?: string): Omit<ReceiptSummary, keyof OrderMoney>[] {
      const lines = new Map<string, Purchase[]>();
      for (const p of all.filter((p) => p.has_file))
        lines.set(p.order_id, [...(lines.get(p.order_id) ?? []), p]);
      return [...lines.values()]
        .filter((ls) => q === undefined || ls.some((l) => matches(l, { q })))
        .map((ls) => ({ ...([...ls].sort(byId)[0] as Purchase), line_count: ls.length }))
        .sort(SORTS.date_desc);
    }

    it('answers the whole list, as before, without parameters', async () => {
      const res = await get(user, '/api/v1/invoice/');
      const list = res.json() as ReceiptList;
      expect(list.orders).toHaveLength(receiptOrders.length);
      expect(list.total_invoice).toBe(receiptOrders.length);
    });

    it.each([undefined, 'drill', 'ORD-7-2', '%'])(
      'walks every page with q=%s forward and back',
      async (q) => {
        const expected = expectedReceipts(q);
        const list = (await get(user, '/api/v1/invoice/')).json() as ReceiptList;
        const forward: ReceiptPage[] = [];
        let cursor: string | null = null;
        do {
          const p = await receiptPage({ limit: 4, q: q ?? null, cursor });
          forward.push(p);
          cursor = p.next_cursor;
        } while (cursor && forward.length < 100);
        const items = forward.flatMap((p) => p.items);
        expect(items).toMatchObject(expected);
        // Each card as the whole list has it, its order's total included.
        const listed = new Map(list.orders.map((o) => [o.order_id, o]));
        expect(items).toEqual(items.map((i) => listed.get(i.order_id)));
        const backward: ReceiptPage[] = [];
        cursor = 'last';
        do {
          const p = await receiptPage({ limit: 4, q: q ?? null, cursor });
          backward.unshift(p);
          cursor = p.prev_cursor;
        } while (cursor && backward.length < 100);
        expect(backward.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected.map((r) => r.id));
        for (const p of forward) {
          expect(p.total).toBe(expected.length);
          expect(p.total_orders_this_month).toBe(list.total_orders_this_month);
          expect(p.total_categories).toBe(list.total_categories);
        }
      },
    );

    it('refuses a purchases cursor, another user’s, and a bad limit', async () => {
      const purchases = await page({ limit: 2 });
      const receipts = await receiptPage({ limit: 2 });
      for (const [as, cursor] of [
        [user, purchases.next_cursor],
        [other, receipts.next_cursor],
      ] as [string, string][]) {
        const res = await get(as, url('/api/v1/invoice/', { limit: 2, cursor }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^cursor: /);
      }
      expect((await get(user, '/api/v1/invoice/?limit=0')).statusCode).toBe(400);
      expect((await get(other, '/api/v1/invoice/?limit=6')).json()).toMatchObject({ items: [], total: 0 });
    });
  });
});
