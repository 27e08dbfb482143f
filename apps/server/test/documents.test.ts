import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, pdfFromObjects, type TestApp, tinyPdf } from './harness';

const RECEIPT = [
  'CORNER HARDWARE LTD',
  '12 Mill Lane, Leeds',
  'Receipt No: CH-20931',
  'Date: 14/03/2026',
  'Cordless drill 18V        GBP 89.99',
  'Drill bit set              GBP 14.50',
  'VAT 20%                    GBP 17.42',
  'TOTAL                      GBP 104.49',
];

const pages = (n: number) => {
  const kids = Array.from({ length: n }, (_, i) => `${i + 3} 0 R`).join(' ');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${n} >>`,
    ...Array.from({ length: n }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'),
  ]);
};

/** Declares Standard security with a user password nobody knows: readers must ask for it. */
const encrypted = () =>
  pdfFromObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] `,
  );

/** A page whose content stream inflates to ~200 MB of drawing operators. */
const bomb = () => {
  const inflated = Buffer.alloc(200 * 1024 * 1024, '0 0 m ');
  const packed = deflateSync(inflated, { level: 9 });
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
};

const scripted = () =>
  pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    '<< /Type /Action /S /JavaScript /JS (app.alert\\("hi"\\)) >>',
  ]);

describe.each(DIALECTS)('receipt PDF upload on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { extraction: { pdfTimeoutMs: 8000 } });
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename = 'receipt.pdf') => {
    const form = multipart({}, [{ field: 'file', filename, bytes }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...t.auth(user), ...form.headers },
      payload: form.payload,
    });
  };
  const stored = () => {
    try {
      return readdirSync(t.blobDir, { recursive: true }).length;
    } catch {
      return 0;
    }
  };

  it('reads a receipt into one purchase per product line, with its file kept encrypted', async () => {
    const res = await upload(tinyPdf(RECEIPT));
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(lines.map((p: { product_name: string }) => p.product_name)).toEqual([
      'Cordless drill 18V',
      'Drill bit set',
    ]);
    expect(lines[0]).toMatchObject({
      order_id: 'CH-20931',
      shop_name: 'CORNER HARDWARE LTD',
      purchase_date: '2026-03-14',
      order_total: '104.49',
      currency: 'GBP',
      source: 'pdf',
      status: 'success',
      has_file: true,
      category: 'Tools & Garden',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${lines[0].order_id}/`,
      headers: t.auth(user),
    });
    expect(detail.json()).toMatchObject({
      status: 'success',
      file: { mime: 'application/pdf' },
      extracted: { total: '104.49' },
    });
    const again = await upload(tinyPdf(RECEIPT));
    expect(again.json().map((p: { id: number }) => p.id)).toEqual(lines.map((p: { id: number }) => p.id));
  });

  it('answers an empty list and keeps nothing when no purchase is found', async () => {
    const before = stored();
    const res = await upload(tinyPdf(['Dear customer,', 'our opening hours change in December.']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(stored()).toBe(before);
  });

  it.each([
    ['an encrypted PDF', encrypted, 400, 'password-protected'],
    ['a truncated PDF', () => tinyPdf(RECEIPT).subarray(0, 60), 400, 'damaged or incomplete'],
    [
      'a file that is not a PDF',
      () => Buffer.from('GIF89a not really a receipt'),
      415,
      'Invalid File: Please select a valid PDF file.',
    ],
    ['a PDF of 1,000 pages', () => pages(1000), 400, 'too many pages'],
    ['a PDF with JavaScript', scripted, 400, 'contains JavaScript'],
  ])('refuses %s with a clear message and stores nothing', async (_name, make, status, message) => {
    const before = stored();
    const res = await upload(make());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(stored()).toBe(before);
  });

  it('refuses a decompression bomb without stalling other requests', async () => {
    const before = stored();
    const pending = upload(bomb());
    const started = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const res = await pending;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too long|too much memory|damaged|inflates to more than/);
    expect(stored()).toBe(before);
  }, 60_000);
});
