/**
 * `npm run bench:api [-- --check] [-- --pg] [-- --rows 10000,1000000] [-- --no-build]`: the purchases
 * endpoints of the real server, black-box, against bare floors, three processes apart:
 *
 * - the real server (the built apps/server/dist/server.js, sandbox off) in its own process, on a database
 *   seeded beforehand: one user with 1,000 purchases among 100,000 rows of 1,000 users;
 * - the floor: bare-server.ts, a bare Node `http` server in a process of its own answering the bytes and
 *   headers the real server answered (identity, gzip and br, and its 304), from memory;
 * - the load: autocannon in a third process.
 *
 * Each series runs on the real server, then at once on the floor. Prints req/s, p50 and p99 of both and
 * the ratio; the first page's latency read from the database as the table grows (`--rows`, default
 * 10,000 and 1,000,000; `--rows none` skips it); and the server's resident memory at idle after start-up.
 * `--pg` (or DATABASE_URL naming a PostgreSQL server) runs the same on PostgreSQL, in a scratch database
 * it creates and drops. `--check` is CI's short run: it fails when a ratio falls below the floor
 * bench/api-floor.json records, and skips the bare Fastify floor, which no floor is about. `--no-build`
 * measures apps/server/dist as it is. `--only NAME` runs the series whose name starts with NAME;
 * `--cpu-prof DIR` has the measured server write a V8 CPU profile there.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken } from '../../apps/server/src/modules/auth/access-token';
import { loadKeys } from '../../apps/server/src/storage/keys';
import { ROOT, type ServerProcess, startServerProcess } from '../../e2e/support/server';
import { MEASURED, scratchPostgres, seed, USERS } from './support/api-seed';
import { LIST, PAGE, SERIES, type SeriesSpec, TOTALS } from './support/api-series';
import {
  type BareServer,
  captureRoute,
  encodingOf,
  rawGet,
  startBareServer,
  verifyBareServer,
} from './support/bare-floor';
import type { BareRoute } from './support/bare-routes';
import { expectAnswers, type MeasuredLoad, measuredLoadRun } from './support/load';
import { procMemoryMb } from './support/memory';

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
/** `--name value` or `--name=value`. */
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}
const PG_SERVER = args.includes('--pg')
  ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  : process.env.DATABASE_URL;
const DIALECT: 'sqlite' | 'postgres' = PG_SERVER ? 'postgres' : 'sqlite';
/** Table sizes of the scale series: `--rows 10000,1000000` (the default of a full run), `--rows none`. */
const SIZES = (() => {
  const given = option('--rows') ?? (CHECK ? 'none' : '10000,1000000');
  if (given === 'none') return [];
  const sizes = given.split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < MEASURED))
    throw new Error(
      `--rows takes a comma list of table sizes of at least ${MEASURED} rows, or none; not ${given}`,
    );
  return sizes;
})();
const ONLY = option('--only');
const PROFILE_DIR = option('--cpu-prof');
/** The server's log level: a user's default (`info`) unless asked otherwise. */
const LOG_LEVEL = option('--log-level') ?? 'info';
const DURATION = CHECK ? 3 : 10;
const WARMUP = CHECK ? 1 : 3;
const ROWS = 100_000;
const SECRET = 'bench-api-secret-bench-api-secret-bench-api';
/** JSON answers larger than this are sent compressed to a client that accepts it. */
const COMPRESS_ABOVE = 1024;

/** The real server on a seeded database, and a fresh access token for the measured user. */
interface Real {
  server: ServerProcess;
  token(): Record<string, string>;
  startRssMb: number | null;
}

/** Seeds `rows` rows, starts the built server on them, runs `work`, and removes everything after. */
async function withRealServer<T>(
  rows: number,
  work: (real: Real) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const scratch = PG_SERVER ? await scratchPostgres(PG_SERVER) : null;
  let server: ServerProcess | null = null;
  try {
    const user = await seed({ dataDir, url: scratch?.url }, rows);
    server = await startServerProcess(
      {
        SANDBOX: 'off',
        APP_SECRET: SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL,
        SYNC_INTERVAL_MINUTES: '0',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...env,
      },
      {
        requireBuilt: true,
        nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
        // Read as a log shipper reads them: parsing each line here would take this small machine's CPU
        // from the server in proportion to its request rate, and from it only, not from the floors.
        discardLogs: true,
      },
    );
    await new Promise((r) => setTimeout(r, 2000));
    const startRssMb = procMemoryMb(server.pid, 'VmRSS');
    const signing = loadKeys(dataDir, SECRET).signing;
    // Signed afresh for each series: an access token lives 15 minutes, a whole run longer.
    const token = () => ({ authorization: `Bearer ${signAccessToken(signing, user)}` });
    return await work({ server, token, startRssMb });
  } finally {
    await server?.stop();
    await scratch?.drop();
  }
}

