import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HARBOUR_RECEIPT,
  photoOfLandscape,
  photoOfReceipt,
} from '../../../packages/extract/test/receipt-photo';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';

const RECEIPT = HARBOUR_RECEIPT;

const HEIC = readFileSync(
  new URL('../../../packages/extract/test/fixtures/receipt-photo.heic', import.meta.url),
);

interface Sent {
  bytes: Uint8Array;
  filename?: string;
  type?: string;
}

describe.each(DIALECTS)('receipt photo upload on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser();
    photo = await photoOfReceipt(RECEIPT, { degrees: 3 });
  });
  afterAll(() => t.close());

  const send = (
    app: TestApp,
    who: string,
    url: string,
    { bytes, filename = 'photo.jpg', type = 'image/jpeg' }: Sent,
  ) => {
    const form = multipart({}, [{ field: 'file', filename, type, bytes }]);
    return app.app.inject({
      method: 'POST',
      url,
      headers: { ...app.auth(who), ...form.headers },
      payload: form.payload,
    });
  };
  const upload = (sent: Sent) => send(t, user, '/api/v1/receipt-photo/', sent);
  const storedFiles = () => {
    try {
      return readdirSync(t.blobDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };

  it('reads a photo into its purchases and keeps it encrypted, served back as the image it is', async () => {
    const before = storedFiles();
    const started = Date.now();
    const res = await upload({ bytes: photo, filename: 'IMG_2041.jpg' });
    console.info(
      `POST /api/v1/receipt-photo/ of a ${Math.round(photo.length / 1024)} KB JPEG answered in ${Date.now() - started} ms`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(lines.map((p: { product_name: string }) => p.product_name)).toEqual([
      'Claw hammer',
      'Wood screws 4x40',
      'Sandpaper pack',
    ]);
    expect(lines[0]).toMatchObject({
      order_id: 'HH-40417',
      shop_name: 'HARBOUR HARDWARE',
      purchase_date: '2026-03-14',
      order_total: '21.68',
      currency: 'GBP',
      has_file: true,
    });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${lines[0].order_id}/`,
      headers: t.auth(user),
    });
    expect(detail.json()).toMatchObject({
      file: { name: 'IMG_2041.jpg', mime: 'image/jpeg', size: photo.length },
      extracted: { total: '21.68', ocr: true },
    });

    // Stored: one new file, whose bytes are not the photo's (sealed), and no JPEG in it.
    const added = storedFiles().filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const sealed = readFileSync(added[0] as string);
    expect(sealed.includes(photo.subarray(0, 64))).toBe(false);
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${lines[0].order_id}/file/`,
      headers: t.auth(user),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(photo)).toBe(true);

    // Someone else's receipt is not there for them.
    const other = await t.createUser();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${lines[0].order_id}/file/`,
      headers: t.auth(other),
    });
    expect(theirs.statusCode).toBe(404);

    // The same photo again answers the purchases it made, and keeps no second copy.
    const again = await upload({ bytes: photo, filename: 'IMG_2041.jpg' });
    expect(again.json().map((p: { id: number }) => p.id)).toEqual(lines.map((p: { id: number }) => p.id));
    expect(storedFiles()).toHaveLength(before.length + 1);
  });

  it('reads a HEIC photo and keeps it as image/heic', async () => {
    const res = await upload({ bytes: HEIC, filename: 'IMG_0007.HEIC', type: 'image/heic' });
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({
      shop_name: 'LANTERN BOOKS',
      order_total: '22.75',
      purchase_date: '2026-05-02',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${first.order_id}/file/`,
      headers: t.auth(user),
    });
    expect(file.headers['content-type']).toBe('image/heic');
    expect(file.rawPayload.equals(HEIC)).toBe(true);
  });

  it('answers an empty list and keeps nothing for a photo without a receipt in it (the app says No Data)', async () => {
    const before = storedFiles().length;
    const res = await upload({ bytes: await photoOfLandscape(), filename: 'sunset.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it.each([
    [
      'a PDF',
      () => ({ bytes: tinyPdf(['TOTAL 5.00']), filename: 'receipt.pdf', type: 'application/pdf' }),
      400,
      'Invalid File: Please select a photo of the receipt (JPEG, PNG, WebP or HEIC).',
    ],
    [
      'text calling itself a JPEG',
      () => ({ bytes: Buffer.from('not a photo at all'), type: 'image/jpeg' }),
      400,
      'Invalid File',
    ],
    [
      'a PNG calling itself a JPEG',
      async () => ({ bytes: await photoOfReceipt(RECEIPT, { format: 'png' }), type: 'image/jpeg' }),
      400,
      'the file says it is a JPEG photo but its bytes are a PNG photo',
    ],
    [
      'a JPEG named like a HEIC, sent without a type',
      async () => ({ bytes: photo, filename: 'IMG_1.heic', type: 'application/octet-stream' }),
      400,
      'says it is a HEIC photo but its bytes are a JPEG photo',
    ],
    ['an empty file', () => ({ bytes: Buffer.alloc(0) }), 400, 'the file is empty'],
    [
      'a JPEG cut short',
      () => ({ bytes: photo.subarray(0, 2000) }),
      400,
      'The JPEG photo is damaged or incomplete',
    ],
    [
      'a photo over 10 MB',
      () => ({ bytes: Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]) }),
      413,
      'larger than the 10 MB limit',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_name, make, status, message) => {
    const before = storedFiles().length;
    const res = await upload(await make());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(storedFiles()).toHaveLength(before);
  });

  it('reads photos under the PDFs’ time limit, in the same readers', async () => {
    const app = await createTestApp(dialect, { extraction: { pdfTimeoutMs: 100 } });
    try {
      const who = await app.createUser();
      const res = await send(app, who, '/api/v1/receipt-photo/', { bytes: photo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The photo took too long to read; is it damaged?');
    } finally {
      await app.close();
    }
  });

  it('shares admission and the per-user rate limit with the PDF upload', async () => {
    const busy = await createTestApp(dialect, { extraction: { maxQueued: 0 } });
    try {
      const who = await busy.createUser();
      const res = await send(busy, who, '/api/v1/receipt-photo/', { bytes: photo });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe('The server is busy reading other documents; try again shortly');
    } finally {
      await busy.close();
    }

    const limited = await createTestApp(dialect, { env: { UPLOADS_PER_MINUTE: '2' } });
    try {
      const who = await limited.createUser();
      // Refused uploads count too, and nothing here needs reading: PDF, photo, then over the limit.
      const junk = { bytes: Buffer.from('neither'), type: 'text/plain', filename: 'a.txt' };
      expect((await send(limited, who, '/api/v1/ai-order-extract/', junk)).statusCode).toBe(415);
      expect((await send(limited, who, '/api/v1/receipt-photo/', junk)).statusCode).toBe(400);
      const over = await send(limited, who, '/api/v1/receipt-photo/', junk);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(limited, who, '/api/v1/ai-order-extract/', junk)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
