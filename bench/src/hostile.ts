/**
 * `npm run bench:hostile [-- --no-build] [-- --check] [-- --cpu-prof DIR]`: hostile mail and documents against the built
 * server, in its own process on SQLite, with the provider sandbox in another (issue #19, "Measure"). A Google mailbox
 * of 200 ordinary order e-mails and 7 poison messages is synced while another user's client calls
 * `/healthz` and the purchase list every 50 ms; then the two poison PDFs are uploaded 20 times at once.
 * Prints the sync's time and summary, each poison message's outcome and time, the other user's p50/p99
 * against the same figures with nothing running, the server's peak memory, and the targets met or missed.
 * `--check` exits 1 when a target is missed. Every wait has a limit and the whole run a deadline, so a
 * server that a poison message wedges is measured, killed and replaced, never waited on forever.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SyncSummary } from '@warrantly/contract/mail-sync';
import Database from 'better-sqlite3';
import { ROOT, type ServerProcess, startServerProcess } from '../../e2e/support/server';
import { giantPagePdf, inflationBombPdf, ordinaryOrders, poisonMessages } from './poison';
import { watchMemory } from './support/memory';
import { percentile, routeStats, type Sample, startPoller } from './support/poller';
import { startSandboxProcess } from './support/sandbox';
import { signInOverHttp } from './support/sign-in';

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
/** `--cpu-prof DIR`: the server writes a V8 CPU profile there when it stops (to find what holds it up). */
const profileDir = args.includes('--cpu-prof') ? args[args.indexOf('--cpu-prof') + 1] : undefined;
const PROFILE = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
const ORDINARY = 200;
const A_EMAIL = 'avery.quinn@example.com';
const B_EMAIL = 'jordan.lee@example.com';
const B_ROUTES = ['/healthz', '/api/v1/user-orders/'];
const BASELINE_MS = 10_000;
const SYNC_BUDGET_MS = 150_000;
const SECOND_SYNC_BUDGET_MS = 40_000;
const UPLOAD_BUDGET_MS = 90_000;
const UPLOADS = 20;
const POISON_LIMIT_MS = 10_000;
const RSS_LIMIT_MB = 300;
/** After the build: a run that has not finished by then is cut short, its server killed. */
const RUN_DEADLINE_MS = 5 * 60_000;

type Recorded = { path: string; at: string };
/**
 * A target of the issue, or an aim of ours (`aim`): printed alike, but only targets fail `--check`. The
 * issue sets the 2x latency target for the sync only; for the uploads it asks for the same figures.
 */
