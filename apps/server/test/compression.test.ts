import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestamp } from '../src/dates';
import { createTestApp, DIALECTS, type TestApp } from './harness';

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe.each(DIALECTS)('compressed answers on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...t.auth(user),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...headers,
      },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser();
    // One order of 30 lines with its receipt: a long list, and a receipt whose detail is not cached.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      user_id: user,
      order_id: 'BIG-ORDER',
      product_name: `Garden tool number ${i} with a long name`,
      shop_name: 'Garden Centre',
      purchase_date: '2026-05-01',
      price: '€ 12,50',
      amount_minor: 1250,
      currency: 'EUR',
      status: 'success',
      source: 'pdf' as const,
      line_no: i,
      created_at: timestamp(),
      updated_at: timestamp(),
    }));
    await t.handle.db.insertInto('orders').values(rows).execute();
    await t.handle.db
      .insertInto('documents')
      .values({
        user_id: user,
        order_id: 'BIG-ORDER',
        filename: 'big.pdf',
        mime: 'application/pdf',
        size: 1,
        sha256: 'x',
        storage_key: `${user}/big`,
        extraction_status: 'success',
        created_at: timestamp(),
      })
      .execute();
  });
  afterAll(() => t.close());

  for (const url of ['/api/v1/user-orders/', '/api/v1/user-orders/?limit=20', '/api/v1/invoice/BIG-ORDER/']) {
    it(`negotiates brotli, gzip or identity for ${url}, each decoding to the same JSON`, async () => {
      const identity = await get(url);
      expect(identity.statusCode).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.rawPayload.length).toBeGreaterThan(1024);
      const cases: [string, string | undefined][] = [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['*', 'br'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        ['deflate', undefined],
      ];
      for (const [accept, expected] of cases) {
        // Twice: the first answer is made (and, when cached, kept), the second may come from memory.
        for (const round of [1, 2]) {
          const res = await get(url, accept);
          expect(res.headers['content-encoding'], `${accept} #${round}`).toBe(expected);
          expect(decoded(res), `${accept} #${round}`).toBe(identity.body);
          expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
          if (expected) expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
        }
      }
    });
  }

  it('keeps Vary: Authorization on per-user answers beside Accept-Encoding', async () => {
    const res = await get('/api/v1/user-orders/', 'br');
    const vary = String(res.headers.vary)
      .split(',')
      .map((v) => v.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
  });

  it('leaves small answers alone, and answers 304 without a body in any encoding', async () => {
    const small = await get('/api/v1/user-orders/total-price/', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ currency: 'EUR', total_purchase_price: 375 });
    const list = await get('/api/v1/user-orders/', 'br');
    const fresh = await get('/api/v1/user-orders/', 'br', { 'if-none-match': String(list.headers.etag) });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
  });
});
