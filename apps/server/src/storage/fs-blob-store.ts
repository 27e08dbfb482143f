import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store';

const PARTIAL = '.partial';
/** The size of each read of `getStream`: one chunk of the chunked envelope. */
const READ_SIZE = 64 * 1024;

/** `key` when it is a relative path of plain names (no `..`, no leading `/`), the same in every store. */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) {
    throw new Error(`Invalid blob key: ${key}`);
  }
  return key;
}

/** Blobs as files under `root`; each write goes to a `.partial` file, is synced, then renamed into place. */
export function createFsBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, checkedKey(key));

  const write = async (key: string, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${randomUUID()}${PARTIAL}`;
    const handle = await open(partial, 'wx', 0o600);
    try {
      try {
        // writeFile on a handle writes all of a chunk from the current position on.
        for await (const chunk of chunks) await handle.writeFile(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
    } catch (error) {
      // What a crash leaves instead is swept at start-up.
      await rm(partial, { force: true });
      throw error;
    }
  };

  return {
    put: (key, bytes) => write(key, [bytes]),
    putStream: write,
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },
    async getStream(key) {
      try {
        // Opened now, so a rename over the key meanwhile does not change what is read.
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream({ highWaterMark: READ_SIZE });
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(under = '') {
      // A folder prefix lists that folder only; any other prefix filters the whole tree.
      const folder = under.endsWith('/') ? under.slice(0, -1) : '';
      const start = folder ? path.join(root, checkedKey(folder)) : root;
      let entries: string[];
      try {
        entries = await readdir(start, { recursive: true });
      } catch (error) {
        if (isAbsent(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(start, entry);
        const key = path.relative(root, full).split(path.sep).join('/');
        if (!key.startsWith(under)) continue;
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    },
  };
}

function isAbsent(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
