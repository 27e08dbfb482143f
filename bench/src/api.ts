/**
 * `npm run bench:api [-- --check] [-- --rows 10000,1000000]`: the purchases list and total-price
 * endpoints through the real stack, against floors in the same process: the same SQL run raw, and the
 * same bytes from memory; the conditional 304 against a bare 304. Prints req/s, p50, p99 and the ratios,
 * and the server's resident memory at idle. `--check` is a short run that fails when a ratio target fails.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { signAccessToken } from '../../apps/server/src/modules/auth/access-token';
import {
  listPurchasesQuery,
  sumByCurrencyQuery,
} from '../../apps/server/src/modules/purchases/purchases.repository';
import { createExtractionPool } from '../../apps/server/src/modules/receipts/reader/extraction-pool';
import { createFsBlobStore } from '../../apps/server/src/storage/fs-blob-store';
import { loadKeys } from '../../apps/server/src/storage/keys';
import { ROOT, type ServerProcess, startServerProcess } from '../../e2e/support/server';
import { procMemoryMb } from './support/memory';

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
const rowsArg = args
  .find((a, i) => args[i - 1] === '--rows' || a.startsWith('--rows='))
  ?.replace('--rows=', '');
const DURATION = CHECK ? 3 : 10;
const WARMUP = CHECK ? 1 : 3;
const USERS = 1000;
const MEASURED = 1000;

const NAMES = [
  'Dishwasher',
  'Espresso machine',
  'Laptop',
  'Desk chair',
  'Air purifier',
  'Headphones',
  'Router',
  'Blender',
  'Vacuum',
  'Monitor',
];
const SHOPS = ['Brightline Electronics', 'HomeCore Appliances', 'Harrow & Finch', null];
const PRICES = ['1,299.00', '€ 49,90', '89.99', '£249.00', 'USD 12', null];

/** A temporary database with `total` purchases among 1,000 users, 1,000 of them the measured user's. */
async function seed(total: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const handle = await openDatabase({ sqliteFile: path.join(dataDir, 'warrantly.db') });
  await migrateToLatest(handle.db, handle.dialect);
  const sqlite = handle.sqlite as NonNullable<typeof handle.sqlite>;
  const users = Array.from({ length: USERS }, () => randomUUID());
  const now = new Date().toISOString();
  const addUser = sqlite.prepare(
    "insert into users (id, email, name, provider, default_currency, warranty_reminder_days, created_at, updated_at) values (?, ?, ?, 'google', 'USD', 30, ?, ?)",
  );
  const addOrder = sqlite.prepare(
    `insert into orders (user_id, order_id, product_name, shop_name, purchase_date, price, amount_minor, currency, has_currency,
      warranty_expire_date, category, status, source, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'manual', 'manual', ?, ?)`,
  );
  sqlite.transaction(() => {
    for (const [i, id] of users.entries()) addUser.run(id, `user${i}@example.com`, `User ${i}`, now, now);
    for (let n = 0; n < total; n += 1) {
      const owner = n < MEASURED ? (users[0] as string) : (users[1 + (n % (USERS - 1))] as string);
      const day = new Date(Date.UTC(2021, 0, 1) + (n % 2000) * 86_400_000).toISOString().slice(0, 10);
      const price = PRICES[n % PRICES.length] ?? null;
      addOrder.run(
        owner,
        `WL-${n.toString(16).padStart(12, '0').toUpperCase()}`,
        `${NAMES[n % NAMES.length]} ${n}`,
        SHOPS[n % SHOPS.length] ?? null,
        day,
        price,
        price ? 1000 + (n % 100_000) : null,
        price ? (price.includes('€') ? 'EUR' : price.includes('£') ? 'GBP' : 'USD') : null,
        price && /[€£A-Z]/.test(price) ? 1 : 0,
        n % 3 === 0 ? null : `${2026 + (n % 3)}-0${1 + (n % 9)}-15`,
        n % 4 === 0 ? 'Computers' : null,
        now,
        now,
      );
    }
  })();
  sqlite.pragma('optimize');
  return { dataDir, handle, user: users[0] as string };
}

