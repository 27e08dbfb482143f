import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';

/** What the owner has; every row below calls a route with the owner's ids as somebody else. */
interface Owned {
  purchaseId: number;
  orderId: string;
  documentId: number;
  learnedId: number;
}

/**
 * One row per route that takes an id. A new route with a path parameter and no row here fails the
 * completeness test, so nobody can add one without proving it is scoped to its user.
 */
const MATRIX: Record<string, (o: Owned) => InjectOptions> = {
  'PUT /api/v1/user-orders/update/:orderId/': (o) => {
    const form = multipart({ product_name: 'Hijacked', price: '1' });
    return {
      method: 'PUT',
      url: `/api/v1/user-orders/update/${o.purchaseId}/`,
      headers: form.headers,
      payload: form.payload,
    };
  },
  'DELETE /api/v1/user-delete-order/:id/': (o) => ({
    method: 'DELETE',
    url: `/api/v1/user-delete-order/${o.purchaseId}/`,
  }),
  'GET /api/v1/invoice/:id/': (o) => ({ method: 'GET', url: `/api/v1/invoice/${o.orderId}/` }),
  'GET /api/v1/invoice/:id/file/': (o) => ({ method: 'GET', url: `/api/v1/invoice/${o.orderId}/file/` }),
  'DELETE /api/v1/invoice/:id/delete/': (o) => ({
    method: 'DELETE',
    url: `/api/v1/invoice/${o.orderId}/delete/`,
  }),
  'POST /api/v1/review/:id/accept/': (o) => ({ method: 'POST', url: `/api/v1/review/${o.orderId}/accept/` }),
  'POST /api/v1/review/:id/reject/': (o) => ({ method: 'POST', url: `/api/v1/review/${o.orderId}/reject/` }),
  'GET /api/v1/purchases/:id/documents/': (o) => ({
    method: 'GET',
    url: `/api/v1/purchases/${o.orderId}/documents/`,
  }),
  'GET /api/v1/documents/:id/file/': (o) => ({
    method: 'GET',
    url: `/api/v1/documents/${o.documentId}/file/`,
  }),
  'DELETE /api/v1/memory/:id/': (o) => ({ method: 'DELETE', url: `/api/v1/memory/${o.learnedId}/` }),
  'GET /api/v1/documents/:id/email/': (o) => ({
    method: 'GET',
    url: `/api/v1/documents/${o.documentId}/email/`,
  }),
};

describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;
  let owned: Owned;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.createUser();
    intruder = await t.createUser();
    const form = multipart({ product_name: 'Owner TV', purchase_date: '2026-01-01', price: '500' }, [
      { field: 'invoice', filename: 'tv.pdf', bytes: tinyPdf('TV') },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...t.auth(owner), ...form.headers },
      payload: form.payload,
    });
    const orderId: string = created.json().order_id;
    const documents = await t.app.inject({
      method: 'GET',
      url: `/api/v1/purchases/${orderId}/documents/`,
      headers: t.auth(owner),
    });
    // Something the owner's corrections taught (its content is never opened by a delete).
    const learned = await t.handle.db
      .insertInto('memory_entries')
      .values({
        user_id: owner,
        key_hmac: 'ab'.repeat(32),
        kind: 'alias',
        field: 'merchant',
        sealed: 'sealed',
        dropped: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    owned = {
      purchaseId: created.json().id,
      orderId,
      documentId: documents.json().documents[0].id,
      learnedId: learned.id,
    };
    // Waiting for review, so accepting or rejecting it as its owner would change it.
    await t.handle.db
      .updateTable('orders')
      .set({ review_state: 'pending' })
      .where('user_id', '=', owner)
      .execute();
  });
  afterAll(() => t.close());

  const routesWithIds = () =>
    t.app.routeTable
      .filter((r) => !r.isPublic && r.url.includes(':') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);

  it('has a row for every route that takes an id', () => {
    const missing = routesWithIds().filter((key) => !(key in MATRIX));
    expect(missing).toEqual([]);
  });

  it("answers 404 to another user's ids and changes nothing", async () => {
    const snapshot = async () => ({
      list: (
        await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: t.auth(owner) })
      ).json(),
      receipt: (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/invoice/${owned.orderId}/`,
          headers: t.auth(owner),
        })
      ).json(),
      learned: await t.handle.db
        .selectFrom('memory_entries')
        .select('id')
        .where('user_id', '=', owner)
        .execute(),
      waiting: (
        await t.app.inject({ method: 'GET', url: '/api/v1/review/count/', headers: t.auth(owner) })
      ).json(),
    });
    const before = await snapshot();
    for (const key of routesWithIds()) {
      const request = (MATRIX[key] as (o: Owned) => InjectOptions)(owned);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...t.auth(intruder) } });
      expect(res.statusCode, key).toBe(404);
      expect(res.json().code, key).toBe('not_found');
    }
    expect(await snapshot()).toEqual(before);
  });
});
