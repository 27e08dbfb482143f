import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { privateFile } from '../storage/private-files';
import type { Database, Db } from './schema';
import { withStatementCache } from './statement-cache';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle on SQLite (benchmarks compare against it), null on PostgreSQL. */
  sqlite: SqliteDatabase.Database | null;
  /** PostgreSQL only: hears a channel's notifications (see `Listen`). */
  listen?: Listen;
  close(): Promise<void>;
}

/** What a listener is told: each notification's payload, and when it starts and stops hearing them. */
export interface ListenEvents {
  /** LISTEN is in place: from now on every notification arrives. */
  ready(): void;
  /** The connection is gone: notifications may be missed until the next `ready`. */
  lost(): void;
  message(payload: string): void;
}

/** LISTENs on `channel` over a connection of its own, reconnecting with backoff; answers how to stop. */
export type Listen = (channel: string, events: ListenEvents) => () => Promise<void>;

export interface DatabaseOptions {
  /** postgres:// URL; absent: SQLite at `sqliteFile`. */
  url?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string;
  /** Told when PostgreSQL drops a pooled connection (a restart, a network cut); default: stderr. */
  onConnectionLost?: (error: Error) => void;
}

/** Opens the database; the PostgreSQL driver is loaded only when one is configured. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import('pg');
    // int8 (bigint) and numeric come back as strings by default; our values fit in a double.
    const pgTypes = {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === 20 || oid === 1700) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // An unreachable host would otherwise hold each request for the kernel's TCP timeout (minutes).
      connectionTimeoutMillis: 10_000,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // Without listeners, a connection dropped while idle in the pool, or while checked out between two
    // queries, is an 'error' event nobody handles, which ends the process. The pool discards such a
    // client itself (on release when it was checked out, where its next query fails); the next request
    // opens a fresh connection.
    const lost =
      options.onConnectionLost ??
      ((error: Error) => console.error('PostgreSQL connection lost:', error.message));
    pool.on('error', (error) => lost(error));
    pool.on('connect', (client) => client.on('error', () => undefined));
    // A socket error while connecting means the server is not there (stopped, restarting, unreachable);
    // the same codes from elsewhere (a provider's HTTP call) must not read as a database outage.
    const connect = () =>
      pool.connect().catch((error: unknown) => {
        if (error instanceof Error && NETWORK_CODES.has(String((error as { code?: unknown }).code))) {
          unreachable.add(error);
        }
        throw error;
      });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }),
    });
    const listen: Listen = (channel, events) => listenOn(() => new pg.Client(options.url), channel, events);
    return { db, dialect: 'postgres', sqlite: null, listen, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Owner-only from the first byte; SQLite gives its -wal and -shm files the database file's mode.
    privateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

const LISTEN_RETRY_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

type ListenClient = import('pg').Client;

/**
 * A connection kept for LISTEN alone (a pooled one would be handed to queries and returned). When it drops
 * (a restart, a network cut) the listener hears `lost` and a new one is tried, 0.5 s later and doubling.
 */
function listenOn(
  makeClient: () => ListenClient,
  channel: string,
  events: ListenEvents,
): () => Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: ListenClient | null = null;
  let stopped = false;
  let delay = LISTEN_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  const drop = (gone: ListenClient) => {
    if (client !== gone) return;
    client = null;
    events.lost();
    gone.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  async function connect(): Promise<void> {
    const next = makeClient();
    client = next;
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (n) => {
      if (n.channel === channel) events.message(n.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (client !== next) return;
      delay = LISTEN_RETRY_MS;
      events.ready();
    } catch {
      drop(next);
    }
  }
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

// PostgreSQL's SQLSTATE classes for a server that is unreachable, shutting down, starting up or out of
// connections; the errors pg raises itself on a dropped or timed-out connection carry no code.
const PG_UNAVAILABLE = /^(08|53|57P0)/;
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const unreachable = new WeakSet<Error>();

/**
 * True when a query failed because the database is down, restarting, unreachable or (SQLite) locked
 * by another writer past the busy timeout: the same request may well succeed in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (unreachable.has(e) || PG_CONNECTION_MESSAGE.test(e.message)) return true;
    if (typeof code !== 'string') continue;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
    if (code.length === 5 && PG_UNAVAILABLE.test(code)) return true;
  }
  return false;
}

/** One round trip to the database: the health check's proof that it answers. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
