import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Insertable, type MigrationResultSet, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { timestamp } from '../src/dates';
import { type DatabaseHandle, type Dialect, openDatabase } from '../src/db/database';
import { type DialectMigration, migrateToLatest, underStartupLock } from '../src/db/migrate';
import type { UsersTable } from '../src/db/schema';
import { loggerOptions } from '../src/logging';
import { signAccessToken } from '../src/modules/auth/access-token';
import {
  createExtractionPool,
  type ExtractionPoolOptions,
  poolOptionsFrom,
} from '../src/modules/receipts/reader/extraction-pool';
import type { ProviderEndpoints } from '../src/providers/endpoints';
import { loadKeys } from '../src/storage/keys';
import { openBlobStore } from '../src/storage/open-blob-store';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (and then it must answer: no silent skip). */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL schema this app works in (undefined on SQLite). */
  schema: string | undefined;
  handle: DatabaseHandle;
  deps: AppDeps;
  dataDir: string;
  blobDir: string;
  /** A bearer header for `userId`. */
  auth(userId: string): { authorization: string };
  createUser(overrides?: {
    email?: string;
    name?: string;
    provider?: 'google' | 'microsoft';
  }): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  now?: () => Date;
  webDistDir?: string | null;
  env?: Record<string, string>;
  endpoints?: ProviderEndpoints;
  /** The reader pool's settings over the config's (one child by default). */
  extraction?: ExtractionPoolOptions;
  /**
   * A second app on the same database (two server processes sharing one): the same PostgreSQL schema, or
   * on SQLite the same data folder and file.
   */
  shareSchemaOf?: TestApp;
  /** Receives the app's JSON log lines, with the server's own logger settings at `level`. */
  logTo?: { level: 'trace' | 'debug' | 'info'; write(line: string): void };
  /** The mailbox sync's e-mail reader (a reader that refuses some messages, for quarantine tests). */
  readEmail?: AppDeps['readEmail'];
  /** A PostgreSQL of the test's own (a private cluster it stops and starts) instead of TEST_DATABASE_URL. */
  databaseUrl?: string;
}

/**
 * Drops test schemas under the start-up lock migrations run under: test files share one PostgreSQL
 * database, and Kysely's migrator introspects every schema's tables, which fails when a schema vanishes
 * mid-query.
 */
export async function dropSchemas(db: DatabaseHandle['db'], ...schemas: string[]): Promise<void> {
  await underStartupLock(db, async () => {
    for (const schema of schemas) await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
  });
}

/**
 * Runs `migrations` (name to module, as an earlier release shipped them) on a fresh database, under the
 * start-up lock as the app's own migrations run (see dropSchemas); answers Kysely's result.
 */
