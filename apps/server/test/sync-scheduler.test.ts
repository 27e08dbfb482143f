import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncScheduler } from '../src/modules/mail-sync/mail-sync-scheduler';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { orderMail } from './mail-fixtures';
import { privateCluster } from './pg-cluster';
import { signInThroughSandbox } from './sandbox-sign-in';

const EMAIL = 'avery.quinn@example.com';
const order = (orderId: string, name: string) =>
  orderMail({ orderId, items: [{ name, price: '10.00' }], total: '10.00' });

describe.each(DIALECTS)('scheduled mailbox sync on %s', (dialect) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp | undefined;
  let cluster: Awaited<ReturnType<typeof privateCluster>> | undefined;
  let logs: string[];
  let headers: { authorization: string };

  async function start(options: { databaseUrl?: string } = {}) {
    sandbox = await startSandbox({
      mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
    });
    logs = [];
    const app = await createTestApp(dialect, {
      endpoints: sandboxEndpoints(sandbox),
      logTo: { level: 'info', write: (line) => logs.push(line) },
      ...options,
    });
    t = app;
    headers = { authorization: `Bearer ${(await signInThroughSandbox(app, 'google', EMAIL)).access_token}` };
    const scheduler = createSyncScheduler({
      syncEveryone: () => app.app.mailSync.syncEveryone(),
      log: app.app.log,
    });
    return { app, scheduler };
  }
  afterEach(async () => {
    await t?.close();
    t = undefined;
    cluster?.destroy();
    cluster = undefined;
    await sandbox.close();
  });

  const products = async (app: TestApp) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { product_name: string }[]).map((p) => p.product_name).sort();
  };
  const fetchesOf = (id: string) =>
    sandbox.requests().filter((r) => r.path.endsWith(`/messages/${id}`)).length;
  const logged = (text: string) => logs.filter((line) => line.includes(text)).map((line) => JSON.parse(line));

  it('never runs two passes at once, and leaves a user whose own sync is running to it', async () => {
    const { app, scheduler } = await start();
    const ids = [order('NW-1', 'Kettle'), order('NW-2', 'Toaster')].map(
      (raw) => sandbox.addMessage(EMAIL, raw).id,
    );
    sandbox.fail({ match: '/messages/', delayMs: 1500, times: 1 }); // keeps the first pass busy

    const first = scheduler.tick();
    const second = scheduler.tick();
    expect([first.started, second.started]).toEqual([true, false]);
    await Promise.all([first.done, second.done]);
    expect(ids.map(fetchesOf)).toEqual([1, 1]);
    expect(logged('this tick is skipped')).toHaveLength(1);
    expect(await products(app)).toEqual(['Kettle', 'Toaster']);

    // The user presses Sync; a tick during it neither waits for it nor reads the mailbox a second time.
    const later = sandbox.addMessage(EMAIL, order('NW-3', 'Blender')).id;
    sandbox.fail({ match: '/messages/', delayMs: 1500, times: 1 });
    let manualDone = false;
    const manual = app.app
      .inject({ method: 'GET', url: '/google-auth/google/sync/', headers })
      .finally(() => {
        manualDone = true;
      });
    for (let i = 0; i < 100; i++) {
      const lease = await app.handle.db.selectFrom('sync_leases').select('holder').executeTakeFirst();
      if (lease?.holder) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const during = scheduler.tick();
    expect(during.started).toBe(true);
    await during.done;
    expect(manualDone).toBe(false); // the pass did not wait for the user's sync
    expect((await manual).json()).toMatchObject({ created: 1 });
    expect(fetchesOf(later)).toBe(1);
  });

  it('logs a database that is down when the tick fires, and the next tick syncs', async () => {
    if (dialect === 'postgres') {
      cluster = await privateCluster();
      const { app, scheduler } = await start({ databaseUrl: cluster.url });
      sandbox.addMessage(EMAIL, order('NW-7', 'Kettle'));
      cluster.stop(); // synchronous: the event loop then sees the pool's idle connections drop
      await new Promise((r) => setTimeout(r, 500));
      await scheduler.tick().done; // resolves: nothing rejects, nothing crashes
      cluster.start();
      await expectLoggedThenRecovered(app, scheduler);
    } else {
      const { app, scheduler } = await start();
      sandbox.addMessage(EMAIL, order('NW-7', 'Kettle'));
      // Another writer holds SQLite's lock past the busy timeout: the SQLite form of "not answering".
      const locker = new SqliteDatabase(path.join(app.dataDir, 'warrantly.db'));
      locker.exec('BEGIN IMMEDIATE');
      try {
        await scheduler.tick().done;
      } finally {
        locker.exec('ROLLBACK');
        locker.close();
      }
      await expectLoggedThenRecovered(app, scheduler);
    }
  }, 60_000);

  async function expectLoggedThenRecovered(app: TestApp, scheduler: ReturnType<typeof createSyncScheduler>) {
    const failures = logged('the scheduled mailbox sync could not run');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 40, databaseDown: true });
    expect(await products(app)).toEqual([]);
    const next = scheduler.tick();
    expect(next.started).toBe(true);
    await next.done;
    expect(logged('the scheduled mailbox sync could not run')).toHaveLength(1);
    expect(await products(app)).toEqual(['Kettle']);
  }
});
