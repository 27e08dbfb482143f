import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/backup/manifest';
import { signAccessToken } from '../src/modules/auth/access-token';
import { loadKeys } from '../src/storage/keys';
import { DIALECTS, multipart, tinyPdf } from './harness';
import { ownDatabase, runScript, startServer } from './processes';
import { seedUser } from './server-process';

const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-backup-'));
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(root, { recursive: true, force: true });
});

/** A bearer header for `userId` on the server whose data folder is `dataDir` (its master.key signs). */
const bearer = (dataDir: string, userId: string) => ({
  authorization: `Bearer ${signAccessToken(loadKeys(dataDir).signing, userId)}`,
});

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

describe.each(DIALECTS)('npm run backup and npm run restore on %s', (dialect) => {
  /** A new, empty data folder (and on PostgreSQL a new, empty database) to restore into. */
  const target = async (name: string): Promise<Record<string, string>> => {
    const database = await ownDatabase(dialect);
    databases.push(database);
    return {
      DATA_DIR: path.join(root, dialect, name),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  };

  const pdf = tinyPdf(['Espresso machine', 'Total 249.00']);
  const source = { env: {} as Record<string, string>, dataDir: '', userId: '', withFile: '', typedIn: '' };
  const backupDir = path.join(root, dialect, 'backup');

  beforeAll(async () => {
    source.env = await target('source');
    source.dataDir = source.env.DATA_DIR as string;
    const server = await startServer(source.env);
    try {
      source.userId = await seedUser(source.dataDir, source.env.DATABASE_URL);
      const create = async (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
        const form = multipart(fields, files);
        const answer = await fetch(`${server.url}/api/v1/orders/create/`, {
          method: 'POST',
          headers: { ...bearer(source.dataDir, source.userId), ...form.headers },
          body: form.payload,
        });
        expect(answer.status).toBe(201);
        return ((await answer.json()) as { order_id: string }).order_id;
      };
      source.withFile = await create({ product_name: 'Espresso machine', purchase_date: '2026-03-14' }, [
        { field: 'invoice', filename: 'espresso.pdf', bytes: pdf },
      ]);
      source.typedIn = await create({ product_name: 'Kettle', purchase_date: '2026-02-01' }, []);
      // While the server runs, as an operator would.
      const backup = await runScript('backup', source.env, [backupDir]);
      expect(backup.code, backup.output).toBe(0);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('holds the database, the receipt file as ciphertext and the key check, but not the master key', () => {
    const manifest = readManifest(backupDir);
    expect(manifest).toMatchObject({
      dialect,
      counts: { users: 1, purchases: 2, receipts: 1, receiptFiles: 1 },
      keys: { check: 'keycheck.json', included: [] },
    });
    expect(readdirSync(backupDir).sort()).toEqual(
      ['blobs', manifest.database.file, 'keycheck.json', 'manifest.json'].sort(),
    );
    const blob = manifest.files.find((f) => f.path.startsWith('blobs/'));
    const stored = readFileSync(path.join(backupDir, blob?.path as string));
    expect(stored.includes(Buffer.from('Espresso machine'))).toBe(false);
    expect(stored.includes(pdf.subarray(0, 64))).toBe(false);
  });

  it('restores into a new data folder and database that a server serves, the receipt decrypting to its bytes', async () => {
    const env = await target('restored');
    const restore = await runScript('restore', env, [
      backupDir,
      '--key-file',
      path.join(source.dataDir, 'master.key'),
    ]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('1 users, 2 purchases, 1 receipts, 1 receipt files');

    const server = await startServer(env);
    try {
      const headers = bearer(env.DATA_DIR as string, source.userId);
      const list = await fetch(`${server.url}/api/v1/user-orders/`, { headers });
      expect(list.status).toBe(200);
      const purchases = (await list.json()) as { order_id: string; product_name: string }[];
      expect(purchases.map((p) => [p.order_id, p.product_name]).sort()).toEqual(
        [
          [source.withFile, 'Espresso machine'],
          [source.typedIn, 'Kettle'],
        ].sort(),
      );
      const file = await fetch(`${server.url}/api/v1/invoice/${source.withFile}/file/`, { headers });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      await server.stop();
    }

    // Restored once, the target is no longer empty: a second restore is refused and names what holds data.
    const again = await runScript('restore', env, [
      backupDir,
      '--key-file',
      path.join(source.dataDir, 'master.key'),
    ]);
    expect(again.code).toBe(1);
    expect(again.output).toContain(`The data folder ${env.DATA_DIR} is not empty`);
    if (env.DATABASE_URL) {
      const freshFolder = { ...env, DATA_DIR: path.join(root, dialect, 'fresh-folder') };
      const intoFullDatabase = await runScript('restore', freshFolder, [
        backupDir,
        '--key-file',
        path.join(source.dataDir, 'master.key'),
      ]);
      expect(intoFullDatabase.code).toBe(1);
      expect(intoFullDatabase.output).toContain(
        'Schema "public" of the database in DATABASE_URL is not empty (it holds documents',
      );
      expect(existsSync(freshFolder.DATA_DIR)).toBe(false);
    }
  }, 120_000);

  it('without the master key says what is missing and writes nothing; a wrong key is refused too', async () => {
    const env = await target('no-key');
    const withoutKey = await runScript('restore', env, [backupDir]);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.output).toContain('This backup does not include its master key');
    expect(withoutKey.output).toContain('Pass --key-file with that master.key');
    expect(existsSync(env.DATA_DIR as string)).toBe(false);

    const otherKey = path.join(root, dialect, 'other.key');
    writeFileSync(otherKey, `${Buffer.alloc(32, 7).toString('base64')}\n`);
    const wrongKey = await runScript('restore', env, [backupDir, '--key-file', otherKey]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toContain('The key files given do not open this backup');
    const wrongSecret = await runScript('restore', { ...env, APP_SECRET: 'x'.repeat(40) }, [backupDir]);
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.output).toContain('This backup does not include its master key');
    expect(existsSync(env.DATA_DIR as string)).toBe(false);

    // Nothing was written: the same target takes the restore once the key is given.
    const withKey = await runScript('restore', env, [
      backupDir,
      '--key-file',
      path.join(source.dataDir, 'master.key'),
    ]);
    expect(withKey.code, withKey.output).toBe(0);
  }, 120_000);

  it('refuses a damaged backup, naming the file, before writing anything', async () => {
    const damaged = path.join(root, dialect, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const blob = readManifest(damaged).files.find((f) => f.path.startsWith('blobs/'))?.path as string;
    const bytes = readFileSync(path.join(damaged, blob));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    writeFileSync(path.join(damaged, blob), bytes);
    const env = await target('from-damaged');
    const restore = await runScript('restore', env, [
      damaged,
      '--key-file',
      path.join(source.dataDir, 'master.key'),
    ]);
    expect(restore.code).toBe(1);
    expect(restore.output).toContain(`The backup is damaged: ${blob} does not match its SHA-256`);
    expect(existsSync(env.DATA_DIR as string)).toBe(false);

    rmSync(path.join(damaged, 'manifest.json'));
    const unfinished = await runScript('restore', env, [damaged]);
    expect(unfinished.code).toBe(1);
    expect(unfinished.output).toContain('is not a Warrantly backup, or its backup was interrupted');
  }, 120_000);

  it('with --include-key carries the master key, and restores with no key given', async () => {
    const withKey = path.join(root, dialect, 'backup-with-key');
    const backup = await runScript('backup', source.env, [withKey, '--include-key']);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('anyone holding the backup can read the receipts');
    expect(readManifest(withKey).keys.included).toEqual(['master.key']);

    const env = await target('restored-with-key');
    const restore = await runScript('restore', env, [withKey]);
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(path.join(env.DATA_DIR as string, 'master.key'))).toEqual(
      readFileSync(path.join(source.dataDir, 'master.key')),
    );
    const server = await startServer(env);
    try {
      const file = await fetch(`${server.url}/api/v1/invoice/${source.withFile}/file/`, {
        headers: bearer(env.DATA_DIR as string, source.userId),
      });
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      await server.stop();
    }

    const intoUsedFolder = await runScript('backup', source.env, [withKey]);
    expect(intoUsedFolder.code).toBe(1);
    expect(intoUsedFolder.output).toContain(`${withKey} is not empty`);
  }, 120_000);
});
