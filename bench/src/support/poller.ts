/**
 * Another user's client, in a process of its own so the benchmark's own work never delays it: calls each
 * route every `intervalMs` (the next call when the answer is in, at the earliest) until told to stop, then
 * sends back every call's start time and latency. Started by `startPoller`.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Sample {
  route: string;
  /** When the call started (epoch ms). */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came within the timeout. */
  status: number;
}

interface PollerJob {
  url: string;
  routes: string[];
  headers: Record<string, string>;
  intervalMs: number;
  timeoutMs: number;
}

async function poll(job: PollerJob, stopped: () => boolean, samples: Sample[]): Promise<void> {
  await Promise.all(
    job.routes.map(async (route) => {
      while (!stopped()) {
        const at = Date.now();
        const started = performance.now();
        let status = 0;
        try {
          const res = await fetch(`${job.url}${route}`, {
            headers: job.headers,
            signal: AbortSignal.timeout(job.timeoutMs),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          // Timed out or refused: recorded with status 0.
        }
        samples.push({ route, at, ms: performance.now() - started, status });
        const wait = at + job.intervalMs - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
}

/** Starts the client in a child process; `peek` answers its calls so far, `stop` all of them. */
export function startPoller(job: PollerJob): { peek(): Promise<Sample[]>; stop(): Promise<Sample[]> } {
  const child = fork(fileURLToPath(import.meta.url), ['--poll'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send(job);
  const ask = (command: 'peek' | 'stop') =>
    new Promise<Sample[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('the polling client did not answer'));
      }, job.timeoutMs + 10_000);
      child.once('message', (samples) => {
        clearTimeout(timer);
        if (command === 'stop') child.disconnect();
        resolve(samples as Sample[]);
      });
      child.send(command);
    });
  return { peek: () => ask('peek'), stop: () => ask('stop') };
}

/** Nearest-rank percentile of latencies in ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** p50/p99 of one route's calls that started within [from, to), and how many got no answer in time. */
export function routeStats(samples: Sample[], route: string, from: number, to: number) {
  const inWindow = samples.filter((s) => s.route === route && s.at >= from && s.at < to);
  const ms = inWindow.map((s) => s.ms);
  return {
    calls: inWindow.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    failed: inWindow.filter((s) => s.status < 200 || s.status >= 300).length,
  };
}

if (process.argv.includes('--poll')) {
  let stopped = false;
  const samples: Sample[] = [];
  let done: Promise<void> | null = null;
  // The benchmark ended without stopping the client (it failed): end with it.
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message: PollerJob | 'peek' | 'stop') => {
    if (message === 'peek') {
      process.send?.(samples);
      return;
    }
    if (message === 'stop') {
      stopped = true;
      await done;
      process.send?.(samples);
      return;
    }
    done = poll(message, () => stopped, samples);
  });
}
