import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, postPurchase, type TestApp, tinyPdf } from './harness';

function blobFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(DIALECTS)('receipts and stored files on %s', (dialect) => {
  let t: TestApp;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => new Date(2026, 10, 22, 12) });
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const upload = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) =>
    postPurchase(t, t.auth(user), fields, files);
  /** Runs `use` on an app of its own with one user, so its blob folder holds only what `use` stores. */
  async function onFreshApp(use: (fresh: TestApp, owner: string) => Promise<void>) {
    const fresh = await createTestApp(dialect);
    try {
      await use(fresh, await fresh.createUser());
    } finally {
      await fresh.close();
    }
  }

  it('stores the receipt encrypted and gives the original bytes back', async () => {
    const pdf = tinyPdf('Espresso machine 349.00');
    const created = await upload(
      { product_name: 'Espresso machine', purchase_date: '2026-11-03', price: '349.00' },
      [{ field: 'invoice', filename: 'espresso.pdf', bytes: pdf }],
    );
    expect(created.statusCode).toBe(201);
    const { order_id } = created.json();

    const files = blobFiles(t.blobDir);
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(files[0] as string);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.includes(Buffer.from('Espresso'))).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${order_id}/file/`,
      headers: t.auth(user),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('lists receipts with their totals and shows one in detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/invoice/', headers: t.auth(user) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_invoice: 1, total_orders_this_month: 1, total_categories: 1 });
    expect(body.orders[0].category).toBe('Small Appliances');
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({ product_name: 'Espresso machine', line_count: 1, has_file: true });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${body.orders[0].order_id}/`,
      headers: t.auth(user),
    });
    expect(detail.json()).toMatchObject({
      order_id: body.orders[0].order_id,
      status: 'success',
      purchase_date: '2026-11-03',
      file: { name: 'espresso.pdf', mime: 'application/pdf' },
      lines: [{ product_name: 'Espresso machine' }],
    });
  });

  it('refuses to open a file that was tampered with, with a clear error', async () => {
    const created = (
      await upload({ product_name: 'Scale', purchase_date: '2026-10-01' }, [
        { field: 'invoice', filename: 'scale.pdf', bytes: tinyPdf('Scale') },
      ])
    ).json();
    // Flip one byte near the end of every stored file (the ciphertext of each receipt).
    for (const f of blobFiles(t.blobDir)) {
      const b = readFileSync(f);
      b[b.length - 3] = (b[b.length - 3] as number) ^ 0xff;
      writeFileSync(f, b);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${created.order_id}/file/`,
      headers: t.auth(user),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'The stored file failed its integrity check and cannot be opened',
    });
  });

  it('removes the file when the purchase is deleted', () =>
    onFreshApp(async (fresh, owner) => {
      const created = (
        await postPurchase(
          fresh,
          fresh.auth(owner),
          { product_name: 'Heater', purchase_date: '2026-01-01' },
          [{ field: 'invoice', filename: 'heater.pdf', bytes: tinyPdf('Heater') }],
        )
      ).json();
      expect(blobFiles(fresh.blobDir)).toHaveLength(1);
      const del = await fresh.app.inject({
        method: 'DELETE',
        url: `/api/v1/user-delete-order/${created.id}/`,
        headers: fresh.auth(owner),
      });
      expect(del.statusCode).toBe(204);
      expect(blobFiles(fresh.blobDir)).toHaveLength(0);
    }));

  it('deleting a receipt deletes its purchase and its file', () =>
    onFreshApp(async (fresh, owner) => {
      const created = (
        await postPurchase(fresh, fresh.auth(owner), { product_name: 'Mixer', purchase_date: '2026-01-01' }, [
          { field: 'invoice', filename: 'mixer.pdf', bytes: tinyPdf('Mixer') },
        ])
      ).json();
      const del = await fresh.app.inject({
        method: 'DELETE',
        url: `/api/v1/invoice/${created.order_id}/delete/`,
        headers: fresh.auth(owner),
      });
      expect(del.statusCode).toBe(204);
      expect(blobFiles(fresh.blobDir)).toHaveLength(0);
      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/v1/user-orders/',
        headers: fresh.auth(owner),
      });
      expect(list.json()).toEqual([]);
    }));

  it('replaces the file on update with invoice_pdf', async () => {
    const created = (await upload({ product_name: 'Printer', purchase_date: '2026-09-09' }, [])).json();
    const newPdf = tinyPdf('Printer invoice');
    const form = multipart({}, [{ field: 'invoice_pdf', filename: 'printer.pdf', bytes: newPdf }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${created.id}/`,
      headers: { ...t.auth(user), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ has_file: true, status: 'success' });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${created.order_id}/file/`,
      headers: t.auth(user),
    });
    expect(download.rawPayload.equals(newPdf)).toBe(true);
  });

  describe('bad uploads leave nothing behind', () => {
    const cases: [string, Parameters<typeof multipart>[1], number, string][] = [
      [
        'a text file named .pdf',
        [{ field: 'invoice', filename: 'fake.pdf', bytes: Buffer.from('hello, not a pdf') }],
        415,
        'Invalid File: Please select a valid PDF file.',
      ],
      [
        'an empty file',
        [{ field: 'invoice', filename: 'empty.pdf', bytes: Buffer.alloc(0) }],
        400,
        'invoice: the file is empty',
      ],
      [
        'a file over 10 MB',
        [
          {
            field: 'invoice',
            filename: 'big.pdf',
            bytes: Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024)]),
          },
        ],
        413,
        'larger than the 10 MB limit',
      ],
      [
        'a file in an unexpected field',
        [{ field: 'photo', filename: 'a.pdf', bytes: tinyPdf() }],
        400,
        'photo: no file is expected',
      ],
    ];
    it.each(cases)('%s', (_name, files, status, message) =>
      onFreshApp(async (fresh, owner) => {
        const res = await postPurchase(
          fresh,
          fresh.auth(owner),
          { product_name: 'Thing', purchase_date: '2026-01-01' },
          files,
        );
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toContain(message);
        const list = await fresh.app.inject({
          method: 'GET',
          url: '/api/v1/user-orders/',
          headers: fresh.auth(owner),
        });
        expect(list.json()).toEqual([]);
        expect(blobFiles(fresh.blobDir)).toHaveLength(0);
      }),
    );
  });
});
