import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../db/database';
import { countHit, deleteEndedWindows } from '../db/rate-limits';
import type { Db } from '../db/schema';

/** Where @fastify/rate-limit counts: in this process, or in Redis for every replica at once. */
export interface RateLimitStore {
  options: FastifyRateLimitOptions;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  redisUrl: string | undefined;
  /** REDIS_PREFIX: every key this deployment writes to Redis starts with it. */
  prefix: string;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
}

/**
 * The rate-limit plugin's settings: with `redisUrl`, counted in Redis; else on PostgreSQL, in its
 * `rate_limits` table; else (SQLite, one process) in memory. Either shared store counts every replica's
 * requests against one limit. While it cannot be reached, requests are served uncounted (`skipOnError`)
 * rather than refused: a limit guards against abuse, and an outage of the counter should not become an
 * outage of the app. A Redis outage is logged once when it begins and once when it ends (a database
 * outage is logged, and answered 503, by the database's own handling).
 */
export async function createRateLimitStore(options: RateLimitStoreOptions): Promise<RateLimitStore> {
  const { redisUrl, prefix, log } = options;
  if (!redisUrl) {
    if (options.dialect === 'postgres') return postgresStore(options.db);
    return { options: { global: false }, close: async () => undefined };
  }
  // Loaded only when configured, so a single process does not carry the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    // Fail a command at once while disconnected instead of queueing it (which would hold the request).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A Redis that accepts the connection but does not answer must not hold requests either.
    commandTimeout: 1000,
    connectTimeout: 2000,
  });
  let down = false;
  // ioredis reports every failed reconnection attempt; the operator needs to hear of the outage once.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { error: error.message, redis: new URL(redisUrl).host },
      'Redis unreachable: rate limits are not counted until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: new URL(redisUrl).host }, 'Redis reachable again: rate limits are counted');
  });
  // Counted from the first request: the server listens once Redis answered (or was found unreachable).
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  return {
    options: { global: false, redis, nameSpace: `${prefix}rate-limit:`, skipOnError: true },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Counted in PostgreSQL: one row per route and address or user, a window long (db/rate-limits.ts). */
function postgresStore(db: Db): RateLimitStore {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly key = '',
    ) {}

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, this.key + key, timeWindow).then(
        ({ hits, ttlMs }) => done(null, { current: hits, ttl: ttlMs }),
        (error: Error) => done(error),
      );
    }

    /** A route's own counters, named by its method and URL as the plugin's Redis store names them. */
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresStore(routeOptions, `${this.key}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  // Ended windows restart on their next hit anyway; sweeping them keeps the table as small as the traffic.
  const sweep = setInterval(() => deleteEndedWindows(db).catch(() => undefined), 5 * 60_000);
  sweep.unref();
  return {
    options: { global: false, store: PostgresStore, skipOnError: true },
    close: async () => clearInterval(sweep),
  };
}
