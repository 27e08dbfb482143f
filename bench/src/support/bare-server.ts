/**
 * The floor of `bench:api`, run as a process of its own (`node --import tsx bare-server.ts ROUTES.json`):
 * a bare Node `http` server answering, from memory, the bytes and headers the real server answered
 * (bare-floor.ts captures them). It negotiates the encoding the way a server must (br, then gzip, then
 * identity, among the variants captured) and answers 304 to an If-None-Match holding the ETag. Nothing
 * else: no routing framework, no authentication, no database. Prints `{"port":N}` once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** One captured answer: status, headers (lower-case names) and body. */
export interface CapturedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** What the bare server answers for one path (and query): its ETag, its 304 and its encodings. */
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

/** Accepted with a q-value above zero (`gzip;q=0` refuses it). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** Written by Node itself (date, framing) or about this one connection. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Everything written once per answer is prepared once: header pairs and body, ready to write. */
type Prepared = { status: number; headers: string[]; body: Buffer };

function prepare(answer: Omit<CapturedAnswer, 'body'> & { body: string }): Prepared {
  const body = Buffer.from(answer.body, 'base64');
  // Node's raw form: names and values in one list, a repeated header once per value.
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !VOLATILE.has(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => [name, v]));
  if (answer.status !== 304) headers.push('content-length', String(body.length));
  return { status: answer.status, headers, body };
}

function main(file: string): void {
  const routes = new Map(
    (JSON.parse(readFileSync(file, 'utf8')) as BareRoutesFile).map((route) => [
      route.path,
      {
        etag: route.etag,
        notModified: route.notModified ? prepare(route.notModified) : null,
        identity: prepare(route.variants.identity as NonNullable<(typeof route.variants)['identity']>),
        gzip: route.variants.gzip ? prepare(route.variants.gzip) : null,
        br: route.variants.br ? prepare(route.variants.br) : null,
      },
    ]),
  );
  const server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const match = req.headers['if-none-match'];
    const accept = req.headers['accept-encoding'] ?? '';
    const answer =
      route.notModified && route.etag && match?.split(',').some((tag) => tag.trim() === route.etag)
        ? route.notModified
        : route.br && accepts(accept, 'br')
          ? route.br
          : route.gzip && accepts(accept, 'gzip')
            ? route.gzip
            : route.identity;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.status === 304 ? undefined : answer.body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 })}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

const file = process.argv[2];
if (!file) {
  console.error('usage: bare-server.ts ROUTES.json');
  process.exit(2);
}
main(file);
