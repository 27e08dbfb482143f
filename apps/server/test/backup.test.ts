import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/backup/manifest';
import { signAccessToken } from '../src/modules/auth/access-token';
import { loadKeys } from '../src/storage/keys';
import { DIALECTS, multipart, tinyPdf } from './harness';
import { ownDatabase, runScript, startServer } from './processes';
import { type S3Server, startS3Server, storedObjects } from './s3-server';
import { seedUser } from './server-process';

const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-backup-'));
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(root, { recursive: true, force: true });
});

/** A bearer header for `userId` on the server whose data folder is `dataDir` (its master.key signs). */
const bearer = (dataDir: string, userId: string, appSecret?: string) => ({
  authorization: `Bearer ${signAccessToken(loadKeys(dataDir, appSecret).signing, userId)}`,
});

/** Creates a purchase through the server's form, with its receipt `files`; answers its order id. */
async function createPurchase(
  url: string,
  dataDir: string,
  userId: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1],
): Promise<string> {
  const form = multipart(fields, files);
  const answer = await fetch(`${url}/api/v1/orders/create/`, {
    method: 'POST',
    headers: { ...bearer(dataDir, userId), ...form.headers },
    body: form.payload,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { order_id: string }).order_id;
}

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
      const create = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) =>
        createPurchase(server.url, source.dataDir, source.userId, fields, files);
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

  it('taken while receipts are uploaded, restores a file for every receipt it holds', async () => {
    const busyBackup = path.join(root, dialect, 'backup-while-busy');
    const uploaded = new Map<string, Buffer>();
    const server = await startServer(source.env);
    let stop = false;
    let firstDone: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      firstDone = resolve;
    });
    const uploads = (async () => {
      for (let i = 0; !stop; i += 1) {
        const bytes = tinyPdf([`Busy receipt ${i}`]);
        const id = await createPurchase(
          server.url,
          source.dataDir,
          source.userId,
          { product_name: `Busy ${i}`, purchase_date: '2026-04-01' },
          [{ field: 'invoice', filename: `busy-${i}.pdf`, bytes }],
        );
        uploaded.set(id, bytes);
        firstDone();
      }
    })();
    try {
      await first;
      const backup = await runScript('backup', source.env, [busyBackup]);
      expect(backup.code, backup.output).toBe(0);
    } finally {
      stop = true;
      await uploads;
      await server.stop();
    }

    const env = await target('restored-while-busy');
    const restore = await runScript('restore', env, [
      busyBackup,
      '--key-file',
      path.join(source.dataDir, 'master.key'),
    ]);
    expect(restore.code, restore.output).toBe(0);
    const restored = await startServer(env);
    try {
      const headers = bearer(env.DATA_DIR as string, source.userId);
      const list = (await (await fetch(`${restored.url}/api/v1/user-orders/`, { headers })).json()) as {
        order_id: string;
      }[];
      const busy = list.filter((p) => uploaded.has(p.order_id));
      expect(busy.length).toBeGreaterThan(0);
      for (const { order_id } of busy) {
        const file = await fetch(`${restored.url}/api/v1/invoice/${order_id}/file/`, { headers });
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(uploaded.get(order_id) as Buffer)).toBe(true);
      }
    } finally {
      await restored.stop();
    }
  }, 180_000);
});

