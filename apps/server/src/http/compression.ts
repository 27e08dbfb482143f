import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** JSON answers at least this long are compressed when the client accepts it; below, headers cost more. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Accept-Encoding values seen, and their answer: browsers send one of a handful, on every request. */
const negotiated = new Map<string, Encoding>();
/** Distinct values remembered at most; a client sending a new one each time empties the map, not grows it. */
const NEGOTIATED_KEPT = 64;

/**
 * The encoding to answer in for a request's Accept-Encoding: the accepted one with the highest q, brotli on
 * a tie (smaller and as fast at quality 5), identity when neither is accepted. `q=0` refuses an encoding;
 * `*` stands for those not named.
 * @example negotiate('gzip, deflate, br') //=> 'br'
 * @example negotiate('br;q=0, gzip') //=> 'gzip'
 */
export function negotiate(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const text = typeof header === 'string' ? header : header.join(',');
  let encoding = negotiated.get(text);
  if (encoding === undefined) {
    encoding = choose(text);
    if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
    negotiated.set(text, encoding);
  }
  return encoding;
}

function choose(header: string): Encoding {
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=(.*)$/.exec(param);
      // A q the client garbled accepts nothing rather than everything.
      if (match) weight = /^\s*[01](\.\d{0,3})?\s*$/.test(match[1] ?? '') ? Number(match[1]) : 0;
    }
    const key = name.trim() === 'x-gzip' ? 'gzip' : name.trim();
    q[key] = Math.max(q[key] ?? 0, weight);
  }
  const weightOf = (name: string) => q[name] ?? q['*'] ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/**
 * `body` in `encoding`, off the event loop (zlib's thread pool). Brotli at quality 5 is about as fast as
 * gzip's default level and a quarter smaller on our JSON; higher qualities cost ten times the time.
 */
export function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** Adds Accept-Encoding to the reply's Vary, keeping what is there (Authorization for per-user data). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses JSON answers of MIN_COMPRESSED_BYTES or more that nothing encoded yet, when the client
 * accepts it. The read cache's answers never come here (they are written with their stored encodings,
 * http/read-cache.ts); the web app's files are precompressed on disk and are not JSON, so they pass untouched.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers pass untouched and need no promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < MIN_COMPRESSED_BYTES) return done(null, payload);
    if (reply.hasHeader('content-encoding') || req.method === 'HEAD') {
      return done(null, payload);
    }
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return done(null, payload);
    }
    varyOnEncoding(reply);
    const encoding = negotiate(req.headers['accept-encoding']);
    if (encoding === 'identity') return done(null, payload);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    compress(Buffer.from(payload), encoding).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  });
}
