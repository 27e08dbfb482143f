import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';

/** Where @fastify/rate-limit counts: in this process, or in Redis for every replica at once. */
export interface RateLimitStore {
  options: FastifyRateLimitOptions;
  close(): Promise<void>;
}

/**
 * The rate-limit plugin's settings for `redisUrl` (absent: counted in this process). Redis counts every
 * replica's requests against one limit. While Redis cannot be reached, requests are served uncounted
 * (`skipOnError`) rather than refused: a limit guards against abuse, and an outage of the counter should
 * not become an outage of the app. The outage is logged once when it begins and once when it ends.
 */
export async function createRateLimitStore(
  redisUrl: string | undefined,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  if (!redisUrl) return { options: { global: false }, close: async () => undefined };
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
