import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

export interface RunningServer {
  url: string;
  sandboxUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A free loopback port: bind to 0, read it, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /healthz within 60 s:\n${output()}`);
}

/**
 * Starts the built server (`npm run build` at the root makes it) on a random port with a fresh data folder,
 * no provider credentials and SANDBOX=on, so it brings up its provider sandbox, as `npm start` does on a
 * new machine.
 * The browser tests and `bench:web` both run against it; `stop` ends it and removes the folder.
 */
export async function startBuiltServer(): Promise<RunningServer> {
  if (!existsSync(SERVER))
    throw new Error(`${SERVER} is missing: run \`npm run build\` at the repository root`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(GOOGLE|MICROSOFT)_|^DATABASE_URL$|^PUBLIC_URL$|^SANDBOX|^LLM_/.test(key)) delete env[key];
  }
  Object.assign(env, {
    // Production mode, as a deployment runs it: the sandbox only because it is asked for.
    NODE_ENV: 'production',
    SANDBOX: 'on',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SYNC_INTERVAL_MINUTES: '0',
  });
  let log = '';
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log);
    const meta = (await (await fetch(`${url}/api/v1/meta/`)).json()) as {
      sandbox: boolean;
      sandbox_url?: string;
    };
    if (!meta.sandbox || !meta.sandbox_url) throw new Error('The server did not start its provider sandbox');
    return { url, sandboxUrl: meta.sandbox_url, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
