/**
 * The real server in a process of its own, as `npm start` runs it, for what drives it from outside (the
 * browser tests, the benchmarks): its address, its JSON log lines, and a way to stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT = path.join(ROOT, 'apps/server/dist/server.js');

/** One JSON log line of the server (pino: `time` in epoch ms, `level`, `msg`, and fields). */
export type LogLine = { time: number; level: number; msg?: string } & Record<string, unknown>;

export interface ServerProcess {
  url: string;
  /** The provider sandbox the server started in its own process, or null when it runs without one. */
  sandboxUrl: string | null;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** Every JSON line the server has written so far. */
  logs: LogLine[];
  /** Ends the server (SIGTERM, then SIGKILL after `graceMs`) and removes its data folder. */
  stop(graceMs?: number): Promise<void>;
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

/**
 * Starts `apps/server/dist/server.js` (the TypeScript source through tsx when it is not built) with a
 * fresh data folder (or `env.DATA_DIR`) on a free port and waits for `/healthz`. `env` is added to this
 * process's environment, without provider credentials, a database URL or an app secret, so the server runs
 * on SQLite with keys of its own. The browser tests and the benchmarks run the server through it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    requireBuilt?: boolean;
    startTimeoutMs?: number;
    nodeArgs?: string[];
    /** Reads stdout without keeping its lines (`logs` stays empty), as a log shipper would: load tests. */
    discardLogs?: boolean;
    /**
     * Keeps only the lines holding this text, looked for in the bytes read before any decoding or parse: a
     * load test that needs a few lines must not decode every request's, on the cores the server under
     * test runs on.
     */
    keepLinesWith?: string;
  } = {},
): Promise<ServerProcess> {
  if (options.requireBuilt && !existsSync(BUILT))
    throw new Error(`${BUILT} is missing: run \`npm run build\` first`);
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'warrantly-server-'));
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(inherited)) {
    if (/^(GOOGLE|MICROSOFT)_|^DATABASE_URL$|^PUBLIC_URL$|^SANDBOX|^LLM_|^APP_SECRET$/.test(key))
      delete inherited[key];
  }
  const args = existsSync(BUILT)
    ? // The V8 flags `npm start` and the Dockerfile run the server with (docs/architecture.md, memory).
      ['--max-semi-space-size=1', '--heap-growing-percent=50', ...(options.nodeArgs ?? []), BUILT]
    : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // Production mode needs the public origin; the sandbox must be asked for by name (SANDBOX=on).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  const keepParsed = (text: string) => {
    for (const line of text.split('\n')) {
      if (options.keepLinesWith && !line.includes(options.keepLinesWith)) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (a stack trace printed by Node itself), or an empty one.
      }
    }
  };
  const marker = options.keepLinesWith ? Buffer.from(options.keepLinesWith) : null;
  // Bytes after the last newline read so far: lines are cut on bytes, so a character split between two
  // chunks is decoded whole, and a chunk without the marker is never decoded.
  let held = Buffer.alloc(0);
  if (options.discardLogs) child.stdout?.resume();
  else
    child.stdout?.on('data', (chunk: Buffer) => {
      const end = chunk.lastIndexOf(10) + 1;
      if (end === 0) {
        held = Buffer.concat([held, chunk]);
        return;
      }
      const whole = Buffer.concat([held, chunk.subarray(0, end)]);
      held = Buffer.from(chunk.subarray(end));
      if (!marker || whole.includes(marker)) keepParsed(whole.toString());
    });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-10_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (graceMs = 5000) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz in time:\n${stderr}`);
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const meta = (await (await fetch(`${url}/api/v1/meta/`)).json()) as { sandbox_url?: string };
    return {
      url,
      sandboxUrl: meta.sandbox_url ?? null,
      pid: child.pid as number,
      child,
      dataDir,
      logs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface RunningServer {
  url: string;
  sandboxUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`npm run build` at the root makes it) on a random port with a fresh data folder,
 * no provider credentials and SANDBOX=on, so it brings up its provider sandbox, as `npm start` does on a
 * new machine.
 * The browser tests and `bench:web` both run against it; `stop` ends it and removes the folder.
 */
export async function startBuiltServer(): Promise<RunningServer> {
  // Production mode, as a deployment runs it: the sandbox only because it is asked for.
  const server = await startServerProcess(
    // Every spec signs in from the one address of the test runner, and the specs share two demo users
    // whose mailboxes they sync one after the other: more than a household's sign-ins and syncs.
    {
      SANDBOX: 'on',
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      SIGN_INS_PER_MINUTE: '600',
      SYNCS_PER_MINUTE: '60',
    },
    { requireBuilt: true },
  );
  const stop = () => server.stop(10_000);
  if (!server.sandboxUrl) {
    await stop();
    throw new Error('The server did not start its provider sandbox');
  }
  return { url: server.url, sandboxUrl: server.sandboxUrl, dataDir: server.dataDir, stop };
}
