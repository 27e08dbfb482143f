/**
 * Documents pass to the reader processes as files in a private folder of /dev/shm (memory, never disk),
 * written on libuv's thread pool: serialising a document of megabytes over IPC held the server's thread for
 * 5-15 ms, and every other user's request with it. Where there is no /dev/shm, or it is full, the bytes go
 * over IPC as before.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A document as a reader receives it: the name of its file, or its bytes. */
export type Handed = { file: string } | { bytes: Uint8Array };

const PREFIX = 'warrantly-readers-';

export function createHandoff(root = '/dev/shm') {
  let dir: string | null | undefined;

  /** The folder, made on first use (mode 0700); folders left by servers that died are removed then. */
  function folder(): string | null {
    if (dir !== undefined) return dir;
    dir = null;
    if (!existsSync(root)) return dir;
    try {
      for (const name of readdirSync(root)) {
        const pid = Number(name.slice(PREFIX.length).split('-')[0]);
        if (name.startsWith(PREFIX) && pid > 0 && !alive(pid))
          rmSync(path.join(root, name), { recursive: true, force: true });
      }
      dir = mkdtempSync(path.join(root, `${PREFIX}${process.pid}-`));
    } catch {
      dir = null;
    }
    return dir;
  }

  return {
    /** Writes the bytes where a reader can read them; the bytes themselves when that is not possible. */
    async hand(bytes: Uint8Array): Promise<Handed> {
      const where = folder();
      if (!where) return { bytes };
      const file = path.join(where, randomUUID());
      try {
        await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
        return { file };
      } catch {
        await rm(file, { force: true });
        return { bytes };
      }
    },
    /** Removes a handed file once its reader is done with it (or was killed). */
    release(handed: Handed): void {
      if ('file' in handed) void rm(handed.file, { force: true });
    },
    /** Removes the folder and whatever is left in it. */
    close(): void {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    },
  };
}

export type Handoff = ReturnType<typeof createHandoff>;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
