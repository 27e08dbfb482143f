import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { timestamp } from '../src/dates';
import { openDatabase } from '../src/db/database';
import { signAccessToken } from '../src/modules/auth/access-token';
import { createProviderTokens, tokenContext } from '../src/modules/auth/provider-tokens.service';
import { seal, sealedKeyId, sealedTextKeyId, sealText } from '../src/storage/envelope';
import { keyIdOf, loadKeys, readKeyCheck } from '../src/storage/keys';
import { DIALECTS, HARDWARE_RECEIPT, multipart, tinyPdf, userRow } from './harness';
import { ownDatabase, type Running, rotateKey, startServer } from './processes';
import { seedUser } from './server-process';

const ACCESS_TOKEN = 'ya29.provider-access-token-for-rotation';
const REFRESH_TOKEN = '1//provider-refresh-token-for-rotation';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The master key id in DATA_DIR/master.key now. */
const currentKeyId = (dataDir: string) =>
  keyIdOf(Buffer.from(readFileSync(path.join(dataDir, 'master.key'), 'utf8').trim(), 'base64'));

/**
 * The bytes of every stored receipt file, read while a rotation may be running: a file being rewritten
 * (its `.partial`, renamed over the file when whole) is not a stored file, and one renamed away between
 * the listing and the read is skipped.
 */
