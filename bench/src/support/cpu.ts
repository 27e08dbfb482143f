/**
 * CPU time a process has used as the kernel counts it (all its threads: the event loop, zlib's pool, the
 * garbage collector), so a benchmark can say what one request costs whatever else the machine runs.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks a second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time of `pid` so far, in ms; null once it is gone (or off Linux). */
export function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU time the whole machine has spent busy so far, all cores, in ms: what else ran beside a measured process. */
export function machineBusyMs(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  const ticks = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
