import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../db/database';
import type { RowCounts } from './backup.repository';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'warrantly-backup';
const VERSION = 1;

export interface BackupFile {
  /** Relative to the backup folder, with `/` separators. */
  path: string;
  sha256: string;
  size: number;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  dialect: Dialect;
  /** The database file (`database.sqlite` or `database.pgdump`), and on PostgreSQL the schema dumped. */
  database: { file: string; schema?: string };
  counts: RowCounts & { receiptFiles: number };
  /** The key check file (which keys seal the data, never the keys) and the key files included, if any. */
  keys: { check: string; included: string[] };
  files: BackupFile[];
}

export function newManifest(fields: Omit<Manifest, 'format' | 'version'>): Manifest {
  return { format: FORMAT, version: VERSION, ...fields };
}

/** A backup that cannot be restored as it is: the message says which file and why. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The backup's manifest, checked for its format; throws a BackupError saying what is wrong. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new BackupError(
      `${file} is missing: ${dir} is not a Warrantly backup, or its backup was interrupted before it finished`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is damaged: it is not JSON`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`${file} is not a Warrantly backup manifest`);
  }
  if (manifest.version !== VERSION) {
    throw new BackupError(
      `${file} is format version ${manifest.version}; this Warrantly reads version ${VERSION}`,
    );
  }
  for (const entry of manifest.files) backupPath(dir, entry.path);
  return manifest;
}

/** A manifest path inside the backup folder; one leading out of it is refused. */
export function backupPath(dir: string, relative: string): string {
  const resolved = path.resolve(dir, relative);
  if (path.isAbsolute(relative) || !resolved.startsWith(path.resolve(dir) + path.sep)) {
    throw new BackupError(`The manifest names ${relative}, which is outside the backup folder`);
  }
  return resolved;
}

/** Checks every file the manifest lists against its size and SHA-256; throws naming the first that differs. */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of manifest.files) {
    const file = backupPath(dir, entry.path);
    if (!existsSync(file)) throw new BackupError(`The backup is damaged: ${entry.path} is missing`);
    if ((await sha256Of(file)) !== entry.sha256) {
      throw new BackupError(
        `The backup is damaged: ${entry.path} does not match its SHA-256 in the manifest (changed or corrupted)`,
      );
    }
  }
}