// The database part is the same as above on either dialect; what is new here is the object store.
describe('backup and restore with receipt files in an S3 bucket', () => {
  const stores: S3Server[] = [];
  afterAll(async () => {
    for (const store of stores) await store.stop();
  });

  it('copies the objects as they are stored (ciphertext) and puts them back into an empty bucket only', async () => {
    const sourceStore = await startS3Server('warrantly-source');
    stores.push(sourceStore);
    const sourceEnv = { DATA_DIR: path.join(root, 's3', 'source'), ...sourceStore.env };
    const pdf = tinyPdf(['Robot vacuum', 'Total 329.00']);
    const backupDir = path.join(root, 's3', 'backup');
    const server = await startServer(sourceEnv);
    let userId: string;
    let orderId: string;
    try {
      userId = await seedUser(sourceEnv.DATA_DIR);
      orderId = await createPurchase(
        server.url,
        sourceEnv.DATA_DIR,
        userId,
        { product_name: 'Robot vacuum', purchase_date: '2026-04-02' },
        [{ field: 'invoice', filename: 'vacuum.pdf', bytes: pdf }],
      );
      const backup = await runScript('backup', sourceEnv, [backupDir]);
      expect(backup.code, backup.output).toBe(0);
    } finally {
      await server.stop();
    }
    // The receipt went to the bucket, not the data folder; the backup holds the object byte for byte.
    expect(existsSync(path.join(sourceEnv.DATA_DIR, 'blobs'))).toBe(false);
    const [object] = storedObjects(sourceStore);
    const manifest = readManifest(backupDir);
    expect(manifest.counts).toMatchObject({ receipts: 1, receiptFiles: 1 });
    const entry = manifest.files.find((f) => f.path.startsWith('blobs/'));
    const copied = readFileSync(path.join(backupDir, entry?.path as string));
    expect(object && copied.equals(object)).toBe(true);
    expect(copied.includes(pdf.subarray(0, 64))).toBe(false);

    const keyFile = path.join(sourceEnv.DATA_DIR, 'master.key');
    // A bucket that holds anything is refused before the data folder is written.
    const busy = { DATA_DIR: path.join(root, 's3', 'into-busy'), ...sourceStore.env };
    const refused = await runScript('restore', busy, [backupDir, '--key-file', keyFile]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The receipt file store is not empty');
    expect(existsSync(busy.DATA_DIR)).toBe(false);

    const targetStore = await startS3Server('warrantly-restored');
    stores.push(targetStore);
    const env = { DATA_DIR: path.join(root, 's3', 'restored'), ...targetStore.env };
    const restore = await runScript('restore', env, [backupDir, '--key-file', keyFile]);
    expect(restore.code, restore.output).toBe(0);
    expect(storedObjects(targetStore).map((o) => o.equals(copied))).toEqual([true]);
    const restored = await startServer(env);
    try {
      const file = await fetch(`${restored.url}/api/v1/invoice/${orderId}/file/`, {
        headers: bearer(env.DATA_DIR, userId),
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      await restored.stop();
    }
  }, 180_000);
});

describe.each(DIALECTS)('backup and restore of data sealed under APP_SECRET on %s', (dialect) => {
  const secret = 'a-secret-kept-by-the-operator-apart-from-backups';

  /** A new data folder, and on PostgreSQL a new database whose URL names schema "warrantly" in its search_path. */
  const target = async (name: string, createSchema: boolean): Promise<Record<string, string>> => {
    const database = await ownDatabase(dialect);
    databases.push(database);
    const env: Record<string, string> = { DATA_DIR: path.join(root, `${dialect}-secret`, name) };
    if (!database.url) return env;
    if (createSchema) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('create schema warrantly');
      await client.end();
    }
    env.DATABASE_URL = `${database.url}?options=${encodeURIComponent('-c search_path=warrantly')}`;
    return env;
  };

  it('needs APP_SECRET to restore, and restores into the schema the URL names', async () => {
    const sourceEnv: Record<string, string> = { ...(await target('source', true)), APP_SECRET: secret };
    const sourceDir = sourceEnv.DATA_DIR as string;
    const pdf = tinyPdf(['Cordless drill', 'Total 89.00']);
    const backupDir = path.join(root, `${dialect}-secret`, 'backup');
    const server = await startServer(sourceEnv);
    let userId: string;
    let orderId: string;
    try {
      userId = await seedUser(sourceDir, sourceEnv.DATABASE_URL);
      const form = multipart({ product_name: 'Cordless drill', purchase_date: '2026-01-05' }, [
        { field: 'invoice', filename: 'drill.pdf', bytes: pdf },
      ]);
      const created = await fetch(`${server.url}/api/v1/orders/create/`, {
        method: 'POST',
        headers: { ...bearer(sourceDir, userId, secret), ...form.headers },
        body: form.payload,
      });
      expect(created.status).toBe(201);
      orderId = ((await created.json()) as { order_id: string }).order_id;
      const backup = await runScript('backup', sourceEnv, [backupDir, '--include-key']);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(
        '--include-key: there is no key file to include, the key is APP_SECRET',
      );
    } finally {
      await server.stop();
    }
    const manifest = readManifest(backupDir);
    expect(manifest.keys.included).toEqual([]);
    if (dialect === 'postgres') expect(manifest.database.schema).toBe('warrantly');

    // The target's schema does not exist yet: pg_restore makes it.
    const env = await target('restored', false);
    const withoutSecret = await runScript('restore', env, [backupDir]);
    expect(withoutSecret.code).toBe(1);
    expect(withoutSecret.output).toContain(
      "APP_SECRET is not set, but this backup's data is sealed under an APP_SECRET",
    );
    const restore = await runScript('restore', { ...env, APP_SECRET: secret }, [backupDir]);
    expect(restore.code, restore.output).toBe(0);

    const restored = await startServer({ ...env, APP_SECRET: secret });
    try {
      const file = await fetch(`${restored.url}/api/v1/invoice/${orderId}/file/`, {
        headers: bearer(env.DATA_DIR as string, userId, secret),
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      await restored.stop();
    }
  }, 180_000);
});
