import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from './config';
import { coalescingStream, LINE_HOLD_MS, loggerOptions, logRequests, requestLoggerFactory } from './logging';

/** A server whose log lines land in `lines`, with one route that logs at `level` when asked. */
async function serverLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: requestLoggerFactory });
  app.get('/warn', async (req) => {
    req.log.warn({ part: 'x' }, 'something odd');
    return { ok: true };
  });
  app.get('/quiet', async (req) => {
    req.log.debug('not written at info');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request loggers', () => {
  it('write request lines with the request id, as a plain pino child would', async () => {
    const { app, lines } = await serverLogging('info');
    await app.inject({ url: '/warn' });
    await app.close();
    const warned = lines.find((l) => l.msg === 'something odd');
    expect(warned).toMatchObject({ level: 40, part: 'x', reqId: expect.any(String) });
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed?.reqId).toBe(warned?.reqId);
    expect(lines.some((l) => l.msg === 'not written at info')).toBe(false);
  });

  it('write nothing below their level, and what a route logs above it', async () => {
    const { app, lines } = await serverLogging('warn');
    await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/warn' });
    await app.close();
    expect(lines).toEqual([expect.objectContaining({ msg: 'something odd', reqId: expect.any(String) })]);
  });
});

describe('request lines', () => {
  async function app(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const server = Fastify({
      logger: { ...loggerOptions({ LOG_LEVEL: level } as Config), level, stream },
      childLoggerFactory: requestLoggerFactory,
      logController: new LogController({ disableRequestLogging: true }),
    });
    logRequests(server);
    server.get('/list', async () => ({ ok: true }));
    server.get('/same', async (_req, reply) => reply.code(304).send());
    server.get('/healthz', async () => ({ ok: true }));
    server.get('/api/v1/calendar/feed/:secret', async () => 'BEGIN:VCALENDAR');
    const seen: string[] = [];
    server.get('/raw/*', async (req) => {
      seen.push(req.url);
      return { ok: true };
    });
    await server.ready();
    return { server, lines, seen };
  }

  it('are one per request at info, with the path, status and time, and never a secret of the path', async () => {
    const { server, lines } = await app('info');
    await server.inject({ url: '/list?code=abc123' });
    await server.inject({ url: '/api/v1/calendar/feed/s3cr3t-feed-key' });
    await server.close();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.any(String),
        req: expect.objectContaining({ method: 'GET', url: '/list?code=…' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({ req: expect.objectContaining({ url: '/api/v1/calendar/feed/…' }) }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/abc123|s3cr3t/);
  });

  it('are the line pino writes for the same fields: level, time, pid and hostname first, valid JSON', async () => {
    const { server, lines } = await app('info');
    await server.inject({ url: '/list?q=%22quoted%5C%22' });
    server.log.info(
      { reqId: 'req-1', req: { method: 'GET', url: '/list', ip: '127.0.0.1' }, res: { statusCode: 200 } },
      'written by pino',
    );
    await server.close();
    const [ours, pinos] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(ours)).toEqual([
      ...Object.keys(pinos).filter((k) => k !== 'msg'),
      'responseTime',
      'msg',
    ]);
    expect(ours).toMatchObject({ pid: pinos.pid, hostname: pinos.hostname, level: 30 });
    expect(Math.abs((ours.time as number) - (pinos.time as number))).toBeLessThan(5_000);
    expect(ours.req).toEqual({ method: 'GET', url: '/list?q=…', ip: '127.0.0.1' });
  });

  it('log any path as the JSON string it is, quotes and backslashes included', async () => {
    const { server, lines, seen } = await app('info');
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    // Sent as raw bytes, as a client may: a request target Node hands on undecoded (bytes beyond ASCII it
    // refuses). Twice, since the second line comes from the path's remembered form.
    const target = Buffer.from('/raw/a"x"\\b');
    for (let i = 0; i < 2; i += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.end(
            Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
          ),
        );
        socket
          .on('error', reject)
          .on('close', () => resolve())
          .resume();
      });
    }
    await server.close();
    expect(seen).toHaveLength(2);
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged.map((line) => (line.req as { url: string }).url)).toEqual(seen);
    expect(seen[0]).toBe('/raw/a"x"\\b');
  });

  it('leave a 304 and a health check to debug', async () => {
    const { server, lines } = await app('info');
    await server.inject({ url: '/same' });
    await server.inject({ url: '/healthz' });
    expect(lines).toEqual([]);
    await server.close();
    const verbose = await app('debug');
    await verbose.server.inject({ url: '/same' });
    await verbose.server.close();
    expect(verbose.lines).toEqual([expect.objectContaining({ level: 20, res: { statusCode: 304 } })]);
  });
});

describe('the log stream', () => {
  /** A destination that records each write it is handed. */
  const recording = () => {
    const writes: string[] = [];
    return {
      writes,
      dest: { write: (b: Buffer) => void writes.push(b.toString()), flush: () => {}, flushSync: () => {} },
    };
  };

  const after = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('hands the lines held within its hold time on in one write, in order, and a later line in a write of its own', async () => {
    const { writes, dest } = recording();
    const stream = coalescingStream(dest, 40);
    stream.write('{"n":1}\n');
    await new Promise((r) => setImmediate(r));
    stream.writeAscii('{"n":2}\n');
    expect(writes).toEqual([]);
    await after(80);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    stream.write('{"n":3}\n');
    await after(80);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('holds a line no longer than its hold time by default', async () => {
    const { writes, dest } = recording();
    const stream = coalescingStream(dest);
    stream.write('{"msg":"soon"}\n');
    await after(LINE_HOLD_MS + 40);
    expect(writes).toEqual(['{"msg":"soon"}\n']);
  });

  it('keeps every line whole and in order, ASCII request lines and UTF-8 lines mixed, past a full buffer', async () => {
    const { writes, dest } = recording();
    const stream = coalescingStream(dest);
    const lines = Array.from({ length: 400 }, (_, n) =>
      n % 3 === 0
        ? `{"msg":"reçu n° ${n} ✓ ${'é'.repeat(n)}"}\n`
        : `{"n":${n},"pad":"${'x'.repeat(n * 3)}"}\n`,
    );
    const huge = `{"msg":"${'€'.repeat(40_000)}"}\n`;
    for (const [n, line] of lines.entries()) {
      if (n % 3 === 0) stream.write(line);
      else stream.writeAscii(line);
      if (n === 200) stream.write(huge);
    }
    await after(LINE_HOLD_MS + 40);
    const expected = [...lines.slice(0, 201), huge, ...lines.slice(201)].join('');
    expect(writes.join('')).toBe(expected);
    // More than one turn's buffer was logged: it went on in several writes, none splitting a line.
    expect(writes.length).toBeGreaterThan(1);
    for (const write of writes) expect(write.endsWith('\n')).toBe(true);
  });

  it('hands held lines on when flushed, so nothing logged just before an exit is lost', () => {
    const { writes, dest } = recording();
    const stream = coalescingStream(dest);
    stream.write('{"msg":"last words"}\n');
    stream.flushSync();
    expect(writes).toEqual(['{"msg":"last words"}\n']);
  });
});