function storedFiles(dataDir: string): Buffer[] {
  return readdirSync(path.join(dataDir, 'blobs'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
    .flatMap((e) => {
      try {
        return [readFileSync(path.join(e.parentPath, e.name))];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
}

/** The key id in the header of every stored receipt file. */
const fileKeyIds = (dataDir: string) => storedFiles(dataDir).map((file) => sealedKeyId(file) ?? 'not sealed');

/** The layout of every stored receipt file. */
const fileMagics = (dataDir: string) => storedFiles(dataDir).map((file) => file.subarray(0, 4).toString());

describe.each(DIALECTS)('npm run rotate-key on %s', (dialect) => {
  it('moves files (in the chunked envelope), tokens, document text and feed secrets to a new key, resumes after a kill, and needs the old key no more', async () => {
    const database = await ownDatabase(dialect);
    const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-rotate-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    const openDb = () =>
      openDatabase({ url: database.url ?? undefined, sqliteFile: path.join(dataDir, 'warrantly.db') });
    let server: Running | null = await startServer(env);
    const handle = await openDb();
    try {
      // A user with a provider account, five receipts typed in, one read from a PDF, and a feed.
      const userId = randomUUID();
      const at = timestamp();
      await handle.db
        .insertInto('users')
        .values(userRow({ id: userId, name: 'Rotation Tester', created_at: at, updated_at: at }))
        .execute();
      const before = loadKeys(dataDir);
      const subject = `sub-${userId}`;
      await handle.db
        .insertInto('provider_accounts')
        .values({
          user_id: userId,
          provider: 'google',
          subject,
          access_token_enc: sealText(
            ACCESS_TOKEN,
            before.encryption,
            tokenContext('google', subject, 'access'),
          ),
          refresh_token_enc: sealText(
            REFRESH_TOKEN,
            before.encryption,
            tokenContext('google', subject, 'refresh'),
          ),
          expires_at: timestamp(new Date(Date.now() + 3600_000)),
          scopes: null,
          sync_cursor: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      // Access tokens are signed with a key derived from the current master key: each start needs its own.
      const call = (url: string, init: RequestInit = {}) => {
        const authorization = `Bearer ${signAccessToken(loadKeys(dataDir).signing, userId)}`;
        return fetch(`${server?.url}${url}`, { ...init, headers: { authorization, ...init.headers } });
      };

      const files = new Map<string, Buffer>();
      for (let i = 0; i < 5; i += 1) {
        const bytes = tinyPdf([`Receipt number ${i}`]);
        const form = multipart({ product_name: `Thing ${i}`, purchase_date: '2026-03-14' }, [
          { field: 'invoice', filename: `thing-${i}.pdf`, bytes },
        ]);
        const answer = await call('/api/v1/orders/create/', {
          method: 'POST',
          headers: form.headers,
          body: form.payload,
        });
        expect(answer.status).toBe(201);
        files.set(((await answer.json()) as { order_id: string }).order_id, bytes);
      }
      const scanned = tinyPdf(HARDWARE_RECEIPT);
      const form = multipart({}, [{ field: 'file', filename: 'hardware.pdf', bytes: scanned }]);
      const imported = await call('/api/v1/ai-order-extract/', {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
      });
      expect(imported.status).toBe(200);
      const scannedOrder = ((await imported.json()) as { order_id: string }[])[0]?.order_id as string;
      files.set(scannedOrder, scanned);
      const feedUrl = ((await (await call('/api/v1/calendar/feed/')).json()) as { url: string }).url;
      const feedPath = new URL(feedUrl).pathname;

      /** Everything the user has opens: files byte for byte, the extracted text, the feed, the tokens. */
      const everythingOpens = async () => {
        for (const [orderId, bytes] of files) {
          const answer = await call(`/api/v1/invoice/${orderId}/file/`);
          expect(answer.status).toBe(200);
          expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
        }
        const detail = (await (await call(`/api/v1/invoice/${scannedOrder}/`)).json()) as {
          extracted: { total?: string } | null;
        };
        expect(detail.extracted?.total).toBe('104.49');
        const shown = ((await (await call('/api/v1/calendar/feed/')).json()) as { url: string }).url;
        expect(new URL(shown).pathname).toBe(feedPath);
        const feed = await fetch(`${server?.url}${feedPath}`);
        expect(feed.status).toBe(200);
        expect(await feed.text()).toContain('BEGIN:VCALENDAR');
        const tokens = createProviderTokens(handle.db, loadKeys(dataDir).encryption, {
          google: null,
          microsoft: null,
          sandboxUrl: null,
        });
        expect(await tokens.accessToken(userId, 'google')).toBe(ACCESS_TOKEN);
      };
      await everythingOpens();
      await server.stop();
      server = null;
      const oldId = currentKeyId(dataDir);
      // One file as an older server wrote it: the whole-file envelope WLY2.
      const older = await handle.db
        .selectFrom('documents')
        .select(['order_id', 'storage_key'])
        .where('order_id', '=', scannedOrder)
        .executeTakeFirstOrThrow();
      writeFileSync(
        path.join(dataDir, 'blobs', older.storage_key),
        seal(scanned, before.encryption, older.storage_key),
      );

      // First run, slowed down, killed once it has re-encrypted a few files.
      const first = rotateKey(env, ['--pause-ms', '400']);
      for (let waited = 0; ; waited += 25) {
        const done = existsSync(path.join(dataDir, 'master.key')) ? currentKeyId(dataDir) : oldId;
        if (done !== oldId && fileKeyIds(dataDir).filter((id) => id === done).length >= 2) break;
        if (first.child.exitCode !== null || waited > 60_000)
          throw new Error(`rotate-key: ${first.output()}`);
        await sleep(25);
      }
      first.child.kill('SIGKILL');
      await first.done();
      const newId = currentKeyId(dataDir);
      expect(newId).not.toBe(oldId);
      expect(fileKeyIds(dataDir)).toContain(oldId);
      expect(fileKeyIds(dataDir)).toContain(newId);

      // Half-way, the server reads both keys.
      server = await startServer(env);
      await everythingOpens();
      await server.stop();
      server = null;

      const second = rotateKey(env);
      expect(await second.done()).toBe(0);
      const retiredFile = path.join(dataDir, 'keys', `master-${oldId}.key`);
      expect(second.output()).toContain(`everything is sealed under master key ${newId}`);
      expect(second.output()).toContain(`delete ${retiredFile}`);
      expect(readKeyCheck(dataDir)?.map((e) => e.id)).toEqual([newId]);

      expect(new Set(fileKeyIds(dataDir))).toEqual(new Set([newId]));
      expect(new Set(fileMagics(dataDir))).toEqual(new Set(['WLY3']));
      const sealedIds = new Set<string | null>();
      for (const doc of await handle.db.selectFrom('documents').select('extracted_json').execute()) {
        if (doc.extracted_json) sealedIds.add(sealedTextKeyId(doc.extracted_json));
      }
      for (const account of await handle.db.selectFrom('provider_accounts').selectAll().execute()) {
        sealedIds.add(sealedTextKeyId(account.access_token_enc ?? ''));
        sealedIds.add(sealedTextKeyId(account.refresh_token_enc ?? ''));
      }
      for (const user of await handle.db.selectFrom('users').select('feed_secret_enc').execute()) {
        sealedIds.add(sealedTextKeyId(user.feed_secret_enc ?? ''));
      }
      expect(sealedIds).toEqual(new Set([newId]));

      // The old key retired: everything still opens.
      rmSync(retiredFile);
      server = await startServer(env);
      await everythingOpens();
    } finally {
      await server?.stop();
      await handle.close();
      await database.drop();
    }
  }, 180_000);
});

describe('npm run rotate-key with APP_SECRET', () => {
  const OLD_SECRET = 'old-secret-old-secret-old-secret-old';
  const NEW_SECRET = 'new-secret-new-secret-new-secret-new';

  it('moves everything from APP_SECRET_PREVIOUS to APP_SECRET, after which the old secret can go', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'warrantly-rotate-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    let server = await startServer({ DATA_DIR: dataDir, APP_SECRET: OLD_SECRET });
    const userId = await seedUser(dataDir);
    const call = (secret: string, url: string, init: RequestInit = {}) =>
      fetch(`${server.url}${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${signAccessToken(loadKeys(dataDir, secret).signing, userId)}`,
          ...init.headers,
        },
      });
    const bytes = tinyPdf(['Kettle receipt']);
    const form = multipart({ product_name: 'Kettle', purchase_date: '2026-02-01' }, [
      { field: 'invoice', filename: 'kettle.pdf', bytes },
    ]);
    const created = await call(OLD_SECRET, '/api/v1/orders/create/', {
      method: 'POST',
      headers: form.headers,
      body: form.payload,
    });
    const { order_id } = (await created.json()) as { order_id: string };
    await server.stop();

    const nothingNew = rotateKey({ DATA_DIR: dataDir, APP_SECRET: OLD_SECRET });
    expect(await nothingNew.done()).toBe(1);
    expect(nothingNew.output()).toContain('set APP_SECRET to a new secret');

    const run = rotateKey({ DATA_DIR: dataDir, APP_SECRET: NEW_SECRET, APP_SECRET_PREVIOUS: OLD_SECRET });
    expect(await run.done()).toBe(0);
    expect(run.output()).toContain('unset APP_SECRET_PREVIOUS');
    expect(run.output()).not.toContain(OLD_SECRET);

    server = await startServer({ DATA_DIR: dataDir, APP_SECRET: NEW_SECRET });
    try {
      const file = await call(NEW_SECRET, `/api/v1/invoice/${order_id}/file/`);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
