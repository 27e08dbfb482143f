import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';
import type { RequestLog } from '../logging';
import type { Guard } from '../modules/auth/access-token-guard';
import type { DataVersions, UserVersion } from '../modules/purchases/data-versions.service';
import type { VersionedReads } from './read-cache';

/** What answers a request before Fastify sees it: true when it wrote the whole answer. */
type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FrontDoor {
  /** Fastify's `serverFactory`: Node's HTTP server as Fastify makes it, with `answer` in front. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Fastify's `genReqId`, whose ids early answers share. */
  genReqId: () => string;
  /** Puts `answer` in front of Fastify, once the app's parts exist. */
  use(answer: EarlyAnswer): void;
}

/**
 * The HTTP server the app runs on. Fastify builds a request, a reply, a logger and its hook runs for each
 * request; for the hottest reads of an open dashboard, answered from memory, that was most of the cost
 * beyond a bare Node server serving the same bytes. Those are answered here, before Fastify sees them
 * (see `memoryReads`); everything else goes to Fastify as it comes.
 */
export function createFrontDoor(): FrontDoor {
  let answer: EarlyAnswer | null = null;
  // Fastify's own default (req-<base36 counter>), so the lines of both paths read alike.
  let lastId = 0;
  return {
    genReqId() {
      lastId = (lastId + 1) & 0x7fffffff;
      return `req-${lastId.toString(36)}`;
    },
    serverFactory(handler, options) {
      // Fastify's options with its defaults filled in, as it reads them for a server it makes itself.
      const settings = options as {
        http?: http.ServerOptions;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = http.createServer(settings.http ?? {}, (req, res) => {
        if (answer === null || !answer(req, res)) handler(req, res);
      });
      if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
      if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
      if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    },
    use(next) {
      answer = next;
    },
  };
}

/** The proxies whose forwarded headers are believed, as app.ts hands them to Fastify's `trustProxy`. */
export type ProxyTrust = false | string[] | ((address: string, hop: number) => boolean);

/** The client's address as Fastify's `req.ip` gives it for the same `trustProxy` setting. */
export function clientAddress(trustProxy: ProxyTrust): (req: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (req) => req.socket.remoteAddress;
  const trust = typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  return (req) => proxyAddr(req, trust);
}

export interface MemoryReadsDeps {
  guard: Guard;
  versions: Pick<DataVersions, 'remembered'>;
  reads: Pick<VersionedReads<UserVersion>, 'fromMemory'>;
  /** The request lines; null logs nothing (no logger). */
  lines: RequestLog | null;
  genReqId: () => string;
  clientIp: (req: IncomingMessage) => string | undefined;
  now: () => Date;
}

/**
 * Answers a versioned read (read-cache.ts) from memory when all it needs is there: a GET whose bearer
 * token the guard has checked and remembers, whose user's data version is remembered, and whose answer to
 * this URL in the encoding asked for is stored under that version. That is the same answer, with the same
 * headers, the route would give, and the same request line. Anything else (a token to verify, a version to
 * read, an answer to make or compress, any other route) is not touched and goes to Fastify, which answers
 * it and its errors as it always does. Versioned routes run no hook but the guard and the request log, so
 * none is skipped here; `close` hands every request back to Fastify, which answers 503 while it closes.
 */
export function memoryReads(deps: MemoryReadsDeps): {
  answer: EarlyAnswer;
  close(): void;
  /** Requests answered here so far (tests and benchmarks read it). */
  answered(): number;
} {
  const { guard, versions, reads, lines, genReqId, clientIp, now } = deps;
  let closing = false;
  let answered = 0;
  return {
    answer(req, res) {
      if (closing || req.method !== 'GET') return false;
      const started = performance.now();
      // One instant for the token's expiry and the answer's day, as a route's guard and read see one each.
      const at = now();
      const userId = guard.knownUser(req.headers.authorization, at.getTime());
      if (userId === undefined) return false;
      const version = versions.remembered(userId);
      if (version === undefined) return false;
      const status = reads.fromMemory(req, res, userId, version, at);
      if (status === undefined) return false;
      answered += 1;
      const url = req.url ?? '/';
      const level = lines?.levelOf(status, url) ?? null;
      if (lines && level !== null)
        lines.write(level, genReqId(), 'GET', url, clientIp(req), status, performance.now() - started);
      return true;
    },
    close() {
      closing = true;
    },
    answered: () => answered,
  };
}
