/**
 * Load for `bench:api` from a process of its own: the autocannon command line, its JSON result read back,
 * so the load generator never shares an event loop (or a core's time slice) with a server it measures.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineBusyMs, procCpuMs } from './cpu';

const AUTOCANNON = path.join(
  fileURLToPath(new URL('../../..', import.meta.url)),
  'node_modules/.bin/autocannon',
);

/** What one run measured: requests a second, latency percentiles (whole ms) and the answers by status. */
export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  /** Answers by status class: `2xx`, `3xx`, and `other` (1xx, 4xx, 5xx, errors and timeouts). */
  counts: { '2xx': number; '3xx': number; other: number };
  /** Body and header bytes received a second. */
  bytesPerSecond: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  errors: number;
  timeouts: number;
}

/** `connections` keep-alive connections for `seconds`, each sending `headers` to `url`. */
export async function loadRun(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  const flags = [
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(AUTOCANNON, flags, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let errors = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      errors = (errors + c.toString()).slice(-2000);
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}: ${errors}`)),
    );
  });
  const r = JSON.parse(out) as AutocannonJson;
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    counts: {
      '2xx': r['2xx'],
      '3xx': r['3xx'],
      other: r['1xx'] + r['4xx'] + r['5xx'] + r.errors + r.timeouts,
    },
    bytesPerSecond: r.throughput.average,
  };
}

/**
 * Throws unless a run of `name` at `url` got only the answers its series is about: 304s for a conditional
 * series, else 200s. A ratio over refusals or errors would measure something else.
 */
export function expectAnswers(name: string, url: string, conditional: boolean, run: LoadResult): void {
  const expected = conditional ? '3xx' : '2xx';
  const wrong = run.counts.other + (conditional ? run.counts['2xx'] : run.counts['3xx']);
  if (wrong > 0 || run.counts[expected] === 0)
    throw new Error(`${name} at ${url}: ${JSON.stringify(run.counts)} (expected ${expected} only)`);
}

/** A measured run, and what it cost: the CPU the measured process spent per request, and the others' CPU. */
export interface MeasuredLoad extends LoadResult {
  /** µs of CPU process `pid` spent per request; null when unreadable. */
  cpuUs: number | null;
  /** ms of CPU every other process took meanwhile (the load generator, other servers); null when unreadable. */
  othersMs: number | null;
}

/** `warmUp` seconds of the load, then `seconds` measured, with the CPU process `pid` (the server) spent. */
export async function measuredLoadRun(
  url: string,
  connections: number,
  warmUp: number,
  seconds: number,
  headers: Record<string, string>,
  pid?: number,
): Promise<MeasuredLoad> {
  await loadRun(url, connections, warmUp, headers);
  const cpuOf = () => (pid === undefined ? null : procCpuMs(pid));
  const [cpuBefore, machineBefore] = [cpuOf(), machineBusyMs()];
  const run = await loadRun(url, connections, seconds, headers);
  const [cpuAfter, machineAfter] = [cpuOf(), machineBusyMs()];
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    ...run,
    cpuUs: cpuMs === null || run.requests === 0 ? null : (cpuMs * 1000) / run.requests,
    othersMs: cpuMs === null ? null : machineAfter - machineBefore - cpuMs,
  };
}
