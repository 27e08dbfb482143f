import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS } from './harness';
import { privateCluster } from './pg-cluster';
import { exited, type ServerProcess, signedInUser, startServer } from './server-process';

const UNAVAILABLE = { code: 'unavailable', message: 'The database is not answering; try again shortly' };
const PURCHASE = { product_name: 'Kettle', purchase_date: '2026-01-01' };

describe('a database that does not answer (sqlite)', () => {
  it('answers 503 with a JSON message while another writer holds the lock, then works again', async () => {
    const t = await createTestApp('sqlite');
    const locker = new SqliteDatabase(path.join(t.dataDir, 'warrantly.db'));
    try {
      const user = await t.createUser();
      const postKettle = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders/create/',
          headers: t.auth(user),
          payload: PURCHASE,
        });
      locker.exec('BEGIN IMMEDIATE'); // held past the app's 5 s busy timeout
      const blocked = await postKettle();
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual(UNAVAILABLE);
      expect(blocked.headers['retry-after']).toBe('5');
      locker.exec('ROLLBACK');
      const created = await postKettle();
      expect(created.statusCode).toBe(201);
    } finally {
      locker.close();
      await t.close();
    }
  });
});

async function waitFor(server: ServerProcess, text: string): Promise<void> {
  for (let i = 0; i < 200 && !server.output().includes(text); i++)
    await new Promise((r) => setTimeout(r, 50));
}

// The PostgreSQL suite: runs when TEST_DATABASE_URL is set, and then fails if the cluster cannot start.
describe.each(DIALECTS.filter((d) => d === 'postgres'))(
  'the database restarted under the server (%s)',
  () => {
    let cluster: Awaited<ReturnType<typeof privateCluster>> | undefined;
    let server: ServerProcess | undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-pg-app-'));
    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }
      cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps the process up, answers 503 during the outage and recovers after it', async () => {
      cluster = await privateCluster();
      server = await startServer(dataDir, { DATABASE_URL: cluster.url, SYNC_INTERVAL_MINUTES: '0' });
      const base = `http://127.0.0.1:${server.port}`;
      const authorization = await signedInUser(dataDir, { databaseUrl: cluster.url });
      const call = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(`${base}${url}`, init);
        return { status: res.status, body: await res.json() };
      };
      const listPurchases = () => call('/api/v1/user-orders/', { headers: { authorization } });

      const created = await call('/api/v1/orders/create/', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(PURCHASE),
      });
      expect(created.status).toBe(201);
      expect((await call('/healthz')).status).toBe(200); // the pool now holds idle connections

      cluster.stop(); // terminates those idle connections: the pool's error event, then nothing listens
      await waitFor(server, 'PostgreSQL dropped a connection');
      expect(server.output()).toContain('PostgreSQL dropped a connection');
      expect(server.child.exitCode).toBeNull();
      expect(await call('/healthz')).toEqual({ status: 503, body: UNAVAILABLE });
      expect(await listPurchases()).toEqual({ status: 503, body: UNAVAILABLE });

      cluster.start();
      const after = await listPurchases();
      expect(after.status).toBe(200);
      expect((after.body as { product_name: string }[]).map((p) => p.product_name)).toEqual(['Kettle']);

      cluster.restart(); // with connections idle in the pool again
      expect((await listPurchases()).status).toBe(200);
      expect((await call('/healthz')).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      // Dropped connections are logged without the pool's client (connection settings) attached.
      expect(server.output()).not.toMatch(/"client":|connectionParameters/);
    });
  },
);