type Verdict = { name: string; met: boolean; detail: string; aim?: boolean };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${ms.toFixed(0)} ms`);

/**
 * The load this process makes (the uploads, reading the sandbox's log) runs at a lower priority, like the
 * sandbox: on a 2-core machine it would otherwise take the CPU the server is measured on, which clients
 * and providers on other machines do not. The other user's poller, forked at normal priority, keeps it.
 */
function asLoadGenerator(on: boolean): void {
  try {
    os.setPriority(on ? 19 : 0);
  } catch {
    // Not permitted here (raising priority back needs privileges): the figures then include its CPU.
  }
}

function build(): void {
  if (args.includes('--no-build')) return;
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
  console.log(`built the web app and the server in ${seconds(performance.now() - started)}`);
}

/** A call with a time limit: the answer's status and JSON, or status 0 and why there was none. */
async function call(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, body, ms: performance.now() - started };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      status: 0,
      body: timedOut ? `no answer within ${seconds(init.timeoutMs)}` : (error as Error).message,
      ms: performance.now() - started,
    };
  }
}

async function responsive(server: ServerProcess): Promise<boolean> {
  return (await call(`${server.url}/healthz`, { timeoutMs: 3000 })).status === 200;
}

/** The sandbox's request log, read over and over during the sync. */
function followSandbox(sandboxUrl: string) {
  let latest: Recorded[] = [];
  let stopped = false;
  const read = async () => {
    const res = await call(`${sandboxUrl}/__sandbox/requests`, { timeoutMs: 1000 });
    if (res.status === 200) latest = (res.body as { requests: Recorded[] }).requests;
  };
  const loop = (async () => {
    while (!stopped) {
      await read();
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop(): Promise<Recorded[]> {
      stopped = true;
      await loop;
      await read();
      return latest;
    },
  };
}

/**
 * Waits until the sandbox has seen no provider call for `quietMs` (the calendar reminders a sync's new
 * purchases set off), at most `capMs`; answers how long it waited. The uploads are then measured on their
 * own, not on the tail of the sync.
 */
async function untilProvidersQuiet(sandboxUrl: string, quietMs = 1500, capMs = 60_000): Promise<number> {
  const started = Date.now();
  let count = -1;
  let changedAt = started;
  while (Date.now() - started < capMs) {
    const res = await call(`${sandboxUrl}/__sandbox/requests`, { timeoutMs: 5000 });
    // The sandbox records this very poll too: only provider calls count.
    const recorded = (res.body as { requests?: Recorded[] } | null)?.requests;
    const now = recorded ? recorded.filter((r) => !r.path.startsWith('/__sandbox')).length : count;
    if (now !== count) {
      count = now;
      changedAt = Date.now();
    } else if (Date.now() - changedAt >= quietMs) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return Date.now() - started;
}

interface PoisonOutcome {
  name: string;
  outcome: string;
  /** From the fetch of its body to its outcome, or null when there was none. */
  ms: number | null;
  /** The figure is an upper bound (the page's commit) rather than the message's own log line. */
  bound: boolean;
  settled: boolean;
}

/**
 * Each poison message's fate: the server's quarantine record or processed-message row (read from its
 * SQLite file), its log line, and the time from the sandbox serving its body to that line (or, with no
 * line, to the commit of its page: an upper bound).
 */
function poisonOutcomes(
  server: ServerProcess,
  poison: { name: string; id: string }[],
  requests: Recorded[],
  phaseEnd: number,
): PoisonOutcome[] {
  const db = new Database(path.join(server.dataDir, 'warrantly.db'), { readonly: true, fileMustExist: true });
  try {
    const processed = db.prepare('select outcome, processed_at from processed_messages where message_id = ?');
    // The quarantine's table, whatever its name, once the server keeps one.
    const quarantineTables = (
      db.prepare("select name from sqlite_master where type = 'table' and name like '%quarantin%'").all() as {
        name: string;
      }[]
    )
      .map((t) => t.name)
      .filter((table) =>
        (db.prepare(`pragma table_info(${table})`).all() as { name: string }[]).some(
          (c) => c.name === 'message_id',
        ),
      );
    return poison.map(({ name, id }) => {
      const fetched = requests.find((r) => r.path.endsWith(`/messages/${id}`));
      const fetchedAt = fetched ? Date.parse(fetched.at) : null;
      const line = server.logs.find((l) => JSON.stringify(l).includes(id));
      const row = processed.get(id) as { outcome: string; processed_at: string } | undefined;
      const quarantined = quarantineTables
        .flatMap((table) => db.prepare(`select * from ${table} where message_id = ?`).all(id))
        .map((r) => r as Record<string, unknown>)[0];
      let outcome = 'no outcome; the sandbox did not see it fetched';
      if (quarantined) {
        const { reason, attempts } = quarantined;
        outcome = `quarantined: ${String(reason ?? '?')}${attempts === undefined ? '' : `, ${attempts} attempt(s)`}`;
      } else if (row) outcome = `${row.outcome}${line?.msg ? ` (${line.msg})` : ''}`;
      else if (line?.msg) outcome = `logged: ${line.msg}`;
      else if (fetchedAt !== null) outcome = 'fetched, no outcome yet';
      if (fetchedAt === null) return { name, outcome, ms: null, bound: false, settled: false };
      // Settled: recorded, or refused in the log (a fetch the server says it retries is not).
      const refused = line !== undefined && !/retries/.test(line.msg ?? '');
      if (!quarantined && !row && !refused)
        return { name, outcome, ms: phaseEnd - fetchedAt, bound: true, settled: false };
      const settledAt = line?.time ?? Date.parse((row as { processed_at: string }).processed_at);
      return { name, outcome, ms: settledAt - fetchedAt, bound: line === undefined, settled: true };
    });
  } finally {
    db.close();
  }
}

function latencyTable(samples: Sample[], windows: [string, number, number][]): string[] {
  const out = [
    `${'route'.padEnd(24)}${'phase'.padEnd(22)}${'calls'.padStart(7)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'no 2xx'.padStart(8)}`,
  ];
  for (const route of B_ROUTES) {
    for (const [label, from, to] of windows) {
      const s = routeStats(samples, route, from, to);
      out.push(
        `${route.padEnd(24)}${label.padEnd(22)}${String(s.calls).padStart(7)}${millis(s.p50).padStart(10)}${millis(s.p99).padStart(10)}${String(s.failed).padStart(8)}`,
      );
    }
  }
  return out;
}

/** B's worst route: p99 in `phase` over p99 with nothing running. */
function latencyVerdict(
  samples: Sample[],
  base: [number, number],
  phase: [number, number],
  label: string,
  aim = false,
): Verdict {
  const ratios = B_ROUTES.map((route) => {
    const without = routeStats(samples, route, ...base);
    const during = routeStats(samples, route, ...phase);
    return { route, without: without.p99, during: during.p99, failed: during.failed };
  });
  const worst = ratios.reduce((a, b) => (b.during / b.without > a.during / a.without ? b : a));
  const failed = ratios.reduce((n, r) => n + r.failed, 0);
  return {
    name: `other user's p99 ${label} <= 2x without`,
    met: failed === 0 && worst.during <= 2 * worst.without,
    detail: `${worst.route}: ${millis(worst.during)} vs ${millis(worst.without)}${failed ? `, ${failed} calls unanswered` : ''}`,
    aim,
  };
}

