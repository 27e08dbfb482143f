import type { MainProduct } from '@warrantly/contract/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMainProductPage, listMainProducts } from '../src/modules/parts/parts.service';
import type { PageStart } from '../src/modules/purchases/pages.service';
import { createTestApp, DIALECTS, postPurchase, type TestApp } from './harness';

const NOW = new Date(2026, 10, 22, 12);
// Some main products share a day, so the walk must break ties by id.
const MAIN_DATES = [
  '2026-01-05',
  '2026-03-14',
  '2026-03-14',
  '2025-12-31',
  '2026-11-01',
  '2026-03-14',
  '2024-02-29',
];

describe.each(DIALECTS)('pages of main products on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let whole: MainProduct[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => NOW });
    user = await t.createUser();
    const headers = t.auth(user);
    for (let i = 0; i < 17; i += 1) {
      const main = (
        await postPurchase(t, headers, {
          product_name: `Main ${i}`,
          purchase_date: MAIN_DATES[i % MAIN_DATES.length] as string,
        })
      ).json() as { id: number };
      // A purchase with no parts is no main product; the others get one to three parts.
      if (i % 5 === 4) continue;
      for (let p = 0; p <= i % 3; p += 1) {
        await postPurchase(t, headers, {
          product_name: `Part ${i}.${p}`,
          purchase_date: `2026-0${1 + p}-10`,
          parent_id: String(main.id),
          replace_every_days: '90',
        });
      }
    }
    whole = (await listMainProducts(t.handle.db, user, NOW)).orders;
  });
  afterAll(() => t.close());

  const page = (start: PageStart, limit: number) => listMainProductPage(t.handle.db, user, NOW, start, limit);

  it('walks every main product forward and back, as the whole list orders them', async () => {
    expect(whole.length).toBeGreaterThan(10);
    for (const limit of [1, 3, 6, 100]) {
      const forward: MainProduct[] = [];
      let start: PageStart = null;
      for (;;) {
        const answer = await page(start, limit);
        expect(answer.total).toBe(whole.length);
        expect(answer.items.length).toBeLessThanOrEqual(limit);
        forward.push(...answer.items);
        if (!answer.next) break;
        start = answer.next;
      }
      expect(forward).toEqual(whole);

      const backward: MainProduct[] = [];
      let back: PageStart = 'last';
      for (;;) {
        const answer = await page(back, limit);
        backward.unshift(...answer.items);
        if (!answer.prev) break;
        back = answer.prev;
      }
      expect(backward).toEqual(whole);
    }
  });

  it('answers the last page lined up with the pages walked from the start', async () => {
    const last = await page('last', 3);
    expect(last.items).toEqual(whole.slice(whole.length - (((whole.length - 1) % 3) + 1)));
    expect(last.next).toBeNull();
  });

  it("finds another user's main products nowhere", async () => {
    const other = await t.createUser({ email: 'other@example.com' });
    const answer = await listMainProductPage(t.handle.db, other, NOW, null, 100);
    expect(answer).toEqual({ items: [], total: 0, next: null, prev: null });
  });
});
