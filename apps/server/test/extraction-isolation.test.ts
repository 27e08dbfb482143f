import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, multipart, pdfFromObjects, type TestApp, tinyPdf } from './harness';
import { orderMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

/** A readable receipt; `n` makes each one a different file (the same file uploaded twice is not re-read). */
const receipt = (n: number) =>
  tinyPdf([
    'CORNER HARDWARE LTD',
    `Receipt No: CH-${20_000 + n}`,
    'Date: 14/03/2026',
    'Cordless drill 18V        GBP 89.99',
    'TOTAL                      GBP 89.99',
  ]);

/**
 * One page whose content stream inflates to `mb` MB: pdf.js holds it in one growing buffer. It is deflated
 * twice: the check before pdf.js counts what one Flate layer gives (half a megabyte here), so only the
 * reader's limits stand between this file and the decoded size, as for any filter chain it does not count.
 */
function inflating(mb: number, fill: string) {
  const packed = deflateSync(deflateSync(Buffer.alloc(mb * 1024 * 1024, fill), { level: 9 }), { level: 9 });
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${packed.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

// NUL bytes are whitespace to pdf.js: the page costs no JavaScript objects, only the decoded buffer, which is
// native memory (an ArrayBuffer) that no V8 heap limit sees. Drawing operators instead make it slow.
let memoryBombBytes: Buffer | undefined;
const memoryBomb = () => {
  memoryBombBytes ??= inflating(512, '\0');
  return memoryBombBytes;
};
let slowPdfBytes: Buffer | undefined;
const slowPdf = () => {
  slowPdfBytes ??= inflating(200, '0 0 m ');
  return slowPdfBytes;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** "Your invoice is attached", with a PDF that a reader must inflate to read. */
function invoiceWithAttachment(pdf: Buffer): string {
  const boundary = 'invoice-boundary';
  return [
    'From: Fernhill Outfitters <billing@fernhill.example.com>',
    'To: avery.quinn@example.com',
    'Subject: Your invoice INV-4410',
    'Date: Tue, 03 Nov 2026 09:00:00 +0000',
    'Message-ID: <inv-4410@fernhill.example.com>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thank you for shopping with us. Your invoice is attached.',
    `--${boundary}`,
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(pdf.toString('base64').match(/.{1,76}/g) ?? []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

describe.each(DIALECTS)('documents read in child processes on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const upload = (app: TestApp, user: string, bytes: Buffer) => {
    const form = multipart({}, [{ field: 'file', filename: 'receipt.pdf', bytes }]);
    return app.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...app.auth(user), ...form.headers },
      payload: form.payload,
    });
  };

  it('kills a reader over its memory budget (native memory), replaces it, and keeps the server answering', async () => {
    const app = await createTestApp(dialect, { extraction: { memoryMb: 400 } });
    t = app;
    const user = await app.createUser();
    const first = await upload(app, user, receipt(1));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    const [reader] = app.deps.extraction.pids();
    expect(reader).toBeDefined();
    const bomb = memoryBomb();
    const serverRss = process.memoryUsage().rss;

    const pending = upload(app, user, bomb);
    let answered = 0;
    let settled = false;
    void pending.finally(() => {
      settled = true;
    });
    while (!settled) {
      const health = await app.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      answered += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
    const refused = await pending;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The PDF needs too much memory to read; is it damaged?');
    expect(answered).toBeGreaterThan(0);
    expect(await waitFor(() => !alive(reader as number), 2000)).toBe(true);
    // The inflated stream grew in the reader, not here.
    expect(process.memoryUsage().rss - serverRss).toBeLessThan(256 * 1024 * 1024);
    // The killed job's document, handed over as a file, is removed with it.
    const handed = () =>
      readdirSync('/dev/shm')
        .filter((name) => name.startsWith(`warrantly-readers-${process.pid}-`))
        .flatMap((name) => readdirSync(path.join('/dev/shm', name)));
    expect(await waitFor(() => handed().length === 0, 2000)).toBe(true);

    const next = await upload(app, user, receipt(2));
    expect(next.statusCode).toBe(200);
    expect(next.json()[0]).toMatchObject({ product_name: 'Cordless drill 18V' });
    const replacement = app.deps.extraction.pids();
    expect(replacement).toHaveLength(1);
    expect(replacement).not.toContain(reader);
  }, 90_000);

  it('refuses a PDF that takes longer than its time limit and reads the next one', async () => {
    const app = await createTestApp(dialect, { extraction: { pdfTimeoutMs: 3000 } });
    t = app;
    const user = await app.createUser();
    expect((await upload(app, user, receipt(3))).statusCode).toBe(200);
    const [reader] = app.deps.extraction.pids();
    const started = Date.now();
    const slow = await upload(app, user, slowPdf());
    expect(slow.statusCode).toBe(400);
    expect(slow.json().message).toBe('The PDF took too long to read; is it damaged?');
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await waitFor(() => !alive(reader as number), 2000)).toBe(true);
    expect((await upload(app, user, receipt(4))).statusCode).toBe(200);
  }, 90_000);

  it('answers 503 with Retry-After when the queue is full, while an e-mail waits for room instead', async () => {
    const app = await createTestApp(dialect, { extraction: { size: 1, maxQueued: 1, pdfTimeoutMs: 1500 } });
    t = app;
    const user = await app.createUser();
    const pool = app.deps.extraction;
    // One reading, one queued: the queue is full.
    const reading = pool.extractPdf(slowPdf(), 5).catch((e: Error) => e);
    const queued = pool.extractPdf(slowPdf(), 5).catch((e: Error) => e);
    const email = pool.readEmail({
      body: (async function* () {
        yield Buffer.from(
          orderMail({ orderId: 'NW-5521', items: [{ name: 'Kettle', price: '39.00' }], total: '39.00' }),
        );
      })(),
      wrapping: 'rfc822',
    });

    const busy = await upload(app, user, receipt(5));
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({
      code: 'unavailable',
      message: 'The server is busy reading other documents; try again shortly',
    });

    const read = await email;
    expect(read.extraction).toMatchObject({ is_order: true, order_id: 'NW-5521', total: '39.00' });
    expect(((await reading) as Error).message).toMatch(/took too long/);
    expect(((await queued) as Error).message).toMatch(/took too long/);
    // Room again: uploads are read.
    expect((await upload(app, user, receipt(6))).statusCode).toBe(200);
  }, 90_000);

  it('refuses an upload before reading its body while the uploads let in hold EXTRACT_UPLOADS_MB', async () => {
    const app = await createTestApp(dialect, {
      extraction: { size: 1, pdfTimeoutMs: 1500, maxUploadBytes: 1 },
    });
    t = app;
    const user = await app.createUser();
    // One upload is always let in, whatever its size; it holds the whole (one-byte) budget while it is read.
    const slow = upload(app, user, slowPdf());
    await new Promise((r) => setTimeout(r, 300));
    const refused = await upload(app, user, receipt(7));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toBe('The server is busy reading other documents; try again shortly');
    expect((await slow).statusCode).toBe(400);
    // Its room is given back once it is answered: the next upload is read.
    const next = await upload(app, user, receipt(8));
    expect(next.statusCode).toBe(200);
    expect(next.json()).toHaveLength(1);
  }, 90_000);

  it('reads synced mail in the readers: a message over the memory budget is an error, the rest is imported', async () => {
    const sandbox = await startSandbox({
      mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
    });
    try {
      const email = 'avery.quinn@example.com';
      sandbox.seedMessages(email, [
        orderMail({ orderId: 'NW-3001', items: [{ name: 'Toaster', price: '45.00' }], total: '45.00' }),
        invoiceWithAttachment(memoryBomb()),
        orderMail({ orderId: 'NW-3002', items: [{ name: 'Blender', price: '89.00' }], total: '89.00' }),
      ]);
      const logs: { msg?: string; kind?: string }[] = [];
      const app = await createTestApp(dialect, {
        endpoints: sandboxEndpoints(sandbox),
        // The memory watchdog is under test: on a loaded machine the 5 s e-mail time limit could fire first.
        extraction: { memoryMb: 400, emailTimeoutMs: 60_000 },
        logTo: { level: 'info', write: (line) => logs.push(JSON.parse(line)) },
      });
      t = app;
      const { access_token } = await signInThroughSandbox(app, 'google', email);
      const headers = { authorization: `Bearer ${access_token}` };
      const serverRss = process.memoryUsage().rss;
      const synced = await app.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers });
      expect(synced.statusCode).toBe(200);
      expect(synced.json()).toMatchObject({ created: 2, errors: 1 });
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: 'extraction process killed: over its memory budget', kind: 'email' }),
      );
      expect(process.memoryUsage().rss - serverRss).toBeLessThan(256 * 1024 * 1024);
      const orders = await app.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers });
      expect(
        orders
          .json()
          .map((o: { order_id: string }) => o.order_id)
          .sort(),
      ).toEqual(['NW-3001', 'NW-3002']);
    } finally {
      await t?.close();
      t = undefined;
      await sandbox.close();
    }
  }, 90_000);

  it('ends its readers when the server closes', async () => {
    const app = await createTestApp(dialect);
    const user = await app.createUser();
    expect((await upload(app, user, receipt(10))).statusCode).toBe(200);
    const readers = app.deps.extraction.pids();
    expect(readers).toHaveLength(1);
    await app.close();
    expect(readers.filter(alive)).toEqual([]);
  }, 60_000);

  it('limits each user to UPLOADS_PER_MINUTE uploads and SYNCS_PER_MINUTE syncs, answering 429 with Retry-After', async () => {
    const app = await createTestApp(dialect, { env: { UPLOADS_PER_MINUTE: '2', SYNCS_PER_MINUTE: '1' } });
    t = app;
    const avery = await app.createUser();
    const jordan = await app.createUser();
    expect((await upload(app, avery, receipt(7))).statusCode).toBe(200);
    expect((await upload(app, avery, receipt(8))).statusCode).toBe(200);
    const third = await upload(app, avery, receipt(9));
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().code).toBe('rate_limited');
    // Another user is not held back by Avery's uploads.
    expect((await upload(app, jordan, receipt(9))).statusCode).toBe(200);

    const sync = (user: string) =>
      app.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers: app.auth(user) });
    expect((await sync(avery)).statusCode).not.toBe(429);
    const again = await sync(avery);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sync(jordan)).statusCode).not.toBe(429);
  }, 60_000);
});
