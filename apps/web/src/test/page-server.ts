import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

/** A request the server took, with its body read. */
export interface Taken {
  method: string;
  path: string;
  authorization: string | null;
  body: Buffer;
}

/** What the test answers: a status, a JSON body, headers; `hold` is awaited before answering. */
export interface Answer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
  hold?: Promise<unknown>;
}

declare global {
  // vitest's jsdom environment hands its JSDOM instance to the tests.
  var jsdom: { reconfigure(settings: { url: string }): void; window: { _origin: string } };
}

/**
 * A real HTTP server on 127.0.0.1 that the page is loaded from: jsdom's location moves to its origin, so
 * the app's relative URLs (fetch, Request, XMLHttpRequest) reach it as they reach the app's server in a
 * browser. Node's fetch and Request do not resolve a relative URL against the page, so they are given one
 * that does, and nothing else. `answer` is handed each request and every one taken so far (itself included).
 */
export async function servePage(
  answer: (request: Taken, taken: readonly Taken[]) => Answer | Promise<Answer>,
) {
  const taken: Taken[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: Taken = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://x').pathname,
        authorization: req.headers.authorization ?? null,
        body: Buffer.concat(chunks),
      };
      taken.push(request);
      const { status, json, headers = {}, hold } = await answer(request, taken);
      await hold;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(json === undefined ? '' : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.jsdom.reconfigure({ url: `${origin}/dashboard` });
  // jsdom's reconfigure moves the document but leaves the window's origin, which its XMLHttpRequest reads
  // (it would take the server for another origin and ask CORS of it).
  globalThis.jsdom.window._origin = origin;

  const onPage = (input: RequestInfo | URL) =>
    typeof input === 'string' ? new URL(input, window.location.href) : input;
  const NodeRequest = globalThis.Request;
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(onPage(input), init);
      }
    },
  );
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => nodeFetch(onPage(input), init));

  return {
    origin,
    taken,
    /** The requests taken at `path`. */
    at: (path: string) => taken.filter((request) => request.path === path),
    close: () => {
      vi.unstubAllGlobals();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