/** --check runs only what its floors and p99 targets need. */
const CHECK_SERIES = new Set([
  'list, 10 conn',
  'list gzip, 10 conn',
  'first page of 6, 50 conn',
  'totals, 50 conn',
  '304 list, 50 conn',
]);

interface Measured {
  spec: SeriesSpec;
  real: MeasuredLoad;
  /** The bare Node floor, and the bare Fastify one (not run under --check: no floor is about it). */
  node: MeasuredLoad;
  fastify: MeasuredLoad | null;
  /** What the real server sent for this series' request, e.g. `gzip`, `identity (no gzip)`. */
  sent: string;
}

/** Warm-up, then the measured run; a 200 series must answer 200s only, a 304 series 304s only. */
async function measure(
  url: string,
  spec: SeriesSpec,
  headers: Record<string, string>,
  seconds = DURATION,
  pid?: number,
): Promise<MeasuredLoad> {
  const r = await measuredLoadRun(url, spec.connections, WARMUP, seconds, headers, pid);
  expectAnswers(spec.name, url, spec.conditional === true, r);
  return r;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

/** One line about an answer: its size in each encoding the server used, and whether it is a page. */
function describe(route: BareRoute & { encodings: string[] }): string {
  const sizes = route.encodings.map((e) => `${e} ${kb(route.variants[e as 'identity'].body.length)}`);
  let shape = '';
  try {
    const body = JSON.parse(route.variants.identity.body.toString('utf8')) as unknown;
    if (Array.isArray(body)) shape = `, an array of ${body.length}`;
    else if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items))
      shape = `, a page of ${(body as { items: unknown[] }).items.length} of ${(body as { total?: number }).total}`;
  } catch {
    shape = ', not JSON';
  }
  // JSON over 1 KB is to be compressed when the client accepts it (issue #22); smaller answers need not be.
  const large = route.variants.identity.body.length > COMPRESS_ABOVE;
  const missing = large ? ['gzip', 'br'].filter((e) => !route.encodings.includes(e)) : [];
  return `${route.path}: ${sizes.join(', ')}${shape}${missing.length ? ` (no ${missing.join(', no ')})` : ''}${route.notModified ? '' : ' (no 304)'}`;
}

/** The main series: capture, the two floors, then each series on the real server, then on each floor. */
async function mainSeries(): Promise<{ measured: Measured[]; rss: (number | null)[] }> {
  return withRealServer(ROWS, async (real) => {
    const routes = new Map<string, BareRoute & { encodings: string[] }>();
    for (const p of [LIST, PAGE, TOTALS]) routes.set(p, await captureRoute(real.server.url, p, real.token()));
    console.log(
      `\n${DIALECT === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: one user's ${MEASURED.toLocaleString('en')} purchases among ${ROWS.toLocaleString('en')} rows of ${USERS.toLocaleString('en')} users`,
    );
    for (const route of routes.values()) console.log(`  ${describe(route)}`);
    const floors: BareServer[] = [];
    const measured: Measured[] = [];
    try {
      for (const kind of CHECK ? (['node'] as const) : (['node', 'fastify'] as const)) {
        floors.push(await startBareServer([...routes.values()], kind));
      }
      const [node, fastify] = floors as [BareServer, BareServer | undefined];
      for (const floor of floors) await verifyBareServer(floor.url, [...routes.values()]);
      for (const spec of SERIES) {
        if (CHECK && !CHECK_SERIES.has(spec.name)) continue;
        if (ONLY && !spec.name.startsWith(ONLY)) continue;
        const route = routes.get(spec.path) as BareRoute & { encodings: string[] };
        if (spec.conditional && !route.notModified) {
          console.log(`  ${spec.name}: skipped, the server answered no 304 to its own ETag`);
          continue;
        }
        const headers: Record<string, string> = {
          ...spec.headers,
          ...(spec.conditional ? { 'if-none-match': route.etag as string } : {}),
        };
        let sent = '304';
        if (!spec.conditional) {
          const answer = await rawGet(`${real.server.url}${spec.path}`, { ...real.token(), ...headers });
          const asked = headers['accept-encoding'];
          sent = encodingOf(answer);
          if (asked && sent === 'identity')
            sent += answer.body.length > COMPRESS_ABOVE ? ` (no ${asked.split(',')[0]})` : ' (< 1 KB)';
        }
        // Under --check, the best of two runs of each: a busy CI machine slows one run, seldom both.
        const runs: { real: MeasuredLoad; node: MeasuredLoad; fastify: MeasuredLoad | null }[] = [];
        for (let i = 0; i < (CHECK ? 2 : 1); i += 1) {
          const run = (url: string, pid: number) =>
            measure(`${url}${spec.path}`, spec, { ...real.token(), ...headers }, DURATION, pid);
          const r = await run(real.server.url, real.server.pid);
          const n = await run(node.url, node.pid);
          runs.push({ real: r, node: n, fastify: fastify ? await run(fastify.url, fastify.pid) : null });
        }
        const best = (of: 'real' | 'node') =>
          runs.map((r) => r[of]).reduce((a, b) => (a.rps >= b.rps ? a : b));
        const fastifies = runs.flatMap((r) => (r.fastify ? [r.fastify] : []));
        measured.push({
          spec,
          sent,
          real: best('real'),
          node: best('node'),
          fastify: fastifies.length ? fastifies.reduce((a, b) => (a.rps >= b.rps ? a : b)) : null,
        });
        process.stdout.write('.');
      }
    } finally {
      for (const floor of floors) await floor.stop();
    }
    process.stdout.write('\n');
    return { measured, rss: [real.startRssMb, procMemoryMb(real.server.pid, 'VmRSS')] };
  });
}

