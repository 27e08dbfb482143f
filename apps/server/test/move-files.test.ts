import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import type { BlobStore } from '../src/storage/blob-store';
import { seal } from '../src/storage/envelope';
import { createFsBlobStore } from '../src/storage/fs-blob-store';
import { loadKeys } from '../src/storage/keys';
import { createS3BlobStore } from '../src/storage/s3-blob-store';
import { DIALECTS, multipart, tinyPdf } from './harness';
import { moveFiles, ownDatabase, startServer } from './processes';
import { startS3Server } from './s3-server';
import { signedInUser } from './server-process';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const FILES = 8;

async function keysIn(blobs: BlobStore): Promise<string[]> {
  const found: string[] = [];
  for await (const blob of blobs.list()) if (!blob.key.endsWith('.partial')) found.push(blob.key);
  return found;
}

/** Runs move-files slowly and kills it (SIGKILL) once it has copied two files but not all; its output. */
async function moveKilledMidway(env: Record<string, string>, to: 's3' | 'fs', target: BlobStore) {
  const run = moveFiles(env, ['--to', to, '--pause-ms', '400']);
  for (let waited = 0; (await keysIn(target)).length < 2; waited += 25) {
    if (run.child.exitCode !== null || waited > 60_000) throw new Error(`move-files: ${run.output()}`);
    await sleep(25);
  }
  run.child.kill('SIGKILL');
  await run.done();
  expect((await keysIn(target)).length).toBeLessThan(FILES);
}

async function moveToEnd(env: Record<string, string>, to: 's3' | 'fs') {
  const run = moveFiles(env, ['--to', to]);
  const code = await run.done();
  expect(code, run.output()).toBe(0);
  return run.output();
}

describe.each(DIALECTS)('npm run move-files on %s', (dialect) => {
  it('moves every receipt file to S3 and back, each time killed midway and run again, rewriting WLY2 to WLY3', async () => {
    const s3 = await startS3Server();
    const database = await ownDatabase(dialect);
    const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-move-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    const onS3 = { ...env, ...s3.env };
    const disk = createFsBlobStore(path.join(dataDir, 'blobs'));
    const bucket = createS3BlobStore(s3.settings);
    try {
      // Eight receipts uploaded to a server keeping files on disk.
      let server = await startServer(env);
      const authorization = await signedInUser(dataDir, database.url ? { databaseUrl: database.url } : {});
      const files = new Map<string, Buffer>();
      for (let i = 0; i < FILES; i += 1) {
        const bytes = tinyPdf([`Receipt number ${i}`, 'x'.repeat(i * 5000)]);
        const form = multipart({ product_name: `Thing ${i}`, purchase_date: '2026-03-14' }, [
          { field: 'invoice', filename: `thing-${i}.pdf`, bytes },
        ]);
        const answer = await fetch(`${server.url}/api/v1/orders/create/`, {
          method: 'POST',
          headers: { authorization, ...form.headers },
          body: form.payload,
        });
        expect(answer.status).toBe(201);
        files.set(((await answer.json()) as { order_id: string }).order_id, bytes);
      }
      await server.stop();

      // Three of them as an older server wrote them: the whole-file envelope WLY2.
      const handle = await openDatabase({
        url: database.url ?? undefined,
        sqliteFile: path.join(dataDir, 'warrantly.db'),
      });
      const keys = loadKeys(dataDir).encryption;
      const docs = await handle.db.selectFrom('documents').select(['order_id', 'storage_key']).execute();
      await handle.close();
      expect(docs).toHaveLength(FILES);
      for (const doc of docs.slice(0, 3)) {
        await disk.put(doc.storage_key, seal(files.get(doc.order_id) as Buffer, keys, doc.storage_key));
      }

      /** Every receipt downloads byte-identical from a server started with `serverEnv`. */
      const everyFileDownloads = async (serverEnv: Record<string, string>) => {
        server = await startServer(serverEnv);
        try {
          for (const [orderId, bytes] of files) {
            const answer = await fetch(`${server.url}/api/v1/invoice/${orderId}/file/`, {
              headers: { authorization },
            });
            expect(answer.status).toBe(200);
            expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
          }
        } finally {
          await server.stop();
        }
      };

      // To S3: killed midway, then run again to the end.
      await moveKilledMidway(onS3, 's3', bucket);
      const toS3 = await moveToEnd(onS3, 's3');
      const [, copied, already] = /Copied (\d+), already there and verified (\d+)/.exec(toS3) ?? [];
      expect(Number(already)).toBeGreaterThanOrEqual(2);
      expect(Number(copied) + Number(already)).toBe(FILES);
      expect(toS3).toContain('The source was left as it is');
      const inBucket = await keysIn(bucket);
      expect(inBucket.sort()).toEqual(docs.map((d) => d.storage_key).sort());
      for (const key of inBucket) expect((await bucket.get(key))?.subarray(0, 4).toString()).toBe('WLY3');
      // A third run finds everything there.
      expect(await moveToEnd(onS3, 's3')).toContain(`Copied 0, already there and verified ${FILES}`);
      await everyFileDownloads(onS3);

      // Back to the disk, emptied meanwhile: killed midway, then run again to the end.
      rmSync(path.join(dataDir, 'blobs'), { recursive: true, force: true });
      await moveKilledMidway(onS3, 'fs', disk);
      expect(await moveToEnd(onS3, 'fs')).toMatch(/Copied \d+, already there and verified [2-7], missing 0/);
      expect((await keysIn(disk)).sort()).toEqual(docs.map((d) => d.storage_key).sort());
      await everyFileDownloads(env);
    } finally {
      await database.drop();
      await s3.stop();
    }
  }, 300_000);
});
