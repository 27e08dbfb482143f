import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store';

const PARTIAL = '.partial';

/** Blobs as files under `root`; each write goes to a `.partial` file, is synced, then renamed into place. */
export function createFsBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) {
      throw new Error(`Invalid blob key: ${key}`);
    }
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const partial = `${file}.${randomUUID()}${PARTIAL}`;
      const handle = await open(partial, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const info = await stat(path.join(root, entry)).catch(() => null);
        if (info?.isFile()) yield { key: entry.split(path.sep).join('/'), modifiedAt: info.mtime };
      }
    },
  };
}
