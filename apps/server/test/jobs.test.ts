import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '@warrantly/sandbox/sandbox';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { bossSchemaFor, createPgBossQueue } from '../src/jobs/pg-boss-queue';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, dropSchemas, openFreshDatabase } from './harness';
import { ownDatabase } from './processes';
import { chooseAccount, signInThroughSandbox } from './sandbox-sign-in';
import { exited, type ServerProcess, startServer } from './server-process';

const AVERY = 'avery.quinn@example.com';
const JORDAN = 'jordan.lee@example.com';

interface JobLine {
  msg: string;
  job: { id: string; name: string; key: string; attempt: number; startedAt: string; finishedAt: string };
  reason?: string;
}

/** The job lines a server printed (`job finished`, `job failed`, `job dead-lettered`). */
const jobLines = (server: ServerProcess, msg: string, name: string): JobLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"${msg}"`))
    .map((line) => JSON.parse(line) as JobLine)
    .filter((line) => line.msg === msg && line.job.name === name);

/** Waits for `check` to hold (each try 100 ms apart), failing with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The whole sign-in against a server process, as a browser would; answers a bearer header. */
async function signIn(server: ServerProcess, provider: 'google' | 'microsoft', email: string) {
  const base = `http://127.0.0.1:${server.port}`;
  const login = provider === 'google' ? '/google-auth/google/login' : '/microsoft-auth/login/';
  const start = await fetch(`${base}${login}`, { redirect: 'manual' });
  const cookie = /wl_signin=[^;]+/.exec(start.headers.getSetCookie().join('; '))?.[0] ?? '';
  const back = await chooseAccount(start.headers.get('location') as string, email);
  const callback = await fetch(`${base}${back.pathname}${back.search}`, {
    headers: { cookie },
    redirect: 'manual',
  });
  const token = new URL(callback.headers.get('location') as string).searchParams.get('access_token');
  if (!token) throw new Error(`sign-in answered ${callback.status}`);
  return { authorization: `Bearer ${token}` };
}

const call = (server: ServerProcess, method: string, url: string, headers: object, body?: object) =>
  fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** The warranty events of `product` on the sandbox's calendar of `email`, by start date. */
const warrantyDates = (sandbox: Sandbox, email: string, product: string) =>
  (sandbox.calendar(email) as { summary?: string; start?: { date?: string } }[])
    .filter((e) => e.summary?.includes(product))
    .map((e) => e.start?.date);

/**
 * Two server processes on one PostgreSQL database (pg-boss's queue in it), one shared sandbox, short job
 * timeouts so a killed run is found within seconds.
 */
const POSTGRES = process.env.TEST_DATABASE_URL ? ['postgres'] : [];

