/**
 * What `bench:api`'s two floors (bare-server.ts on Node's `http`, bare-fastify.ts on Fastify with no
 * plugins) answer: the real server's captured answers, read from the file bare-floor.ts writes, and the
 * choice among them a server must make (a 304 to the ETag, else br, then gzip, then identity).
 */
import { readFileSync } from 'node:fs';

/** One captured answer: status, headers (lower-case names) and body. */
export interface CapturedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** What a floor answers for one path (and query): its ETag, its 304 and its encodings. */
export interface BareRoute {
  path: string;
  etag: string | null;
  notModified: CapturedAnswer | null;
  variants: { identity: CapturedAnswer; gzip?: CapturedAnswer; br?: CapturedAnswer };
}

/** The routes as JSON: bodies in base64. */
export type BareRoutesFile = Array<
  Omit<BareRoute, 'notModified' | 'variants'> & {
    notModified: (Omit<CapturedAnswer, 'body'> & { body: string }) | null;
    variants: Record<string, Omit<CapturedAnswer, 'body'> & { body: string }>;
  }
>;

/** Written by Node itself (date, framing) or about this one connection. */
export const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Accepted with a q-value above zero (`gzip;q=0` refuses it). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** A route's answers, each prepared once by `prepare` into what its server writes. */
export interface Prepared<A> {
  etag: string | null;
  notModified: A | null;
  identity: A;
  gzip: A | null;
  br: A | null;
}

/** The routes of `file` by path and query, each answer made ready to write by `prepare`. */
export function loadRoutes<A>(
  file: string,
  prepare: (answer: Omit<CapturedAnswer, 'body'> & { body: Buffer }) => A,
): Map<string, Prepared<A>> {
  const ready = (answer: Omit<CapturedAnswer, 'body'> & { body: string }) =>
    prepare({ ...answer, body: Buffer.from(answer.body, 'base64') });
  return new Map(
    (JSON.parse(readFileSync(file, 'utf8')) as BareRoutesFile).map((route) => [
      route.path,
      {
        etag: route.etag,
        notModified: route.notModified ? ready(route.notModified) : null,
        identity: ready(route.variants.identity as NonNullable<(typeof route.variants)['identity']>),
        gzip: route.variants.gzip ? ready(route.variants.gzip) : null,
        br: route.variants.br ? ready(route.variants.br) : null,
      },
    ]),
  );
}

/** The answer for a request's If-None-Match and Accept-Encoding. */
export function choose<A>(
  route: Prepared<A>,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): A {
  const accept = acceptEncoding ?? '';
  if (route.notModified && route.etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === route.etag))
    return route.notModified;
  if (route.br && accepts(accept, 'br')) return route.br;
  if (route.gzip && accepts(accept, 'gzip')) return route.gzip;
  return route.identity;
}

/** Prints the port a floor listens on, as bare-floor.ts waits for it, and stops on SIGTERM. */
export function announce(port: number, close: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  process.on('SIGTERM', () => void close().then(() => process.exit(0)));
}
