/**
 * The data `bench:api` measures: 1,000 users, one of them (the measured user) with 1,000 purchases, the
 * rest of `total` rows spread over the others. Written straight into the database (SQLite file or a
 * PostgreSQL database) before the server starts, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../../apps/server/src/db/database';
import { migrateToLatest } from '../../../apps/server/src/db/migrate';
import type { Database } from '../../../apps/server/src/db/schema';

export const USERS = 1000;
export const MEASURED = 1000;

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

/** Where the seeded data lives: a SQLite file in `dataDir`, or the PostgreSQL database at `url`. */
export type SeedTarget = { dataDir: string; url?: string | undefined };

type OrderRow = [
  user_id: string,
  order_id: string,
  product_name: string,
  shop_name: string | null,
  purchase_date: string,
  price: string | null,
  amount_minor: number | null,
  currency: string | null,
  has_currency: number,
  warranty_expire_date: string | null,
  category: string | null,
];

/** Row `n`: the first MEASURED rows are the measured user's, the rest go round the other users. */
function orderRow(n: number, users: string[]): OrderRow {
  const owner = n < MEASURED ? (users[0] as string) : (users[1 + (n % (USERS - 1))] as string);
  const day = new Date(Date.UTC(2021, 0, 1) + (n % 2000) * 86_400_000).toISOString().slice(0, 10);
  const price = PRICES[n % PRICES.length] ?? null;
  return [
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
  ];
}

const ORDER_COLUMNS =
  'user_id, order_id, product_name, shop_name, purchase_date, price, amount_minor, currency, has_currency, warranty_expire_date, category';
const PG_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'int8', 'text', 'int4', 'text', 'text'];

/** Rows `0..total-1` made by `row`, into PostgreSQL in `unnest` batches of 10,000. */
async function insertOrdersPg(
  trx: Kysely<Database>,
  total: number,
  row: (n: number) => OrderRow,
  now: string,
  report: (done: number) => void = () => {},
): Promise<void> {
  const batch = 10_000;
  for (let start = 0; start < total; start += batch) {
    const rows = Array.from({ length: Math.min(batch, total - start) }, (_, i) => row(start + i));
    const columns = PG_TYPES.map((type, c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(type)}[]`);
    await sql`insert into orders (${sql.raw(ORDER_COLUMNS)}, status, source, created_at, updated_at)
      select *, 'manual', 'manual', ${now}, ${now} from unnest(${sql.join(columns)})`.execute(trx);
    report(start + rows.length);
  }
}

/**
 * bench:load's measured user, as bench:api's: a user with MEASURED purchases written straight into a
 * running deployment's PostgreSQL database at `url` (no provider account, so no calendar follows them).
 * Answers the user's id.
 */
export async function seedMeasuredUser(url: string): Promise<string> {
  const handle = await openDatabase({ url });
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          email: `measured-${id}@example.com`,
          name: 'Measured user',
          provider: 'google',
          default_currency: 'USD',
          warranty_reminder_days: 30,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await insertOrdersPg(trx, MEASURED, (n) => orderRow(n, [id]), now);
    });
    return id;
  } finally {
    await handle.close();
  }
}

/** Prints how far a long seed has got, at most every few seconds. */
function progress(total: number) {
  let last = Date.now();
  let shown = 0;
  const started = last;
  return (done: number) => {
    if (total < 200_000 || done === shown || (Date.now() - last < 5000 && done < total)) return;
    last = Date.now();
    shown = done;
    const seconds = ((last - started) / 1000).toFixed(0);
    console.log(`  seeded ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows (${seconds} s)`);
  };
}

/**
 * Migrates the database and writes the users and `total` purchases; answers the measured user's id.
 * SQLite: one transaction of prepared inserts. PostgreSQL: one transaction of `unnest` batches.
 */
export async function seed(target: SeedTarget, total: number): Promise<string> {
  const handle = await openDatabase({
    url: target.url,
    sqliteFile: path.join(target.dataDir, 'warrantly.db'),
  });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const users = Array.from({ length: USERS }, () => randomUUID());
    const now = new Date().toISOString();
    const report = progress(total);
    const sqlite = handle.sqlite;
    if (sqlite) {
      const addUser = sqlite.prepare(
        "insert into users (id, email, name, provider, default_currency, warranty_reminder_days, created_at, updated_at) values (?, ?, ?, 'google', 'USD', 30, ?, ?)",
      );
      const addOrder = sqlite.prepare(
        `insert into orders (${ORDER_COLUMNS}, status, source, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'manual', 'manual', ?, ?)`,
      );
      // A bulk load: no journal (a failed seed is thrown away) and room for the indexes in memory, so a
      // million rows take seconds, not minutes of writing and re-reading index pages. WAL again after.
      sqlite.pragma('journal_mode = OFF');
      sqlite.pragma('synchronous = OFF');
      sqlite.pragma('cache_size = -262144');
      // The orders' indexes are built once after the rows (sorting beats a million b-tree descents), from
      // the very statements the migrations made.
      const indexes = sqlite
        .prepare(
          "select name, sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null",
        )
        .all() as { name: string; sql: string }[];
      sqlite.transaction(() => {
        for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
        for (const [i, id] of users.entries()) addUser.run(id, `user${i}@example.com`, `User ${i}`, now, now);
        for (let n = 0; n < total; n += 1) {
          addOrder.run(...orderRow(n, users), now, now);
          if (n % 10_000 === 9999) report(n + 1);
        }
        report(total);
        for (const index of indexes) sqlite.exec(index.sql);
      })();
      if (total >= 200_000) console.log(`  ${indexes.length} indexes built`);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('optimize');
    } else {
      await handle.db.transaction().execute(async (trx) => {
        // As on SQLite: the indexes (not those behind constraints) are built after the rows.
        const { rows: indexes } = await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes i
          where tablename = 'orders' and schemaname = current_schema()
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
        for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        await trx
          .insertInto('users')
          .values(
            users.map((id, i) => ({
              id,
              email: `user${i}@example.com`,
              name: `User ${i}`,
              provider: 'google' as const,
              default_currency: 'USD',
              warranty_reminder_days: 30,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await insertOrdersPg(trx, total, (n) => orderRow(n, users), now, report);
        for (const index of indexes) await sql.raw(index.definition).execute(trx);
        if (total >= 200_000) console.log(`  ${indexes.length} indexes built`);
      });
      await sql`analyze`.execute(handle.db);
    }
    return users[0] as string;
  } finally {
    await handle.close();
  }
}

/**
 * A scratch PostgreSQL database beside the one `serverUrl` names, its name starting with `prefix` (which
 * benchmark made it); `drop` removes it (after the server).
 */
export async function scratchPostgres(
  serverUrl: string,
  prefix = 'bench_api',
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const handle = await openDatabase({ url: admin.toString() });
  await sql`create database ${sql.id(name)}`.execute(handle.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(handle.db);
      await handle.close();
    },
  };
}
