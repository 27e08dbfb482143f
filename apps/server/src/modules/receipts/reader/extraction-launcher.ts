/**
 * Starts and relays to the extraction children (extraction-pool.ts forks this once). fork() copies the
 * calling process's page tables, which in a server of a few hundred MB stalls its thread for 10-40 ms each
 * time a killed reader is replaced; this small process pays that instead.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';

export type LauncherRequest =
  | { op: 'spawn'; slot: number; path: string; execArgv: string[] }
  | { op: 'send'; slot: number; message: unknown }
  | { op: 'kill'; slot: number };

export type LauncherEvent =
  | { op: 'spawned'; slot: number; pid: number }
  | { op: 'message'; slot: number; message: unknown }
  | { op: 'exit'; slot: number; code: number | null; signal: string | null };

const readers = new Map<number, ChildProcess>();
const tell = (event: LauncherEvent) => process.send?.(event);

function spawn(slot: number, path: string, execArgv: string[]): void {
  const child = fork(path, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  readers.set(slot, child);
  let exited = false;
  const exit = (code: number | null, signal: string | null) => {
    if (exited) return;
    exited = true;
    readers.delete(slot);
    tell({ op: 'exit', slot, code, signal });
  };
  child.on('message', (message) => tell({ op: 'message', slot, message }));
  child.on('exit', exit);
  // A reader that could not be started never exits: say so in its place.
  child.on('error', () => {
    if (child.pid === undefined) exit(null, null);
    else child.kill('SIGKILL');
  });
  if (child.pid === undefined) return;
  // The server's own requests come first when CPUs are short: the readers yield to it. At nice 10 two busy
  // readers still held a 2-core machine's server back 20-40 ms at times; at 19 each weighs 1/68 of it.
  try {
    setPriority(child.pid, 19);
  } catch {
    // Not permitted here: the readers then share the CPU evenly.
  }
  tell({ op: 'spawned', slot, pid: child.pid });
}

process.on('message', (request: LauncherRequest) => {
  if (request.op === 'spawn') spawn(request.slot, request.path, request.execArgv);
  else if (request.op === 'send') readers.get(request.slot)?.send(request.message as never);
  else readers.get(request.slot)?.kill('SIGKILL');
});
// The server went away (even by SIGKILL): its readers go too.
process.on('disconnect', () => {
  for (const reader of readers.values()) reader.kill('SIGKILL');
  process.exit(0);
});
