/**
 * `bench:api`'s floors: the real server's answers captured byte for byte (raw, still compressed), then
 * served in a process of its own by bare-server.ts (Node's `http`) or bare-fastify.ts (Fastify, bare).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BareRoute, type BareRoutesFile, type CapturedAnswer, VOLATILE } from './bare-routes';

/** The floors: a bare Node `http` server, and Fastify with nothing registered but the routes. */
export type FloorKind = 'node' | 'fastify';
const FLOOR_SERVERS: Record<FloorKind, string> = {
  node: fileURLToPath(new URL('./bare-server.ts', import.meta.url)),
  fastify: fileURLToPath(new URL('./bare-fastify.ts', import.meta.url)),
};
/** The repository's root, where `--import tsx` resolves. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** One GET as sent, the body as received: no decompression (fetch would undo the encoding). */
export function rawGet(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | string[]>,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

const header = (answer: CapturedAnswer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
};

/** The encoding an answer was sent in (`identity` when none). */
export const encodingOf = (answer: CapturedAnswer) => header(answer, 'content-encoding') ?? 'identity';

/**
 * What the real server answers at `pathAndQuery` for `headers` (its authorisation): identity, gzip and
 * br, and the 304 to its own ETag. An encoding the server did not use is left out, so the bare server
 * answers as the real one would; `encodings` says which the real server sent.
 */
export async function captureRoute(
  base: string,
  pathAndQuery: string,
  headers: Record<string, string>,
): Promise<BareRoute & { encodings: string[] }> {
  const url = `${base}${pathAndQuery}`;
  const identity = await rawGet(url, headers);
  if (identity.status !== 200)
    throw new Error(
      `GET ${pathAndQuery} answered ${identity.status}: ${identity.body.toString().slice(0, 300)}`,
    );
  if (encodingOf(identity) !== 'identity') throw new Error(`GET ${pathAndQuery} was encoded unasked`);
  const variants: BareRoute['variants'] = { identity };
  const encodings = ['identity'];
  for (const coding of ['gzip', 'br'] as const) {
    const answer = await rawGet(url, { ...headers, 'accept-encoding': coding });
    if (answer.status === 200 && encodingOf(answer) === coding) {
      variants[coding] = answer;
      encodings.push(coding);
    }
  }
  const etag = header(identity, 'etag');
  let notModified: CapturedAnswer | null = null;
  if (etag) {
    const answer = await rawGet(url, { ...headers, 'if-none-match': etag });
    if (answer.status === 304) notModified = answer;
  }
  return { path: pathAndQuery, etag, notModified, variants, encodings };
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the floor of `kind` in its own process with `routes` and waits until it listens. */
export async function startBareServer(routes: BareRoute[], kind: FloorKind = 'node'): Promise<BareServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'routes.json');
  const encode = (a: CapturedAnswer) => ({ ...a, body: a.body.toString('base64') });
  const json: BareRoutesFile = routes.map((r) => ({
    path: r.path,
    etag: r.etag,
    notModified: r.notModified ? encode(r.notModified) : null,
    variants: Object.fromEntries(
      Object.entries(r.variants).map(([name, answer]) => [name, encode(answer as CapturedAnswer)]),
    ),
  }));
  writeFileSync(file, JSON.stringify(json));
  const child = spawn(process.execPath, ['--import', 'tsx', FLOOR_SERVERS[kind], file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^\{.*\}$/m.exec(out)?.[0];
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`the ${kind} floor exited with ${code}`)));
    });
    return {
      url: `http://127.0.0.1:${port}`,
      pid: child.pid as number,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Asks a floor for every captured answer and throws unless it sends the same status, the same
 * body bytes and the same headers (bar the volatile ones): a floor serving less would flatter nobody.
 */
export async function verifyBareServer(bareUrl: string, routes: BareRoute[]): Promise<void> {
  const same = (what: string, real: CapturedAnswer, bare: CapturedAnswer) => {
    const fields = (a: CapturedAnswer) =>
      JSON.stringify(
        Object.entries(a.headers)
          .filter(([name]) => !VOLATILE.has(name))
          .sort(([x], [y]) => x.localeCompare(y)),
      );
    if (real.status !== bare.status || !real.body.equals(bare.body) || fields(real) !== fields(bare))
      throw new Error(
        `the floor's ${what} differs from the real server's:\n  real ${real.status} ${fields(real)}\n  bare ${bare.status} ${fields(bare)}`,
      );
  };
  for (const route of routes) {
    for (const [coding, answer] of Object.entries(route.variants)) {
      const headers: Record<string, string> = coding === 'identity' ? {} : { 'accept-encoding': coding };
      same(`${route.path} (${coding})`, answer, await rawGet(`${bareUrl}${route.path}`, headers));
    }
    if (route.notModified && route.etag) {
      const answer = await rawGet(`${bareUrl}${route.path}`, { 'if-none-match': route.etag });
      same(`${route.path} (304)`, route.notModified, answer);
    }
  }
}
