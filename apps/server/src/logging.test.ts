import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './logging';

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