export function migrateThrough(
  db: DatabaseHandle['db'],
  dialect: Dialect,
  schema: string | undefined,
  migrations: Record<string, DialectMigration>,
): Promise<MigrationResultSet> {
  const run = () =>
    new Migrator({
      db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            Object.entries(migrations).map(([name, m]) => [name, { up: (d) => m.up(d, dialect) }]),
          ),
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
  return dialect === 'postgres' ? underStartupLock(db, run) : run();
}

/**
 * A fresh data folder and an empty database opened on it: its SQLite file, or on PostgreSQL a schema of its
 * own (`schema` given: that one, already made).
 */
export async function openFreshDatabase(
  dialect: Dialect,
  options: { databaseUrl?: string; schema?: string } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-test-'));
  let schema = options.schema;
  const url = dialect === 'postgres' ? (options.databaseUrl ?? process.env.TEST_DATABASE_URL) : undefined;
  if (url && !schema) {
    schema = `t_${randomUUID().replaceAll('-', '')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const handle = await openDatabase({
    url,
    sqliteFile: path.join(dataDir, 'warrantly.db'),
    ...(schema ? { schema } : {}),
  });
  return { dataDir, schema, handle };
}

/** A fresh database (SQLite file, or a PostgreSQL schema of its own), data folder and app, no port. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const sharedFile = dialect === 'sqlite' ? options.shareSchemaOf?.dataDir : undefined;
  const { dataDir, schema, handle } = sharedFile
    ? {
        dataDir: sharedFile,
        schema: undefined,
        handle: await openDatabase({ sqliteFile: path.join(sharedFile, 'warrantly.db') }),
      }
    : await openFreshDatabase(dialect, {
        ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
        ...(options.shareSchemaOf?.schema ? { schema: options.shareSchemaOf.schema } : {}),
      });
  await migrateToLatest(handle.db, handle.dialect, schema);
  const shared = options.shareSchemaOf;
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...options.env }, '/nonexistent/.env');
  const keys = shared?.deps.keys ?? loadKeys(dataDir, randomBytes(32).toString('hex'));
  // The readers report to the app's log once it exists, as in server.ts.
  let poolLog: { warn(obj: object, msg: string): void } | undefined;
  const extraction = createExtractionPool({
    ...poolOptionsFrom(config),
    size: 1,
    log: { warn: (obj, msg) => poolLog?.warn(obj, msg) },
    ...options.extraction,
  });
  const blobDir = path.join(dataDir, 'blobs');
  const deps: AppDeps = {
    config,
    endpoints: options.endpoints ?? { google: null, microsoft: null, sandboxUrl: null },
    extraction,
    db: handle.db,
    dialect: handle.dialect,
    listen: handle.listen,
    // The files under blobDir, or in the S3 store `options.env` names.
    blobs: openBlobStore(config, dataDir),
    keys,
    webDistDir: options.webDistDir ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.readEmail ? { readEmail: options.readEmail } : {}),
    ...(options.logTo
      ? { logger: { ...loggerOptions(config), level: options.logTo.level, stream: options.logTo } }
      : {}),
  };
  const app = await buildApp(deps);
  poolLog = app.log;
  await app.ready();

  const ownsSchema = !options.shareSchemaOf;
  return {
    app,
    schema,
    handle,
    deps,
    dataDir,
    blobDir,
    auth: (userId) => ({ authorization: `Bearer ${signAccessToken(keys.signing, userId)}` }),
    async createUser(overrides = {}) {
      const row = userRow(overrides);
      await handle.db.insertInto('users').values(row).execute();
      return row.id;
    },
    async close() {
      await app.close();
      await extraction.close();
      if (schema && ownsSchema) {
        // pg-boss's schema beside the app's (src/jobs/pg-boss-queue.ts).
        await dropSchemas(handle.db, `${schema}_jobs`, schema);
      }
      await handle.close();
      if (!sharedFile) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app and one user shared by the tests of the calling describe block: made before its first test,
 * closed after its last. Read `t` and `user` inside tests only (they are set once beforeAll has run).
 */
export function sharedAppWithUser(dialect: Dialect): { t: TestApp; user: string } {
  const suite = {} as { t: TestApp; user: string };
  beforeAll(async () => {
    suite.t = await createTestApp(dialect);
    suite.user = await suite.t.createUser();
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** A users row to insert directly: Avery Quinn on Google, USD, 30-day reminders, no feed; `overrides` win. */
export function userRow(overrides: Partial<Insertable<UsersTable>> = {}) {
  const id = overrides.id ?? randomUUID();
  const at = timestamp();
  return {
    id,
    email: `${id}@example.com`,
    name: 'Avery Quinn',
    picture_url: null,
    provider: 'google',
    default_currency: 'USD',
    warranty_reminder_days: 30,
    feed_secret: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  } satisfies Insertable<UsersTable>;
}

/** POSTs a new purchase as the web app sends it: a multipart form of `fields` and invoice `files`. */
export function postPurchase(
  t: TestApp,
  auth: Record<string, string>,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/create/',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
}

/**
 * `count` purchases straight into the database, long names so a list is a few dozen KB. No data version
 * moves: what an app remembered of the user still stands.
 */
export async function insertPurchases(
  t: TestApp,
  userId: string,
  count: number,
  warranty: string | null = null,
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    order_id: `C-${userId.slice(0, 8)}-${i}`,
    product_name: `Cordless drill with a long descriptive name, number ${i}`,
    shop_name: 'Corner Hardware',
    purchase_date: `2026-0${1 + (i % 9)}-1${i % 10}`,
    price: '$19.99',
    amount_minor: 1999,
    currency: 'USD',
    warranty_expire_date: warranty,
    status: 'manual',
    source: 'manual' as const,
    created_at: timestamp(),
    updated_at: timestamp(),
  }));
  await t.handle.db.insertInto('orders').values(rows).execute();
}

/** A multipart/form-data body: text fields and files, built by hand so tests control every byte. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type?: string; bytes: Uint8Array }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----warrantly${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PDF assembled from numbered objects (1 is the catalog), with a correct cross-reference table. */
export function pdfFromObjects(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof obj === 'string' ? Buffer.from(obj, 'latin1') : obj,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** The lines of a till receipt the PDF reader makes a purchase of: shop, number, date, two items, total. */
export const HARDWARE_RECEIPT = [
  'CORNER HARDWARE LTD',
  'Receipt No: CH-20931',
  'Date: 14/03/2026',
  'Cordless drill 18V        GBP 89.99',
  'Drill bit set              GBP 14.50',
  'TOTAL                      GBP 104.49',
];

/** A one-page PDF showing `lines` of text, one under the other. */
export function tinyPdf(text: string | string[] = 'Receipt'): Buffer {
  const lines = [text].flat();
  const stream = lines
    .map((l, i) => `BT /F1 12 Tf 72 ${720 - i * 16} Td (${l.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
