import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, type ServerProcess, signedInUser, startServer } from './server-process';

const FAULT = fileURLToPath(new URL('./fixtures/fault-on-signal.mjs', import.meta.url));

/**
 * A purchase whose JSON body arrives in two halves: the request stays in flight until `finish` sends
 * the rest (or forever). Resolves `answer` with the status and body the server sent.
 */
function slowRequest(port: number, authorization: string) {
  const body = Buffer.from(JSON.stringify({ product_name: 'Slow kettle', purchase_date: '2026-01-01' }));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/orders/create/',
    headers: { authorization, 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', resolve);
  });
  req.write(body.subarray(0, 10));
  return { answer, finish: () => req.end(body.subarray(10)), abandon: () => req.destroy() };
}

/** Waits until the server's log holds `text` (it logs asynchronously to a pipe). */
async function logged(server: ServerProcess, text: string): Promise<string> {
  for (let i = 0; i < 100 && !server.output().includes(text); i++)
    await new Promise((r) => setTimeout(r, 50));
  return server.output();
}

describe('the server process', () => {
  const dirs: string[] = [];
  const children: ServerProcess[] = [];
  afterAll(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-safety-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir, env, ['--import', FAULT]);
    children.push(server);
    return { server, authorization: await signedInUser(dataDir) };
  }

  it('on SIGTERM finishes a request in flight, then exits 0', async () => {
    const { server, authorization } = await start();
    const slow = slowRequest(server.port, authorization);
    await new Promise((r) => setTimeout(r, 200)); // the request has reached the server
    server.child.kill('SIGTERM');
    await logged(server, 'shutting down');
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toMatchObject({ status: 201 });
    expect(await exited(server.child)).toBe(0);
  });

  it('exits at the shutdown deadline when a request never finishes', async () => {
    const { server, authorization } = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const slow = slowRequest(server.port, authorization);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    const seconds = (Date.now() - signalled) / 1000;
    slow.abandon();
    expect(code).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(10); // the request alone would hold it for Node's 300 s request timeout
    expect(server.output()).toContain('shutdown deadline passed: exiting with requests unfinished');
  });

  it('logs an unhandled rejection and keeps serving', async () => {
    const { server, authorization } = await start({ TEST_FAULT: 'rejection' });
    server.child.kill('SIGUSR2');
    const output = await logged(server, 'unhandled promise rejection');
    expect(output).toContain('test fault: nobody awaited this');
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
    const list = await fetch(`http://127.0.0.1:${server.port}/api/v1/user-orders/`, {
      headers: { authorization },
    });
    expect(list.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  });

  it('after an uncaught exception finishes the request in flight, then exits 1 to be restarted', async () => {
    const { server, authorization } = await start({ TEST_FAULT: 'exception' });
    const slow = slowRequest(server.port, authorization);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGUSR2');
    const output = await logged(server, 'uncaught exception: shutting down for a restart');
    expect(output).toContain('test fault: thrown where nobody catches it');
    slow.finish();
    expect(await slow.answer).toMatchObject({ status: 201 });
    expect(await exited(server.child)).toBe(1);
    // The log line carries the error's message and stack, nothing of the request's credentials.
    expect(output).not.toContain(authorization.slice(7));
  });
});