const num = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (r: MeasuredLoad) => (r.cpuUs === null ? 'n/a' : `${r.cpuUs.toFixed(0)} us`).padStart(9);

/**
 * Prints the table and the targets; answers the ratios to the bare Node floor, which the targets and
 * --check's recorded floors are about. CPU per request is the server process's own CPU time (all its
 * threads) over the requests it answered: steadier than req/s on a machine running other work.
 */
function report(measured: Measured[]): Map<string, number> {
  const ratios = new Map<string, number>();
  console.log(
    `\n${''.padEnd(44)}${'Warrantly'.padEnd(34)}${'bare Node'.padEnd(17)}${'bare Fastify'.padEnd(17)}req/s ratio to`,
  );
  console.log(
    `${'series'.padEnd(26)}${'sent'.padEnd(18)}${'   req/s     p50      p99  CPU/req'.padEnd(34)}${'   req/s  CPU/req'.padEnd(17)}${'   req/s  CPU/req'.padEnd(17)}  Node Fastify`,
  );
  for (const m of measured) {
    const ratio = m.real.rps / m.node.rps;
    ratios.set(m.spec.name, ratio);
    console.log(
      `${m.spec.name.padEnd(26)}${m.sent.padEnd(18)}${num(m.real.rps).padStart(8)}${`${m.real.p50} ms`.padStart(8)}${`${m.real.p99} ms`.padStart(9)}${cpu(m.real)}` +
        `${num(m.node.rps).padStart(8)}${cpu(m.node)}` +
        (m.fastify
          ? `${num(m.fastify.rps).padStart(8)}${cpu(m.fastify)}`
          : `${'n/a'.padStart(8)}${'n/a'.padStart(9)}`) +
        `${ratio.toFixed(2).padStart(6)}${(m.fastify ? (m.real.rps / m.fastify.rps).toFixed(2) : 'n/a').padStart(8)}`,
    );
  }
  // What of the gap to the bare Node floor the framework explains: Fastify's CPU per request over Node's.
  const framework = measured.filter((m) => m.real.cpuUs && m.node.cpuUs && m.fastify?.cpuUs);
  if (framework.length > 0) {
    console.log(
      "\nCPU per request beyond the bare Node floor: the framework's share (bare Fastify) and ours",
    );
    for (const m of framework) {
      const gap = (m.real.cpuUs as number) - (m.node.cpuUs as number);
      const fastify = (m.fastify?.cpuUs as number) - (m.node.cpuUs as number);
      const share = gap > 0 ? ` (${Math.round((100 * fastify) / gap)} % of the gap)` : '';
      console.log(
        `  ${m.spec.name.padEnd(26)}${`${gap.toFixed(0)} us`.padStart(8)} beyond Node: Fastify ${fastify.toFixed(0)} us${share}, Warrantly's own ${(gap - fastify).toFixed(0)} us`,
      );
    }
  }
  console.log('\ntargets');
  for (const m of measured) {
    for (const target of m.spec.targets ?? []) {
      if ('ratio' in target) {
        const value = ratios.get(m.spec.name) as number;
        const verdict = value >= target.ratio ? 'met' : 'MISSED';
        console.log(
          `  ${`${m.spec.name}: req/s vs the bare Node floor`.padEnd(52)}${value.toFixed(2).padStart(7)}  (>= ${target.ratio}: ${verdict})`,
        );
      } else {
        const verdict = m.real.p99 < target.p99 ? 'met' : 'MISSED';
        console.log(
          `  ${`${m.spec.name}: p99`.padEnd(52)}${`${m.real.p99} ms`.padStart(7)}  (< ${target.p99} ms: ${verdict})`,
        );
      }
    }
  }
  return ratios;
}

