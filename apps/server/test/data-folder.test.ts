import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, tinyPdf } from './harness';
import { type Running, serverRefusal, startServer } from './processes';
import { signedInUser } from './server-process';

const SECRET = 'first-secret-first-secret-first-secret';
const OTHER_SECRET = 'other-secret-other-secret-other-secret';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
/** A data folder path that does not exist yet, so the server creates it. */
function newDataDir(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-folder-'));
  roots.push(root);
  return path.join(root, 'data');
}

const RECEIPT = tinyPdf(['HARDWARE STORE', 'Cordless drill 89.99']);

async function uploadReceipt(server: Running, authorization: string): Promise<string> {
  const form = multipart({ product_name: 'Cordless drill', purchase_date: '2026-03-14' }, [
    { field: 'invoice', filename: 'drill.pdf', bytes: RECEIPT },
  ]);
  const answer = await fetch(`${server.url}/api/v1/orders/create/`, {
    method: 'POST',
    headers: { authorization, ...form.headers },
    body: form.payload,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { order_id: string }).order_id;
}

async function download(server: Running, authorization: string, orderId: string): Promise<Buffer> {
  const answer = await fetch(`${server.url}/api/v1/invoice/${orderId}/file/`, { headers: { authorization } });
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the data folder and its keys', () => {
  it('refuses to start with a different APP_SECRET, saying so, and starts again with the right one', async () => {
    const dataDir = newDataDir();
    const env = { DATA_DIR: dataDir, APP_SECRET: SECRET };
    let server = await startServer(env);
    const authorization = await signedInUser(dataDir, { appSecret: SECRET });
    const orderId = await uploadReceipt(server, authorization);
    await server.stop();

    const refused = await serverRefusal({ DATA_DIR: dataDir, APP_SECRET: OTHER_SECRET });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('APP_SECRET has changed');
    expect(refused.output).toContain('Start again with the previous APP_SECRET');
    expect(refused.output).not.toContain(SECRET);
    expect(refused.output).not.toContain(OTHER_SECRET);

    server = await startServer(env);
    try {
      expect((await download(server, authorization, orderId)).equals(RECEIPT)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('keeps everything owner-only and refuses to start when master.key is lost, without making a new one', async () => {
    const dataDir = newDataDir();
    let server = await startServer({ DATA_DIR: dataDir });
    const authorization = await signedInUser(dataDir);
    const orderId = await uploadReceipt(server, authorization);
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const name of [
        'warrantly.db',
        'warrantly.db-wal',
        'warrantly.db-shm',
        'master.key',
        'keycheck.json',
      ]) {
        expect({ name, mode: mode(path.join(dataDir, name)) }).toEqual({ name, mode: 0o600 });
      }
      const blobs = path.join(dataDir, 'blobs');
      const entries = readdirSync(blobs, { recursive: true, withFileTypes: true });
      expect(entries.filter((e) => e.isFile())).toHaveLength(1);
      expect(mode(blobs)).toBe(0o700);
      for (const entry of entries) {
        const full = path.join(entry.parentPath, entry.name);
        expect({ full, mode: mode(full) }).toEqual({ full, mode: entry.isFile() ? 0o600 : 0o700 });
      }
    } finally {
      await server.stop();
    }

    const keyFile = path.join(dataDir, 'master.key');
    renameSync(keyFile, path.join(dataDir, '..', 'master.key.backup'));
    const refused = await serverRefusal({ DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${keyFile} is missing`);
    expect(refused.output).toContain('Restore master.key from your backup');
    expect(existsSync(keyFile)).toBe(false);

    renameSync(path.join(dataDir, '..', 'master.key.backup'), keyFile);
    server = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await download(server, authorization, orderId)).equals(RECEIPT)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
