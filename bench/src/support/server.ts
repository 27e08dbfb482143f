/**
 * The real server in a process of its own, as `npm start` runs it, for benchmarks that measure it from
 * outside: its address, its JSON log lines, and its memory as the kernel counts it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
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
 * fresh data folder on a free port and waits for `/healthz`. `env` is added to the bench's environment,
 * without provider credentials or a database URL, so the server runs on SQLite with its sandbox.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { requireBuilt?: boolean; startTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  if (options.requireBuilt && !existsSync(BUILT))
    throw new Error(`${BUILT} is missing: run \`npm run build\` first`);
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(inherited)) {
    if (/^(GOOGLE|MICROSOFT)_|^DATABASE_URL$|^PUBLIC_URL$|^SANDBOX|^LLM_|^APP_SECRET$/.test(key))
      delete inherited[key];
  }
  const args = existsSync(BUILT)
    ? [...(options.nodeArgs ?? []), '--max-semi-space-size=1', BUILT]
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
  let pending = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (a stack trace printed by Node itself).
      }
    }
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

/** A figure of `/proc/<pid>/status` in MB (VmRSS: resident now, VmHWM: the peak), null once it is gone. */
export function procMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The process's children and their descendants, from `/proc/<pid>/task/<tid>/children`. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const visit = (parent: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

export interface MemoryWatch {
  /** The server's peak resident memory since the watch began (MB). */
  serverPeakMb(): number;
  /** The largest peak among its child processes (MB) and how many were seen. */
  children(): { peakMb: number; count: number };
  stop(): void;
}

/**
 * Follows a server's memory from now on: resets its kernel peak (`clear_refs` 5) so VmHWM covers this
 * phase only, and samples it and its child processes (workers that run as processes) every 100 ms.
 */
export function watchMemory(pid: number): MemoryWatch {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Older kernels: the sampled VmRSS below still bounds the peak from underneath.
  }
  let serverPeak = 0;
  const childPeaks = new Map<number, number>();
  const sample = () => {
    serverPeak = Math.max(serverPeak, procMemoryMb(pid, 'VmHWM') ?? 0, procMemoryMb(pid, 'VmRSS') ?? 0);
    for (const child of descendants(pid)) {
      const peak = procMemoryMb(child, 'VmHWM');
      if (peak !== null) childPeaks.set(child, Math.max(childPeaks.get(child) ?? 0, peak));
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    serverPeakMb: () => {
      sample();
      return serverPeak;
    },
    children: () => ({ peakMb: Math.max(0, ...childPeaks.values()), count: childPeaks.size }),
    stop: () => clearInterval(timer),
  };
}
