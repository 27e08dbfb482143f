import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { ownDatabase } from './processes';
import { exited, type ServerProcess, startServer } from './server-process';

// Replicas started together on an empty PostgreSQL, as `docker compose up` with two replicas does.
describe.each(DIALECTS.filter((d) => d === 'postgres'))('three replicas starting at once (%s)', (dialect) => {
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    await database?.drop();
  });

  it('all start and serve, and each migration ran once', async () => {
    database = await ownDatabase(dialect);
    const env = {
      DATABASE_URL: database.url ?? '',
      APP_SECRET: randomBytes(32).toString('hex'),
      SYNC_INTERVAL_MINUTES: '0',
    };
    const started = await Promise.allSettled(
      [0, 1, 2].map(() => startServer(mkdtempSync(path.join(os.tmpdir(), 'warrantly-migrate-')), env)),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);

    for (const server of servers) {
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    }
    const client = new pg.Client({ connectionString: database.url ?? '' });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: number }>(
        'select name, count(*)::int as times from kysely_migration group by name order by name',
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.times !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);
});
