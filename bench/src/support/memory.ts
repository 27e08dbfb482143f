/**
 * A server process's memory as the kernel counts it, for benchmarks that measure the server from outside
 * (it runs through e2e/support/server.ts's startServerProcess).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

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

/** `/proc/<pid>/status` figures in MB: the heap's and malloc's pages (RssAnon) apart from mapped files. */
export function procRssParts(pid: number): { anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { anon: kb('RssAnon'), file: kb('RssFile') };
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