async function signInBoth(server: ServerProcess) {
  const a = await signInOverHttp(server.url, 'google', A_EMAIL);
  const b = await signInOverHttp(server.url, 'microsoft', B_EMAIL);
  return {
    a: { authorization: `Bearer ${a.access_token}` },
    b: { authorization: `Bearer ${b.access_token}` },
  };
}

/**
 * B's client calling its routes every 50 ms from a process of its own, forked at normal priority; this
 * process then goes back to generating load at a lower one.
 */
function pollAsB(server: ServerProcess, headers: Record<string, string>) {
  asLoadGenerator(false);
  const poller = startPoller({ url: server.url, routes: B_ROUTES, headers, intervalMs: 50, timeoutMs: 5000 });
  asLoadGenerator(true);
  return poller;
}

async function main(): Promise<number> {
  build();
  const runStart = Date.now();
  const remaining = () => runStart + RUN_DEADLINE_MS - Date.now();
  const servers: ServerProcess[] = [];
  // The safety net: whatever hangs, the servers die and the run ends shortly after the deadline.
  const killer = setTimeout(() => {
    console.error('\nbench:hostile: the run passed its deadline; killing the server');
    for (const s of servers) s.child.kill('SIGKILL');
    process.exit(2);
  }, RUN_DEADLINE_MS + 60_000);
  killer.unref();
  process.on('exit', () => {
    for (const s of servers) s.child.kill('SIGKILL');
  });

  const made = performance.now();
  const mailbox = mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-mailbox-'));
  const orders = ordinaryOrders(ORDINARY);
  mkdirSync(path.join(mailbox, 'orders'));
  for (const [i, order] of orders.entries())
    writeFileSync(path.join(mailbox, 'orders', `${String(i).padStart(3, '0')}.eml`), order.raw);
  const pdfs = { bomb: inflationBombPdf(), giantPage: giantPagePdf() };
  const poison = poisonMessages(pdfs);
  console.log(
    `mailbox: ${ORDINARY} order e-mails and ${poison.length} poison messages (${(poison.reduce((n, p) => n + p.raw.length, 0) / 1048576).toFixed(1)} MB), made in ${seconds(performance.now() - made)}`,
  );

  // The sandbox stands in for Google in a process of its own, so the server's memory and thread are the
  // server's alone, as they would be against the real Gmail.
  const sandbox = await startSandboxProcess({ SANDBOX_MAILBOX_DIR: mailbox });
  process.on('exit', () => void sandbox.stop());
  const env = { SANDBOX: 'on', SANDBOX_URL: sandbox.url, SYNC_INTERVAL_MINUTES: '0', LOG_LEVEL: 'info' };
  const startServer = async () => {
    const started = await startServerProcess(env, { requireBuilt: true, nodeArgs: PROFILE });
    servers.push(started);
    return started;
  };
  let server = await startServer();
  const sandboxUrl = server.sandboxUrl;
  if (sandboxUrl !== sandbox.url) throw new Error(`the server does not use the sandbox at ${sandbox.url}`);
  // The poison goes through the sandbox's control API, which answers each message's id.
  const poisonIds: { name: string; id: string }[] = [];
  for (const message of poison) {
    const res = await fetch(`${sandboxUrl}/__sandbox/messages/${A_EMAIL}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: message.raw,
    });
    if (res.status !== 201) throw new Error(`the sandbox refused ${message.name}: HTTP ${res.status}`);
    poisonIds.push({ name: message.name, id: ((await res.json()) as { id: string }).id });
  }
  let auth = await signInBoth(server);
  let poller = pollAsB(server, auth.b);
  const verdicts: Verdict[] = [];

  // 1. The other user's latency with nothing running.
  console.log(`measuring ${B_EMAIL}'s calls with nothing running (${seconds(BASELINE_MS)})`);
  const baseFrom = Date.now();
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  const baseTo = Date.now();

  // 2. A's sync while B's client keeps calling.
  await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
  const syncMemory = watchMemory(server.pid);
  const sandboxLog = followSandbox(sandboxUrl);
  const syncBudget = Math.min(SYNC_BUDGET_MS, remaining() - 120_000);
  console.log(`syncing ${A_EMAIL}'s mailbox (waiting ${seconds(syncBudget)} at most)`);
  const syncFrom = Date.now();
  const sync = await call(`${server.url}/google-auth/google/sync/`, {
    headers: auth.a,
    timeoutMs: syncBudget,
  });
  const syncTo = Date.now();
  const requests = await sandboxLog.stop();
  const syncPeak = syncMemory.serverPeakMb();
  const syncChildren = syncMemory.children();
  syncMemory.stop();
  const alive = await responsive(server);

  console.log(`\n== Sync of ${ORDINARY} order e-mails and ${poison.length} poison messages ==`);
  const summary = sync.status === 200 ? (sync.body as SyncSummary) : null;
  console.log(
    summary
      ? `answered 200 in ${seconds(sync.ms)}: scanned ${summary.scanned}, created ${summary.created}, updated ${summary.updated}, skipped ${summary.skipped}, errors ${summary.errors}`
      : `${sync.status ? `answered ${sync.status}` : 'no answer'} after ${seconds(sync.ms)}: ${JSON.stringify(sync.body).slice(0, 200)}`,
  );
  console.log(`server ${alive ? 'answers /healthz afterwards' : 'does NOT answer /healthz afterwards'}`);
  if (!alive) {
    const answered = (await poller.peek()).filter((c) => c.status === 200 && c.at >= syncFrom);
    const last = Math.max(syncFrom, ...answered.map((c) => c.at + c.ms));
    console.log(`it last answered ${B_EMAIL} ${seconds(last - syncFrom)} into the sync`);
  }

  const outcomes = poisonOutcomes(server, poisonIds, requests, syncTo);
  console.log(`\n${'poison message'.padEnd(22)}${'time'.padStart(10)}  outcome`);
  for (const o of outcomes) {
    const time = o.ms === null ? 'n/a' : `${o.bound ? (o.settled ? '<=' : '>') : ''}${seconds(o.ms)}`;
    console.log(`${o.name.padEnd(22)}${time.padStart(10)}  ${o.outcome}`);
  }
  const late = outcomes.filter((o) => !o.settled || (o.ms ?? Number.POSITIVE_INFINITY) > POISON_LIMIT_MS);
  verdicts.push({
    name: 'every poison message settled within 10 s',
    met: late.length === 0,
    detail: late.length ? `not: ${late.map((o) => o.name).join(', ')}` : 'all',
  });

  // Every ordinary order imported: counted through the API, or in the database when the server is wedged.
  const wanted = new Set(orders.map((o) => o.orderId));
  let imported: number;
  if (alive) {
    const list = await call(`${server.url}/api/v1/user-orders/`, { headers: auth.a, timeoutMs: 10_000 });
    imported = Array.isArray(list.body)
      ? (list.body as { order_id: string }[]).filter((p) => wanted.has(p.order_id)).length
      : 0;
  } else {
    const db = new Database(path.join(server.dataDir, 'warrantly.db'), { readonly: true });
    imported = (db.prepare('select order_id from orders').all() as { order_id: string }[]).filter((p) =>
      wanted.has(p.order_id),
    ).length;
    db.close();
  }
  verdicts.push({
    name: `every ordinary order imported (${ORDINARY})`,
    met: imported === ORDINARY,
    detail: `${imported} of ${ORDINARY}${alive ? '' : ' (read from the database)'}`,
  });
  verdicts.push({
    name: `server peak RSS during the sync <= ${RSS_LIMIT_MB} MB`,
    met: syncPeak <= RSS_LIMIT_MB,
    detail: `${syncPeak.toFixed(0)} MB${syncChildren.count ? `; ${syncChildren.count} worker process(es), peak ${syncChildren.peakMb.toFixed(0)} MB` : ''}`,
  });

  // A second sync must leave the poison alone.
  if (alive && summary && remaining() > 150_000) {
    await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
    const again = await call(`${server.url}/google-auth/google/sync/`, {
      headers: auth.a,
      timeoutMs: SECOND_SYNC_BUDGET_MS,
    });
    const log = (await call(`${sandboxUrl}/__sandbox/requests`, { timeoutMs: 5000 })).body as {
      requests?: Recorded[];
    };
    const touched = (log.requests ?? []).filter((r) => poisonIds.some((p) => r.path.includes(p.id))).length;
    const second = again.status === 200 ? (again.body as SyncSummary) : null;
    console.log(
      `\nsecond sync: ${second ? `${seconds(again.ms)}, scanned ${second.scanned}, created ${second.created}, errors ${second.errors}` : `answered ${again.status} after ${seconds(again.ms)}`}; ${touched} provider call(s) for poison messages`,
    );
    verdicts.push({
      name: 'a second sync does not touch the poison messages',
      met: again.status === 200 && touched === 0,
      detail: `${touched} call(s) for them${again.status === 200 ? '' : `, sync answered ${again.status}`}`,
    });
  } else {
    verdicts.push({
      name: 'a second sync does not touch the poison messages',
      met: false,
      detail: 'not run: the first sync did not finish',
    });
  }

  // 3. The poison PDFs uploaded 20 times at once, on a fresh server if the sync wedged this one.
  let samples: Sample[] = [];
  let uploadNote = '';
  if (!alive || !summary) {
    samples = await poller.stop();
    await server.stop(1000);
    server = await startServer();
    auth = await signInBoth(server);
    poller = pollAsB(server, auth.b);
    await new Promise((r) => setTimeout(r, 2000));
    uploadNote = ` (on a fresh server: the first one was ${alive ? 'still busy with the sync' : 'unresponsive'})`;
  }
  const waited = await untilProvidersQuiet(sandboxUrl);
  console.log(`\nwaited ${seconds(waited)} for the calendar reminders of the new purchases to be written`);
  console.log(`uploading the two poison PDFs ${UPLOADS} times at once`);
  const uploadMemory = watchMemory(server.pid);
  const uploadFrom = Date.now();
  const budget = Math.max(20_000, Math.min(UPLOAD_BUDGET_MS, remaining() - 20_000));
  const uploads = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => {
      const [name, bytes] = i % 2 === 0 ? ['inflates-2gb', pdfs.bomb] : ['giant-page', pdfs.giantPage];
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), `${name}.pdf`);
      return call(`${server.url}/api/v1/ai-order-extract/`, {
        method: 'POST',
        headers: auth.a,
        body: form,
        timeoutMs: budget,
      }).then((res) => ({ name, ...res }));
    }),
  );
  const uploadTo = Date.now();
  const uploadPeak = uploadMemory.serverPeakMb();
  const uploadChildren = uploadMemory.children();
  uploadMemory.stop();
  samples = [...samples, ...(await poller.stop())];

  console.log(`\n== ${UPLOADS} concurrent uploads of the two poison PDFs${uploadNote} ==`);
  const groups = new Map<string, number[]>();
  for (const u of uploads) {
    const message =
      typeof u.body === 'object' && u.body !== null && 'message' in u.body
        ? String((u.body as { message: unknown }).message)
        : Array.isArray(u.body)
          ? `${u.body.length} purchase(s)`
          : String(u.body).slice(0, 100);
    const key = `${u.name.padEnd(14)}${String(u.status || '-').padStart(4)}  ${message}`;
    groups.set(key, [...(groups.get(key) ?? []), u.ms]);
  }
  console.log(`${'file'.padEnd(14)}${'HTTP'.padStart(4)}  message  (count, time p50 / max)`);
  for (const [key, times] of groups)
    console.log(
      `${key}  (${times.length}, ${seconds(percentile(times, 50))} / ${seconds(Math.max(...times))})`,
    );
  // Refused with a reason, read within the caps, or 503 with Retry-After when the queue is full.
  const failed = uploads.filter((u) => u.status === 0 || (u.status >= 500 && u.status !== 503)).length;
  verdicts.push({
    name: 'every upload answered (no timeout, no 5xx but 503)',
    met: failed === 0,
    detail: `${failed} unanswered or failed; statuses ${[...new Set(uploads.map((u) => u.status))].join(', ')}`,
  });
  verdicts.push({
    name: `server peak RSS during the uploads <= ${RSS_LIMIT_MB} MB`,
    met: uploadPeak <= RSS_LIMIT_MB,
    detail: `${uploadPeak.toFixed(0)} MB${uploadChildren.count ? `; ${uploadChildren.count} worker process(es), peak ${uploadChildren.peakMb.toFixed(0)} MB` : ''}`,
  });

  console.log(`\n== The other user's calls (${B_EMAIL}, every 50 ms) ==`);
  const windows: [string, number, number][] = [
    ['nothing running', baseFrom, baseTo],
    ['during the sync', syncFrom, syncTo],
    ['during the uploads', uploadFrom, uploadTo],
  ];
  for (const line of latencyTable(samples, windows)) console.log(line);
  verdicts.splice(0, 0, latencyVerdict(samples, [baseFrom, baseTo], [syncFrom, syncTo], 'during the sync'));
  verdicts.push(
    latencyVerdict(samples, [baseFrom, baseTo], [uploadFrom, uploadTo], 'during the uploads', true),
  );

  console.log('\n== Targets (and our aims, which --check does not fail on) ==');
  for (const v of verdicts) {
    const mark = v.aim ? (v.met ? 'aim met' : 'aim missed') : v.met ? 'met' : 'MISSED';
    console.log(`${mark.padEnd(10)}  ${v.name}: ${v.detail}`);
  }
  for (const s of servers) await s.stop(3000);
  await sandbox.stop();
  rmSync(mailbox, { recursive: true, force: true });
  console.log(`\nwhole run ${seconds(Date.now() - runStart)} after the build`);
  return CHECK && verdicts.some((v) => !v.met && !v.aim) ? 1 : 0;
}

process.exitCode = await main();
process.exit();