describe.each(POSTGRES)('background jobs across two server processes on %s', () => {
  let sandbox: Sandbox;
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  async function start(env: Record<string, string> = {}) {
    sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-jobs-mail-')) });
    database = await ownDatabase('postgres');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-jobs-'));
    const serverEnv = {
      DATABASE_URL: database.url as string,
      SANDBOX: 'on',
      SANDBOX_URL: sandbox.url,
      SYNC_INTERVAL_MINUTES: '0',
      JOB_TIMEOUT_SECONDS: '4',
      JOB_RETRY_LIMIT: '2',
      JOB_RETRY_DELAY_SECONDS: '1',
      ...env,
    };
    // One after the other: the first makes the database and the master key both use.
    servers.push(await startServer(dataDir, serverEnv));
    servers.push(await startServer(dataDir, serverEnv));
    return { a: servers[0] as ServerProcess, b: servers[1] as ServerProcess, env: serverEnv };
  }

  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }
    }
    await sandbox.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes one calendar event at the new date for a purchase created on one and edited on the other', async () => {
    const { a, b } = await start();
    const headers = await signIn(a, 'google', AVERY);
    const created = await call(a, 'POST', '/api/v1/orders/create/', headers, {
      product_name: 'Dishwasher',
      purchase_date: '2025-06-01',
      warranty_expire_date: '2027-06-01',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const edited = await call(b, 'PUT', `/api/v1/user-orders/update/${id}/`, headers, {
      warranty_expire_date: '2027-09-01',
    });
    expect(edited.status).toBe(200);

    // A list read on either replica right after the change waits for the user's reconcile, wherever it runs.
    const list = await call(a, 'GET', '/api/v1/calendar/list/', headers);
    const events = ((await list.json()) as { events: { summary: string; start: { date: string } }[] }).events;
    expect(events.filter((e) => e.summary.includes('Dishwasher')).map((e) => e.start.date)).toEqual([
      '2027-08-02',
    ]);
    expect(warrantyDates(sandbox, AVERY, 'Dishwasher')).toEqual(['2027-08-02']);
  });

  it('syncs each mailbox once per interval when both processes run the scheduled sync', async () => {
    // Every 3 s, on both processes.
    const { a, b } = await start({ SYNC_INTERVAL_MINUTES: '0.05' });
    await signIn(a, 'google', AVERY);
    await signIn(b, 'microsoft', JORDAN);
    const runs = () => [a, b].flatMap((s) => jobLines(s, 'job finished', 'sync-mailbox'));
    await until('three syncs of each user', () => {
      const keys = runs().map((r) => r.job.key);
      return (
        new Set(keys).size === 2 && [...new Set(keys)].every((k) => keys.filter((x) => x === k).length >= 3)
      );
    });
    // Stopped (each drains its running jobs), so every listing below belongs to a logged run.
    for (const server of [a, b]) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    const done = runs();
    // Each sync lists the mailbox once (Gmail: the message list, then the history since it; Graph: the
    // delta): as many listings as sync runs, per provider (= per user).
    const listings = (...paths: string[]) => sandbox.requests().filter((r) => paths.includes(r.path)).length;
    const byUser = new Map<string, number>();
    for (const run of done) byUser.set(run.job.key, (byUser.get(run.job.key) ?? 0) + 1);
    expect([...byUser.values()].sort()).toEqual(
      [
        listings('/google/gmail/v1/users/me/messages', '/google/gmail/v1/users/me/history'),
        listings('/graph/v1.0/me/mailFolders/inbox/messages/delta'),
      ].sort(),
    );
    // No two runs of one user's sync overlap.
    for (const key of byUser.keys()) {
      const spans = done
        .filter((r) => r.job.key === key)
        .map((r) => [Date.parse(r.job.startedAt), Date.parse(r.job.finishedAt)] as const)
        .sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] as number);
      }
    }
    // One sweep per 3 s slot across both processes (each would sweep every slot on its own), and each
    // sweep queues every user once.
    const starts = [a, b]
      .flatMap((s) => jobLines(s, 'job finished', 'sweep-mailboxes'))
      .map((line) => Math.floor(Date.parse(line.job.startedAt) / 3000));
    expect(starts.length).toBeLessThanOrEqual(Math.max(...starts) - Math.min(...starts) + 2);
    for (const count of byUser.values()) expect(count).toBeLessThanOrEqual(starts.length);
  });

  it('runs a job again on the other process when its process is killed mid-run, and completes it once', async () => {
    const { a, b } = await start();
    const headers = await signIn(a, 'google', AVERY);
    // The sign-in's own reconcile (nothing to write yet) is done before the purchase.
    await until('the sign-in reconcile', () =>
      [a, b].some((s) => jobLines(s, 'job finished', 'reconcile-calendar').length > 0),
    );
    const before = [a, b].flatMap((s) => jobLines(s, 'job finished', 'reconcile-calendar')).length;
    // The calendar takes the event's creation and never answers: the run hangs there when A is killed.
    sandbox.fail({ match: '/calendar/v3/', method: 'POST', delayMs: 2_000, drop: true });
    await call(a, 'POST', '/api/v1/orders/create/', headers, {
      product_name: 'Espresso machine',
      purchase_date: '2026-02-01',
      warranty_expire_date: '2028-02-01',
    });
    await until('the event creation to start', () =>
      sandbox.requests().some((r) => r.method === 'POST' && r.path.includes('/calendar/v3/')),
    );
    // Whichever process took the job is killed; the other finishes it.
    const [lease] = await query(
      database.url as string,
      `select holder from jobs where name = 'reconcile-calendar' and holder is not null`,
    );
    const victim = String(lease?.holder).split('/')[1] === String(b.child.pid) ? b : a;
    victim.child.kill('SIGKILL');
    await exited(victim.child);
    const survivor = victim === a ? b : a;

    await until(
      'the retried run to finish',
      () => jobLines(survivor, 'job finished', 'reconcile-calendar').length > 0,
    );
    expect(warrantyDates(sandbox, AVERY, 'Espresso machine')).toEqual(['2028-01-02']);
    const finished = [a, b].flatMap((s) => jobLines(s, 'job finished', 'reconcile-calendar'));
    expect(finished).toHaveLength(before + 1);
    expect(finished.at(-1)?.job.attempt).toBe(2);
  });

  it('keeps a job that fails every retry as dead, with its reason', async () => {
    const { a, b } = await start();
    const headers = await signIn(a, 'google', AVERY);
    sandbox.fail({ match: '/calendar/v3/', method: 'POST', status: 400, times: 100 });
    await call(b, 'POST', '/api/v1/orders/create/', headers, {
      product_name: 'Toaster',
      purchase_date: '2026-02-01',
      warranty_expire_date: '2028-02-01',
    });
    const dead = () => [a, b].flatMap((s) => jobLines(s, 'job dead-lettered', 'reconcile-calendar'));
    await until('the job to be given up on', () => dead().length > 0);
    // JOB_RETRY_LIMIT=2: the first run and two retries, each logged as failed.
    const failures = [a, b]
      .flatMap((s) => jobLines(s, 'job failed', 'reconcile-calendar'))
      .filter((line) => line.job.id === dead()[0]?.job.id);
    expect(failures.map((line) => line.job.attempt).sort()).toEqual([1, 2, 3]);
    expect(dead()[0]?.reason).toBeTruthy();
    const rows = await query(
      database.url as string,
      `select data->>'key' as key, output->>'message' as reason from pgboss.job where name = 'reconcile-calendar-dead'`,
    );
    expect(rows).toEqual([{ key: dead()[0]?.job.key, reason: dead()[0]?.reason }]);
    expect(warrantyDates(sandbox, AVERY, 'Toaster')).toEqual([]);
  });
});

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('background jobs on sqlite (in-process)', () => {
  let sandbox: Sandbox;
  const dirs: string[] = [];
  afterEach(async () => {
    await sandbox.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('redoes at restart the reconcile a crash cut off, once', async () => {
    sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-jobs-mail-')) });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-jobs-'));
    dirs.push(dataDir);
    const env = { SANDBOX: 'on', SANDBOX_URL: sandbox.url, SYNC_INTERVAL_MINUTES: '0' };
    const first = await startServer(dataDir, env);
    const headers = await signIn(first, 'google', AVERY);
    await until(
      'the sign-in reconcile',
      () => jobLines(first, 'job finished', 'reconcile-calendar').length > 0,
    );
    sandbox.fail({ match: '/calendar/v3/', method: 'POST', delayMs: 2_000, drop: true });
    await call(first, 'POST', '/api/v1/orders/create/', headers, {
      product_name: 'Espresso machine',
      purchase_date: '2026-02-01',
      warranty_expire_date: '2028-02-01',
    });
    await until('the event creation to start', () =>
      sandbox.requests().some((r) => r.method === 'POST' && r.path.includes('/calendar/v3/')),
    );
    first.child.kill('SIGKILL');
    await exited(first.child);

    const restarted = await startServer(dataDir, env);
    try {
      await until(
        'the redone run',
        () => jobLines(restarted, 'job finished', 'reconcile-calendar').length > 0,
      );
      expect(warrantyDates(sandbox, AVERY, 'Espresso machine')).toEqual(['2028-01-02']);
    } finally {
      restarted.child.kill('SIGTERM');
      await exited(restarted.child);
    }
  });

  it('keeps a job that fails every retry as dead, with its reason, until asked for again', async () => {
    sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-jobs-mail-')) });
    const logs: string[] = [];
    const t = await createTestApp('sqlite', {
      endpoints: sandboxEndpoints(sandbox),
      env: { JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' },
      logTo: { level: 'info', write: (line) => logs.push(line) },
    });
    try {
      const headers = {
        authorization: `Bearer ${(await signInThroughSandbox(t, 'google', AVERY)).access_token}`,
      };
      await t.app.reminders.idle();
      sandbox.fail({ match: '/calendar/v3/', method: 'POST', status: 400, times: 100 });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/create/',
        headers,
        payload: { product_name: 'Toaster', purchase_date: '2026-02-01', warranty_expire_date: '2028-02-01' },
      });
      const logged = (msg: string) =>
        logs
          .map((line) => JSON.parse(line))
          .filter((line) => line.msg === msg && line.job?.name === 'reconcile-calendar');
      await until('the job to be given up on', () => logged('job dead-lettered').length > 0);
      expect(logged('job failed').map((line) => line.job.attempt)).toEqual([1, 2]);
      const [row] = await t.handle.db.selectFrom('jobs').selectAll().execute();
      expect(row?.name).toBe('reconcile-calendar');
      expect(row?.dead_reason).toBe(logged('job dead-lettered')[0].reason);

      // A new change asks for it afresh: with the calendar back, it runs.
      sandbox.clearFaults();
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user-orders/update/${(await t.handle.db.selectFrom('orders').select('id').executeTakeFirstOrThrow()).id}/`,
        headers,
        payload: { warranty_expire_date: '2028-03-01' },
      });
      expect(edit.statusCode).toBe(200);
      await t.app.reminders.idle();
      expect(warrantyDates(sandbox, AVERY, 'Toaster')).toEqual(['2028-01-31']);
      expect(await t.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe.each(POSTGRES)('stopping the job queue on %s', () => {
  it('ends only when every job it took is finished and marked done, even one fetched as it stopped', async () => {
    const { dataDir, schema, handle } = await openFreshDatabase('postgres');
    await migrateToLatest(handle.db, handle.dialect, schema);
    const silent = { info: () => undefined, warn: () => undefined };
    const settings = { timeoutSeconds: 30, retryLimit: 0, retryDelaySeconds: 1, longestIntervalMs: 0 };
    try {
      // Each round stops the queue at another moment of a run: before its fetch, during it, during the run.
      for (const stopAfterMs of [0, 1, 5, 20, 150]) {
        const queue = await createPgBossQueue({ db: handle.db, log: silent, settings });
        const finished: string[] = [];
        queue.define('sync-mailbox', async (key) => {
          await new Promise((r) => setTimeout(r, 100));
          finished.push(key);
        });
        await queue.start();
        const key = `user-${stopAfterMs}`;
        await queue.send('sync-mailbox', key);
        await new Promise((r) => setTimeout(r, stopAfterMs));
        await queue.stop();
        const { rows } = await sql<{ state: string }>`
          select state from ${sql.id(bossSchemaFor(schema as string), 'job')}
          where name = 'sync-mailbox' and singleton_key = ${key}`.execute(handle.db);
        // Run and marked done, or left for the next start: never taken and left half-way.
        expect(rows.map((row) => row.state)).toEqual([finished.includes(key) ? 'completed' : 'created']);
      }
    } finally {
      await dropSchemas(handle.db, bossSchemaFor(schema as string), schema as string);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
