import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config';

// The calendar feed's address is its key: logs keep the route, never the secret in it.
const FEED_SECRET = /^(\/api\/v1\/calendar\/feed\/)(?!rotate\/?$)[^/]+$/;

// Query strings can carry codes and tokens (OAuth callbacks, /success): logs keep the keys, never the values.
function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const path = pathname.replace(FEED_SECRET, '$1…');
  if (!query) return path;
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${keys.join('&')}`;
}

/** Log lines held in memory at most while stdout's reader is behind; past it they are dropped. */
const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

/**
 * Structured JSON logs with no tokens, cookies or bodies in them, written to stdout asynchronously: a
 * synchronous write to a pipe whose reader lags (a log shipper, a terminal) would stall every request.
 * What is buffered is flushed when the process exits.
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    stream: pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES }),
    // Any logged headers, not only the request's: @fastify/multipart logs its busboy options at trace level.
    redact: ['*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
