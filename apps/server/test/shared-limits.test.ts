import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { signAccessToken } from '../src/modules/auth/access-token';
import { loadKeys } from '../src/storage/keys';
import { DIALECTS, userRow } from './harness';
import { ownDatabase } from './processes';
import { exited, type ServerProcess, startServer } from './server-process';

// Redis 7 runs beside the test run (as PostgreSQL does); each run counts under a prefix of its own.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 3;

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await exited(server.child);
}

/**
 * Two replicas that share nothing but Redis: each has its own SQLite data folder, so whatever makes the
 * second replica refuse a request can only have been counted in Redis. One APP_SECRET and one user in
 * both databases make one bearer token good on either.
 */
describe('rate limits shared across two server processes through Redis', () => {
  const appSecret = randomBytes(32).toString('hex');
  const user = userRow();
  const servers: ServerProcess[] = [];
  let bearer = '';

  beforeAll(async () => {
    const env = {
      APP_SECRET: appSecret,
      REDIS_URL,
      REDIS_PREFIX: `warrantly-test-${randomUUID()}:`,
      SIGN_INS_PER_MINUTE: String(LIMIT),
      SYNCS_PER_MINUTE: String(LIMIT),
      SYNC_INTERVAL_MINUTES: '0',
    };
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-limits-'));
      servers.push(await startServer(dataDir, env));
      const handle = await openDatabase({ sqliteFile: path.join(dataDir, 'warrantly.db') });
      await handle.db.insertInto('users').values(user).execute();
      await handle.close();
      bearer = `Bearer ${signAccessToken(loadKeys(dataDir, appSecret).signing, user.id)}`;
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
  });

  /** Sends request `i` to replica i % 2. */
  const alternate = (i: number, pathname: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${servers[i % 2]?.port}${pathname}`, init);

  it('counts sign-ins per address against one limit: the limit+1th across both answers 429', async () => {
    const refresh = (i: number) =>
      alternate(i, '/api/v1/auth/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'not-a-token' }),
      });
    for (let i = 0; i < LIMIT; i++) {
      const res = await refresh(i);
      expect(res.status, `request ${i + 1} of ${LIMIT}`).not.toBe(429);
    }
    // Each replica alone has seen at most two requests: a count per replica would let this one through.
    const over = await refresh(LIMIT);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // And the other replica refuses too.
    expect((await refresh(LIMIT + 1)).status).toBe(429);
  });

  it('counts a user’s mailbox syncs against one limit across both replicas', async () => {
    const sync = (i: number) =>
      alternate(i, '/google-auth/google/sync/', { headers: { authorization: bearer } });
    for (let i = 0; i < LIMIT; i++) {
      const res = await sync(i);
      // No provider is configured, so the sync itself fails (502); the limit counts it all the same.
      expect(res.status, `sync ${i + 1} of ${LIMIT}`).not.toBe(429);
    }
    const over = await sync(LIMIT);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('an unreachable Redis', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await stop(server);
  });

  it('leaves the server serving, requests uncounted, and says so once in the log', async () => {
    server = await startServer(mkdtempSync(path.join(os.tmpdir(), 'warrantly-limits-')), {
      // Nothing listens on port 1.
      REDIS_URL: 'redis://127.0.0.1:1',
      SIGN_INS_PER_MINUTE: '1',
      SYNC_INTERVAL_MINUTES: '0',
    });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/auth/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'not-a-token' }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(429);
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('Redis unreachable'));
    expect(warnings).toHaveLength(1);
  });
});

// Replicas on PostgreSQL without Redis count in the database's rate_limits table.
describe.each(DIALECTS.filter((d) => d === 'postgres'))('rate limits shared through %s', (dialect) => {
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await database?.drop();
  });

  it('counts sign-ins per address against one limit across two replicas', async () => {
    database = await ownDatabase(dialect);
    const env = {
      DATABASE_URL: database.url ?? '',
      APP_SECRET: randomBytes(32).toString('hex'),
      SIGN_INS_PER_MINUTE: String(LIMIT),
      SYNC_INTERVAL_MINUTES: '0',
    };
    for (let i = 0; i < 2; i++) {
      servers.push(await startServer(mkdtempSync(path.join(os.tmpdir(), 'warrantly-limits-')), env));
    }
    const refresh = (i: number) =>
      fetch(`http://127.0.0.1:${servers[i % 2]?.port}/api/v1/auth/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'not-a-token' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await refresh(i)).status, `request ${i + 1}`).not.toBe(429);
    const over = await refresh(LIMIT);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refresh(LIMIT + 1)).status).toBe(429);
  }, 60_000);
});
