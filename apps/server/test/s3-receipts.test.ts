import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/modules/receipts/receipts.service';
import { createS3BlobStore } from '../src/storage/s3-blob-store';
import { createTestApp, DIALECTS, multipart, pdfFromObjects, type TestApp, tinyPdf } from './harness';
import { ownDatabase, type Running, startServer } from './processes';
import { type S3Server, startS3Server, storedObjects } from './s3-server';
import { signedInUser } from './server-process';

/** A valid PDF of about `size` bytes: one page whose content stream is random bytes. */
function bigPdf(size: number): Buffer {
  const noise = randomBytes(size);
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${noise.length} >>\nstream\n`, 'latin1'),
      noise,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

describe.each(DIALECTS)('receipt files in an S3 bucket, on %s', (dialect) => {
  let s3: S3Server;
  let t: TestApp;
  let user: string;
  let base: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: s3.env });
    user = await t.createUser();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const create = async (bytes: Buffer, name: string) => {
    const form = multipart({ product_name: name, purchase_date: '2026-03-14' }, [
      { field: 'invoice', filename: `${name}.pdf`, bytes },
    ]);
    const answer = await fetch(`${base}/api/v1/orders/create/`, {
      method: 'POST',
      headers: { ...t.auth(user), ...form.headers },
      body: form.payload,
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { order_id: string }).order_id;
  };
  const download = (orderId: string) =>
    fetch(`${base}/api/v1/invoice/${orderId}/file/`, { headers: t.auth(user) });

  it('keeps an uploaded PDF receipt in the bucket, sealed, and downloads it byte-identical', async () => {
    const pdf = tinyPdf(['Garden Centre', 'Total EUR 12.50']);
    const orderId = await create(pdf, 'Rake');

    const answer = await download(orderId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await answer.arrayBuffer()).equals(pdf)).toBe(true);

    // Nothing on the local disk; in the bucket, the chunked envelope and no byte run of the PDF.
    expect(existsSync(t.blobDir)).toBe(false);
    const objects = storedObjects(s3);
    expect(objects).toHaveLength(1);
    expect(objects[0]?.subarray(0, 4).toString()).toBe('WLY3');
    expect(objects[0]?.includes(pdf.subarray(0, 40))).toBe(false);
    expect(objects[0]?.includes(Buffer.from('Garden Centre'))).toBe(false);
  });

  it('streams a 3 MB receipt both ways byte-identical', async () => {
    const pdf = bigPdf(3 * 1024 * 1024);
    const orderId = await create(pdf, 'Mower');
    const answer = await download(orderId);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('aborts a download whose file fails its check midway instead of ending it short', async () => {
    const pdf = bigPdf(1024 * 1024);
    const orderId = await create(pdf, 'Hedge trimmer');
    const doc = await t.handle.db
      .selectFrom('documents')
      .select('storage_key')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const blobs = createS3BlobStore(s3.settings);
    const sealed = (await blobs.get(doc.storage_key)) as Buffer;
    // One byte of the ninth chunk changed: the first eight go out before the damage is found.
    const at = 8 * (64 * 1024 + 21) + 1000;
    sealed.writeUInt8(sealed.readUInt8(at) ^ 1, at);
    await blobs.put(doc.storage_key, sealed);

    const answer = await download(orderId);
    expect(answer.status).toBe(200);
    await expect(answer.arrayBuffer()).rejects.toThrow();
  });

  it('sweeps objects no row points to, and keeps those that rows do', async () => {
    const blobs = createS3BlobStore(s3.settings);
    await blobs.put(`receipts/${user}/left-by-a-crash`, Buffer.from('WLY3 orphan'));
    const removed = await sweepOrphanFiles(
      { db: t.handle.db, blobs: t.deps.blobs, encryptionKey: t.deps.keys.encryption },
      0,
    );
    expect(removed).toBe(1);
    expect(await blobs.get(`receipts/${user}/left-by-a-crash`)).toBeNull();
    expect(storedObjects(s3)).toHaveLength(3);
  });
});

// Only PostgreSQL is shared between server processes; it runs whenever TEST_DATABASE_URL is set.
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`two server processes on one ${dialect} and one bucket`, () => {
    const roots: string[] = [];
    afterAll(() => {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });

    it('download byte-identical on one a receipt uploaded on the other', async () => {
      const s3 = await startS3Server();
      const database = await ownDatabase(dialect);
      const appSecret = randomBytes(32).toString('hex');
      const servers: Running[] = [];
      try {
        const dataDirs = ['a', 'b'].map((name) => {
          const dir = mkdtempSync(path.join(os.tmpdir(), `warrantly-replica-${name}-`));
          roots.push(dir);
          return dir;
        });
        const envOf = (dataDir: string) => ({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url as string,
          APP_SECRET: appSecret,
          ...s3.env,
        });
        // One after the other: the first one migrates the database.
        for (const dir of dataDirs) servers.push(await startServer(envOf(dir as string)));
        const [a, b] = servers as [Running, Running];
        const authorization = await signedInUser(dataDirs[0] as string, {
          databaseUrl: database.url as string,
          appSecret,
        });

        const pdf = bigPdf(2 * 1024 * 1024);
        const form = multipart({ product_name: 'Bookshelf', purchase_date: '2026-04-02' }, [
          { field: 'invoice', filename: 'bookshelf.pdf', bytes: pdf },
        ]);
        const created = await fetch(`${a.url}/api/v1/orders/create/`, {
          method: 'POST',
          headers: { authorization, ...form.headers },
          body: form.payload,
        });
        expect(created.status).toBe(201);
        const { order_id } = (await created.json()) as { order_id: string };

        const answer = await fetch(`${b.url}/api/v1/invoice/${order_id}/file/`, {
          headers: { authorization },
        });
        expect(answer.status).toBe(200);
        expect(Buffer.from(await answer.arrayBuffer()).equals(pdf)).toBe(true);
        for (const dir of dataDirs) expect(existsSync(path.join(dir as string, 'blobs'))).toBe(false);
      } finally {
        for (const server of servers) await server.stop();
        await database.drop();
        await s3.stop();
      }
    }, 180_000);
  });
}
