import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

// Query strings can carry codes and tokens (OAuth callbacks, /success): logs keep the keys, never the values.
function redactUrl(url: string): string {
  const [pathname, query] = url.split('?', 2);
  if (!query) return url;
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]}=…`);
  return `${pathname}?${keys.join('&')}`;
}

/** Structured JSON logs with no tokens, cookies or bodies in them. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
