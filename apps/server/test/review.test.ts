import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PurchaseDocumentList, ReviewInbox } from '@warrantly/contract/review';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { filesUnder } from './account-fixtures';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';
import { oneItemOrderMail, orderMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const EMAIL = 'avery.quinn@example.com';
const SYNC = '/google-auth/google/sync/';

/** An order whose lines come to far more than its total: read, but not to be trusted unseen. */
const disagreeing = orderMail({
  orderId: 'NW-3001',
  items: [
    { name: 'Robot vacuum R7', price: '399.00' },
    { name: 'Spare brushes', price: '29.00' },
  ],
  total: '39.00',
});
/** An order read cleanly: structured data, one line that is its total. */
const clean = oneItemOrderMail('NW-3002', 'Toaster T2', '49.00');

/** A receipt PDF that prints no product line: a purchase named after its document, to review. */
const bareReceipt = tinyPdf(['LAKESIDE BOOKS', 'Receipt No: LB-42', 'Date: 01/10/2026', 'TOTAL  EUR 12.00']);

describe.each(DIALECTS)('review inbox on %s', (dialect) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  let headers: { authorization: string };
  let other: { authorization: string };

  beforeAll(async () => {
    sandbox = await startSandbox({
      mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-review-mailbox-')),
    });
    sandbox.seedMessages(EMAIL, [disagreeing, clean]);
    t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
    headers = { authorization: `Bearer ${(await signInThroughSandbox(t, 'google', EMAIL)).access_token}` };
    other = t.auth(await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const get = (url: string, auth = headers) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: object, auth = headers) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const inbox = async (auth = headers) => (await get('/api/v1/review/', auth)).json() as ReviewInbox;
  const upload = (bytes: Buffer, filename = 'receipt.pdf') => {
    const form = multipart({}, [{ field: 'file', filename, bytes }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const purchases = async () =>
    (await get('/api/v1/user-orders/')).json() as {
      id: number;
      order_id: string;
      product_name: string;
      shop_name: string | null;
      review_state: string | null;
    }[];
  const totals = async () =>
    (await get('/api/v1/user-orders/total-price/')).json() as { by_currency: object };

  it('sends a synced order whose amounts do not add up to review, with the reason in words', async () => {
    expect((await get(SYNC)).json().created).toBe(3);
    const box = await inbox();
    const item = box.items.find((i) => i.order_id === 'NW-3001');
    expect(item).toMatchObject({
      channel: 'gmail',
      reasons: [
        {
          field: 'amounts',
          code: 'amounts_disagree',
          message: 'A product line costs more than the total',
        },
      ],
    });
    expect(item?.lines.map((l) => l.product_name)).toEqual(['Robot vacuum R7', 'Spare brushes']);
    expect(item?.fields.find((f) => f.field === 'merchant')).toMatchObject({
      value: 'Northwind Appliances',
      needs_review: false,
    });
    // The clean order landed without a look; the lists mark the one waiting.
    expect(box.items.map((i) => i.order_id)).not.toContain('NW-3002');
    const list = await purchases();
    expect(list.find((p) => p.order_id === 'NW-3002')?.review_state).toBeNull();
    expect(list.filter((p) => p.order_id === 'NW-3001').map((p) => p.review_state)).toEqual([
      'pending',
      'pending',
    ]);
    expect((await get('/api/v1/review/count/')).json()).toEqual({ pending_count: 1 });
    // Nobody else sees it.
    expect((await inbox(other)).items).toEqual([]);
    expect((await post('/api/v1/review/NW-3001/accept/', {}, other)).statusCode).toBe(404);
  });

  it("keeps the message as the purchase's proof: sealed on disk, downloaded byte for byte, shown as text and HTML", async () => {
    const orderId = 'NW-3002';
    const docs = (await get(`/api/v1/purchases/${orderId}/documents/`)).json() as PurchaseDocumentList;
    expect(docs.missing_source).toBeNull();
    expect(docs.documents).toEqual([
      expect.objectContaining({ kind: 'email', mime: 'message/rfc822', is_primary: true }),
    ]);
    const id = docs.documents[0]?.id;
    const file = await get(`/api/v1/documents/${id}/file/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''Your%20order%20NW-3002/,
    );
    expect(file.rawPayload.toString('utf8')).toBe(clean);
    // On disk only sealed bytes: neither the order number nor the product can be read there.
    const onDisk = filesUnder(t.blobDir).map((f) => readFileSync(path.join(t.blobDir, f)).toString('latin1'));
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk.some((bytes) => bytes.includes('NW-3002') || bytes.includes('Toaster'))).toBe(false);

    const view = (await get(`/api/v1/documents/${id}/email/`)).json();
    expect(view).toMatchObject({
      subject: 'Your order NW-3002 is confirmed',
      from: expect.stringContaining('orders@northwind.example.com'),
    });
    expect(view.html).toContain('Order number: NW-3002');
    // Another user cannot read it, by list or by id.
    expect((await get(`/api/v1/documents/${id}/file/`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/documents/${id}/email/`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/purchases/${orderId}/documents/`, other)).statusCode).toBe(404);
  });

  it('counts waiting purchases in the totals unless the user says otherwise', async () => {
    const withPending = await totals();
    expect(withPending.by_currency).toEqual({ USD: 399 + 29 + 49 });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/review/settings/',
      headers,
      payload: { count_pending_in_totals: false },
    });
    expect(off.json()).toEqual({ count_pending_in_totals: false });
    expect((await totals()).by_currency).toEqual({ USD: 49 });
    expect((await inbox()).count_pending_in_totals).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/review/settings/',
      headers,
      payload: { count_pending_in_totals: true },
    });
    expect((await totals()).by_currency).toEqual({ USD: 399 + 29 + 49 });
  });

  it('a PDF with no product line waits; edited then accepted, it leaves the inbox with the edit', async () => {
    const res = await upload(bareReceipt, 'garden.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const item = (await inbox()).items.find((i) => i.channel === 'pdf');
    expect(item?.reasons.map((r) => r.code)).toContain('no_product_line');
    const line = item?.lines[0];
    const form = multipart({ product_name: 'Rose bush' }, []);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${line?.id}/`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const accepted = await post(`/api/v1/review/${encodeURIComponent(item?.order_id ?? '')}/accept/`, {});
    expect(accepted.json()).toEqual({ changed: 1 });
    expect((await inbox()).items.map((i) => i.order_id)).not.toContain(item?.order_id);
    const kept = (await purchases()).find((p) => p.id === line?.id);
    expect(kept).toMatchObject({ product_name: 'Rose bush', review_state: 'accepted' });
    // Accepting again is no change: it waits no more.
    expect(
      (await post(`/api/v1/review/${encodeURIComponent(item?.order_id ?? '')}/accept/`, {})).statusCode,
    ).toBe(404);
  });

  it('a rejected synced order stays out after a full rescan; restored, it comes back on the next sync', async () => {
    const rejected = await post('/api/v1/review/reject/', { order_ids: ['NW-3001'] });
    expect(rejected.json()).toEqual({ changed: 1 });
    expect((await purchases()).map((p) => p.order_id)).not.toContain('NW-3001');
    const box = await inbox();
    expect(box.rejected).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^message:google:/), kind: 'email' }),
    ]);
    // A full rescan (the cursor forgotten, every processed mark gone) still leaves it out.
    await t.handle.db.deleteFrom('processed_messages').execute();
    await t.handle.db.updateTable('provider_accounts').set({ sync_cursor: null }).execute();
    await get(SYNC);
    expect((await purchases()).map((p) => p.order_id)).not.toContain('NW-3001');

    const restore = await post('/api/v1/review/restore/', { ids: [box.rejected[0]?.id] });
    expect(restore.json()).toEqual({ changed: 1 });
    expect((await inbox()).rejected).toEqual([]);
    await get(SYNC);
    expect((await purchases()).filter((p) => p.order_id === 'NW-3001')).toHaveLength(2);
  });

  it('a rejected upload offers to restore it when the same file comes again', async () => {
    const receipt = tinyPdf(['HARBOUR CYCLES', 'Receipt No: HC-9', 'Date: 03/10/2026', 'TOTAL  EUR 30.00']);
    expect((await upload(receipt)).statusCode).toBe(200);
    const item = (await inbox()).items.find((i) => i.lines.some((l) => l.shop_name?.includes('HARBOUR')));
    expect(item).toBeDefined();
    expect((await post('/api/v1/review/reject/', { order_ids: [item?.order_id] })).json()).toEqual({
      changed: 1,
    });
    const again = await upload(receipt);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'rejected_document',
      restore_id: expect.stringMatching(/^file:/),
    });
    expect(again.json().message).toMatch(/^You rejected this document on \d{4}-\d{2}-\d{2}; restore it/);
    expect((await post('/api/v1/review/restore/', { ids: [again.json().restore_id] })).json()).toEqual({
      changed: 1,
    });
    expect((await upload(receipt)).statusCode).toBe(200);
  });

  it('bulk actions take several orders and refuse an empty or oversized list in words', async () => {
    const waiting = (await inbox()).items.map((i) => i.order_id);
    expect(waiting.length).toBeGreaterThan(0);
    expect((await post('/api/v1/review/accept/', { order_ids: waiting })).json()).toEqual({
      changed: waiting.length,
    });
    expect((await get('/api/v1/review/count/')).json()).toEqual({ pending_count: 0 });
    const empty = await post('/api/v1/review/accept/', { order_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Choose at least one purchase/);
    const many = await post('/api/v1/review/reject/', {
      order_ids: Array.from({ length: 101 }, (_, i) => `X-${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/At most 100 purchases at once/);
  });

  it("the same order synced and then uploaded as a PDF is one purchase with two documents; the user's edit stands", async () => {
    sandbox.seedMessages(EMAIL, [oneItemOrderMail('NW-3009', 'Blender B9', '89.00')]);
    await get(SYNC);
    const synced = (await purchases()).find((p) => p.order_id === 'NW-3009');
    expect(synced).toBeDefined();
    // The user names the product their way.
    const form = multipart({ product_name: 'Kitchen blender' }, []);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${synced?.id}/`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    const invoice = tinyPdf([
      'Northwind Appliances',
      'Invoice',
      'Order number: NW-3009',
      'Date: 02/11/2026',
      'Blender B9            USD 89.00',
      'TOTAL                 USD 89.00',
    ]);
    const res = await upload(invoice, 'invoice-NW-3009.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([synced?.id]);
    const lines = (await purchases()).filter((p) => p.order_id === 'NW-3009');
    expect(lines.map((p) => p.product_name)).toEqual(['Kitchen blender']);
    const docs = (await get('/api/v1/purchases/NW-3009/documents/')).json() as PurchaseDocumentList;
    expect(docs.documents.map((d) => [d.kind, d.is_primary])).toEqual([
      ['email', true],
      ['pdf', false],
    ]);
  });
});