/**
 * The first page's and the list's latency as the table grows, the measured user keeping 1,000 purchases,
 * read from the database every time (READ_CACHE_MB=0: from the cache, the table's size could not show):
 * mean latency over one connection (1 / its req/s, finer than autocannon's whole-ms percentiles), and the
 * first page's p99 at 50 connections.
 */
async function scaleSeries(): Promise<void> {
  if (SIZES.length === 0) return;
  console.log(
    '\nlatency as the table grows: the measured user keeps 1,000 purchases; read cache off (READ_CACHE_MB=0)',
  );
  const rows: { size: number; page: number; list: number; p99: number }[] = [];
  for (const size of SIZES) {
    console.log(`  seeding ${size.toLocaleString('en')} rows`);
    const row = await withRealServer(
      size,
      async (real) => {
        const h = real.token();
        const one = (p: string) => ({ name: p, path: p, connections: 1, headers: {} });
        const page = await measure(`${real.server.url}${PAGE}`, one(PAGE), h, 5);
        const list = await measure(`${real.server.url}${LIST}`, one(LIST), h, 5);
        const busy = await measure(`${real.server.url}${PAGE}`, { ...one(PAGE), connections: 50 }, h, 5);
        return { size, page: 1000 / page.rps, list: 1000 / list.rps, p99: busy.p99 };
      },
      { READ_CACHE_MB: '0' },
    );
    rows.push(row);
    console.log(
      `  ${`${row.size.toLocaleString('en')} rows`.padStart(16)}: first page ${row.page.toFixed(2)} ms, list ${row.list.toFixed(2)} ms (mean, 1 connection); first page p99 ${row.p99} ms at 50 connections`,
    );
  }
  const small = rows[0];
  const large = rows[rows.length - 1];
  if (small && large && large !== small) {
    const ratio = large.page / small.page;
    console.log(
      `  first page at ${large.size.toLocaleString('en')} rows / at ${small.size.toLocaleString('en')} rows: ${ratio.toFixed(2)} (target <= 1.2: ${ratio <= 1.2 ? 'met' : 'MISSED'}); the list: ${(large.list / small.list).toFixed(2)}`,
    );
  }
}

/** Resident memory of a server started on an empty data folder (and database), sandbox off, after 2 s idle. */
async function idleServerRss(): Promise<number | null> {
  const scratch = PG_SERVER ? await scratchPostgres(PG_SERVER) : null;
  try {
    const server = await startServerProcess(
      {
        SANDBOX: 'off',
        LOG_LEVEL,
        SYNC_INTERVAL_MINUTES: '0',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      { requireBuilt: true },
    );
    try {
      await new Promise((r) => setTimeout(r, 2000));
      return procMemoryMb(server.pid, 'VmRSS');
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
  }
}

/**
 * --check: each ratio against the floor bench/api-floor.json records for this database (what the server
 * reaches, less a margin for a busy CI machine: a regression guard, not the targets). Answers the failures.
 */
function belowFloors(ratios: Map<string, number>): string[] {
  const floors = JSON.parse(readFileSync(path.join(ROOT, 'bench/api-floor.json'), 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  const failed: string[] = [];
  console.log('\nrecorded floors (bench/api-floor.json)');
  for (const [name, floor] of Object.entries(floors[DIALECT] ?? {})) {
    const value = ratios.get(name);
    const verdict = value === undefined ? 'not measured' : value >= floor ? 'held' : 'BELOW THE FLOOR';
    console.log(
      `  ${name.padEnd(52)}${(value?.toFixed(2) ?? '-').padStart(7)}  (floor ${floor}: ${verdict})`,
    );
    if (verdict !== 'held') failed.push(`${name}: ${verdict}`);
  }
  return failed;
}

async function main(): Promise<number> {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('npm run build -w apps/server failed');
  }
  const { measured, rss } = await mainSeries();
  const ratios = report(measured);
  const [atStart, afterLoad] = rss.map((mb) => (mb === null ? 'n/a' : `${mb.toFixed(0)} MB`));
  console.log(
    `\nthe measured server's resident memory: ${atStart} after start-up, ${afterLoad} after the series`,
  );
  await scaleSeries();
  if (!CHECK) {
    const idle = await idleServerRss();
    console.log(
      `\nserver resident memory at idle after start-up on an empty ${DIALECT === 'sqlite' ? 'data folder' : 'database'}, sandbox off: ${idle === null ? 'n/a' : `${idle.toFixed(0)} MB`} (target <= 80 MB)`,
    );
  }
  console.log(
    '\nfigures from a machine running other work are noisy: compare ratios taken in one run, not runs.',
  );
  if (!CHECK) return 0;
  const failed = belowFloors(ratios);
  for (const line of failed) console.error(`bench:api --check: ${line}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
