import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { signAccessToken } from '../src/modules/auth/access-token';
import { loadKeys } from '../src/storage/keys';
import { multipart, tinyPdf } from './harness';
import { exited, seedUser, startServer } from './server-process';

const CRASH_AFTER_BLOB_WRITE = fileURLToPath(
  new URL('./fixtures/crash-after-blob-write.mjs', import.meta.url),
);

function files(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function countOrders(dataDir: string): Promise<number> {
  const handle = await openDatabase({ sqliteFile: path.join(dataDir, 'warrantly.db') });
  const rows = await handle.db.selectFrom('orders').select('id').execute();
  await handle.close();
  return rows.length;
}

describe('a server killed in the middle of an upload', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function prepare() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-crash-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir); // creates the database and the master key
    first.child.kill('SIGTERM');
    await exited(first.child);
    const userId = await seedUser(dataDir);
    const token = signAccessToken(loadKeys(dataDir).signing, userId);
    return { dataDir, token };
  }

  it('leaves no purchase and no file when it dies after writing the file but before the rows', async () => {
    const { dataDir, token } = await prepare();
    const { child, port } = await startServer(dataDir, {}, ['--import', CRASH_AFTER_BLOB_WRITE]);
    const form = multipart({ product_name: 'Crash TV', purchase_date: '2026-01-01' }, [
      { field: 'invoice', filename: 'tv.pdf', bytes: tinyPdf('TV') },
    ]);
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/orders/create/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      body: form.payload,
    }).catch((error: Error) => error);
    expect(answer).toBeInstanceOf(Error); // the connection died with the process
    await exited(child);
    expect(files(path.join(dataDir, 'blobs'))).toHaveLength(1); // the orphan, before restart

    const restarted = await startServer(dataDir);
    try {
      expect(files(path.join(dataDir, 'blobs'))).toHaveLength(0);
      expect(await countOrders(dataDir)).toBe(0);
    } finally {
      restarted.child.kill('SIGTERM');
      await exited(restarted.child);
    }
  });

  it('leaves nothing when it is killed while the file is still arriving', async () => {
    const { dataDir, token } = await prepare();
    const { child, port } = await startServer(dataDir);
    const form = multipart({ product_name: 'Half TV', purchase_date: '2026-01-01' }, [
      {
        field: 'invoice',
        filename: 'tv.pdf',
        bytes: Buffer.concat([tinyPdf('TV'), Buffer.alloc(4 * 1024 * 1024, 32)]),
      },
    ]);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/orders/create/',
      headers: { authorization: `Bearer ${token}`, ...form.headers, 'content-length': form.payload.length },
    });
    req.on('error', () => undefined);
    req.write(form.payload.subarray(0, 2 * 1024 * 1024));
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGKILL');
    await exited(child);
    req.destroy();

    const restarted = await startServer(dataDir);
    try {
      expect(files(path.join(dataDir, 'blobs'))).toHaveLength(0);
      expect(await countOrders(dataDir)).toBe(0);
      const health = await fetch(`http://127.0.0.1:${restarted.port}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      restarted.child.kill('SIGTERM');
      await exited(restarted.child);
    }
  });
});