async function startApp(seeded: Awaited<ReturnType<typeof seed>>) {
  const config = loadConfig(
    { DATA_DIR: seeded.dataDir, NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', SANDBOX: 'off' },
    '/nonexistent/.env',
  );
  const keys = loadKeys(seeded.dataDir, 'bench-secret-bench-secret-bench-secret!');
  const extraction = createExtractionPool({ size: 1 });
  const app = await buildApp({
    config,
    db: seeded.handle.db,
    dialect: 'sqlite',
    blobs: createFsBlobStore(path.join(seeded.dataDir, 'blobs')),
    keys,
    endpoints: { google: null, microsoft: null, sandboxUrl: null },
    extraction,
    webDistDir: null,
  });
  const sqlite = seeded.handle.sqlite as NonNullable<typeof seeded.handle.sqlite>;

  // (b) The floor: the same SQL as the list, prepared once, rows straight to JSON; no auth, no layers.
  const listQuery = listPurchasesQuery(seeded.handle.db, seeded.user).compile();
  const listStatement = sqlite.prepare(listQuery.sql);
  const totalQuery = sumByCurrencyQuery(seeded.handle.db, seeded.user).compile();
  const totalStatement = sqlite.prepare(totalQuery.sql);
  const headers = { authorization: `Bearer ${signAccessToken(keys.signing, seeded.user)}` };
  const bytes: Record<string, string> = {};
  const config304 = { public: true };
  app.get('/floor/list', { config: config304 }, async (_req, reply) =>
    reply
      .type('application/json')
      .send(JSON.stringify(listStatement.all(...(listQuery.parameters as unknown[])))),
  );
  app.get('/floor/total', { config: config304 }, async (_req, reply) =>
    reply
      .type('application/json')
      .send(JSON.stringify(totalStatement.all(...(totalQuery.parameters as unknown[])))),
  );
  // (c) The physical floor: the real answer's bytes, from memory.
  app.get('/bytes/list', { config: config304 }, async (_req, reply) =>
    reply.type('application/json').send(bytes.list),
  );
  app.get('/bytes/total', { config: config304 }, async (_req, reply) =>
    reply.type('application/json').send(bytes.total),
  );
  // (d) A bare conditional answer.
  app.get('/bare/304', { config: config304 }, async (req, reply) =>
    req.headers['if-none-match'] === '"bench"'
      ? reply.code(304).send()
      : reply.header('etag', '"bench"').send('{}'),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const list = await fetch(`${address}/api/v1/user-orders/`, { headers });
  bytes.list = await list.text();
  const etag = list.headers.get('etag') as string;
  bytes.total = await (await fetch(`${address}/api/v1/user-orders/total-price/`, { headers })).text();
  return { app, address, headers, etag, listBytes: Buffer.byteLength(bytes.list), extraction };
}

interface Series {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

/** autocannon in a child process, so the load generator does not share the server's event loop. */
async function autocannonRun(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
) {
  const bin = path.join(ROOT, 'node_modules/.bin/autocannon');
  const flags = [
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, flags, { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`))));
  });
  return JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  };
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections = 50,
  duration = DURATION,
): Promise<Series> {
  await autocannonRun(url, connections, WARMUP, headers);
  const r = await autocannonRun(url, connections, duration, headers);
  if (r.non2xx > 0 && !name.includes('304')) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const row = (s: Series) =>
  `${s.name.padEnd(42)}${s.rps.toFixed(0).padStart(9)}${`${s.p50} ms`.padStart(10)}${`${s.p99} ms`.padStart(10)}`;

/** Resident memory of the real server process at idle, sandbox off. */
async function idleServerRss(): Promise<number | null> {
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess({ SANDBOX: 'off' });
    await new Promise((r) => setTimeout(r, 2000));
    return procMemoryMb(server.pid, 'VmRSS');
  } catch {
    return null;
  } finally {
    await server?.stop();
  }
}

async function main(): Promise<number> {
  const seeded = await seed(100_000);
  const server = await startApp(seeded);
  const { address, headers, etag } = server;
  const results: Series[] = [];
  const conditional = { ...headers, 'if-none-match': etag };
  const best = async (name: string, url: string, h: Record<string, string>, connections = 50) => {
    const runs = CHECK
      ? [await measure(name, url, h, connections), await measure(name, url, h, connections)]
      : [await measure(name, url, h, connections)];
    return runs.sort((a, b) => b.rps - a.rps)[0] as Series;
  };
  results.push(await best('list, real (50 conn)', `${address}/api/v1/user-orders/`, headers));
  results.push(await best('list, floor: raw SQL + JSON (50 conn)', `${address}/floor/list`, headers));
  if (!CHECK) {
    results.push(await best('list, bytes from memory (50 conn)', `${address}/bytes/list`, headers));
    results.push(await best('list, real (10 conn)', `${address}/api/v1/user-orders/`, headers, 10));
  }
  results.push(await best('list 304, real (50 conn)', `${address}/api/v1/user-orders/`, conditional));
  results.push(
    await best('bare 304 from memory (50 conn)', `${address}/bare/304`, { 'if-none-match': '"bench"' }),
  );
  results.push(
    await best('total-price, real (50 conn)', `${address}/api/v1/user-orders/total-price/`, headers),
  );
  results.push(await best('total-price, floor (50 conn)', `${address}/floor/total`, headers));
  if (!CHECK) {
    results.push(await best('total-price, bytes from memory (50 conn)', `${address}/bytes/total`, headers));
  }
  const get = (name: string) => results.find((r) => r.name === name) as Series;

  console.log(
    `\nOne user's ${MEASURED} purchases among 100,000 rows of ${USERS} users, SQLite; list answer ${(server.listBytes / 1024).toFixed(0)} KB`,
  );
  console.log(`${'series'.padEnd(42)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}`);
  for (const r of results) console.log(row(r));
  const ratios: [string, number, number][] = [
    [
      'real/floor (list)',
      get('list, real (50 conn)').rps / get('list, floor: raw SQL + JSON (50 conn)').rps,
      0.8,
    ],
    ['304/bare-304', get('list 304, real (50 conn)').rps / get('bare 304 from memory (50 conn)').rps, 0.7],
    [
      'real/floor (total-price)',
      get('total-price, real (50 conn)').rps / get('total-price, floor (50 conn)').rps,
      0.8,
    ],
  ];
  if (!CHECK) {
    ratios.push([
      'real/bytes-from-memory (list)',
      get('list, real (50 conn)').rps / get('list, bytes from memory (50 conn)').rps,
      0,
    ]);
    ratios.push([
      'real/bytes-from-memory (total-price)',
      get('total-price, real (50 conn)').rps / get('total-price, bytes from memory (50 conn)').rps,
      0,
    ]);
  }
  console.log('');
  // --check guards against regressions: it fails below the floor recorded in bench/api-floor.json (what
  // this code reaches on this machine kind, with margin for a busy CI machine), not below the targets.
  const floor = JSON.parse(readFileSync(path.join(ROOT, 'bench/api-floor.json'), 'utf8')) as Record<
    string,
    number
  >;
  let failed = false;
  for (const [name, value, target] of ratios) {
    const verdict =
      target === 0
        ? ''
        : value >= target
          ? `  (target >= ${target}: met)`
          : `  (target >= ${target}: MISSED)`;
    const min = floor[name];
    if (min !== undefined && value < min) {
      failed = true;
      console.log(`${name.padEnd(40)}${value.toFixed(2)}${verdict}  BELOW THE RECORDED FLOOR ${min}`);
    } else {
      console.log(`${name.padEnd(40)}${value.toFixed(2)}${verdict}`);
    }
  }
  if (!CHECK) {
    const p99 = (name: string, limit: number) => {
      const s = get(name);
      console.log(
        `${`p99 ${name}`.padEnd(56)}${`${s.p99} ms`.padStart(8)}  (target < ${limit} ms: ${s.p99 < limit ? 'met' : 'MISSED'})`,
      );
    };
    p99('list 304, real (50 conn)', 25);
    p99('total-price, real (50 conn)', 25);
    p99('list, real (10 conn)', 25);
    console.log(
      `${'p99 list, real (50 conn), for the record'.padEnd(56)}${`${get('list, real (50 conn)').p99} ms`.padStart(8)}`,
    );
  }
  await server.app.close();
  await server.extraction.close();
  await seeded.handle.close();
  rmSync(seeded.dataDir, { recursive: true, force: true });

  if (rowsArg) {
    const sizes = rowsArg
      .split(',')
      .map(Number)
      .filter((n) => n >= MEASURED);
    const latencies: [number, number][] = [];
    console.log('\nlist latency by table size (10 connections)');
    for (const size of sizes) {
      const s = await seed(size);
      const srv = await startApp(s);
      const m = await measure(
        `list at ${size} rows`,
        `${srv.address}/api/v1/user-orders/`,
        srv.headers,
        10,
        5,
      );
      console.log(
        `${String(size).padStart(9)} rows: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps.toFixed(0)} req/s`,
      );
      latencies.push([size, m.p50]);
      await srv.app.close();
      await srv.extraction.close();
      await s.handle.close();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    if (latencies.length >= 2) {
      const [small, large] = [
        latencies[0] as [number, number],
        latencies[latencies.length - 1] as [number, number],
      ];
      console.log(
        `p50 at ${large[0]} rows / at ${small[0]} rows: ${(large[1] / small[1]).toFixed(2)} (target <= 1.2)`,
      );
    }
  }

  if (!CHECK) {
    const rss = await idleServerRss();
    console.log(
      `\nserver resident memory at idle after start-up, sandbox off: ${rss === null ? 'n/a' : `${rss.toFixed(0)} MB`} (target <= 80 MB)`,
    );
    console.log(
      `benchmark process resident memory after the run: ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    );
  }
  if (CHECK && failed) {
    console.error('\nbench:api --check: a ratio fell below the recorded floor');
    return 1;
  }
  return 0;
}

process.exitCode = await main();
