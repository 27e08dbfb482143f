/**
 * Documents pass to the reader processes as files in a private folder of /dev/shm (memory, never disk),
 * written on libuv's thread pool: serialising a document of megabytes over IPC held the server's thread for
 * 5-15 ms, and every other user's request with it. A document still arriving (a provider's answer) is
 * written chunk by chunk as it comes, so it is never gathered in the server's memory. Where there is no
 * /dev/shm, or it is full, the bytes go over IPC as before.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type FileHandle, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InputOverLimit } from '../../../errors';

/** A document as a reader receives it: the name of its file, or its bytes. */
export type Handed = { file: string } | { bytes: Uint8Array };

/** A document still arriving, and the most it may hold: past it, it is refused with `overLimit`. */
export interface Arriving {
  body: AsyncIterable<Uint8Array>;
  maxBytes: number;
  /** The refusal's reason, for the user (InputOverLimit). */
  overLimit: string;
}

/** A document to hand over: its bytes, the chunks it arrived in, or a body still arriving. */
export type Document = Uint8Array | readonly Uint8Array[] | Arriving;

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

  async function handArriving({ body, maxBytes, overLimit }: Arriving): Promise<Handed> {
    const where = folder();
    const file = where ? path.join(where, randomUUID()) : null;
    let handle: FileHandle | null = file ? await open(file, 'wx', 0o600).catch(() => null) : null;
    /** What arrived, when there is no file to write it to (or the file failed part way). */
    const held: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new InputOverLimit(overLimit);
        if (handle) {
          try {
            await handle.write(chunk);
            continue;
          } catch {
            // The folder is full: what was written is read back, and the rest is held here.
            await handle.close();
            handle = null;
            held.push((await readFile(file as string)).subarray(0, size - chunk.byteLength));
          }
        }
        held.push(chunk);
      }
      if (handle) {
        await handle.close();
        handle = null;
        return { file: file as string };
      }
      if (file) await rm(file, { force: true });
      return { bytes: Buffer.concat(held) };
    } catch (error) {
      await handle?.close();
      if (file) await rm(file, { force: true });
      throw error;
    }
  }

  return {
    /**
     * Writes the document where a reader can read it; its bytes themselves when that is not possible. An
     * arriving body's own failure rejects with its error; one over its limit with InputOverLimit.
     */
    async hand(document: Document): Promise<Handed> {
      if (!(document instanceof Uint8Array) && !Array.isArray(document))
        return handArriving(document as Arriving);
      const chunks = document instanceof Uint8Array ? [document] : (document as readonly Uint8Array[]);
      const gathered = () => ({
        bytes: chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks),
      });
      const where = folder();
      if (!where) return gathered();
      const file = path.join(where, randomUUID());
      try {
        await writeFile(file, chunks, { mode: 0o600, flag: 'wx' });
        return { file };
      } catch {
        await rm(file, { force: true });
        return gathered();
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
