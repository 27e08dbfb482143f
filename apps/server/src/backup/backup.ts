import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { readKeyCheck } from '../storage/keys';
import { openBlobStore } from '../storage/open-blob-store';
import { privateDir, writePrivateFileAtomic } from '../storage/private-files';
import {
  copySqliteDatabase,
  countRows,
  currentSchema,
  inExportedSnapshot,
  type RowCounts,
  storedFileKeys,
} from './backup.repository';
import {
  BackupError,
  type BackupFile,
  backupPath,
  MANIFEST_FILE,
  type Manifest,
  newManifest,
  sha256Of,
} from './manifest';
import { dumpSchema } from './postgres-tools';

export interface BackupOptions {
  config: Config;
  dataDir: string;
  /** The backup folder: absent or empty. */
  dir: string;
  /** Copy DATA_DIR's generated master key files too (otherwise the backup holds only the key check). */
  includeKey: boolean;
}

export interface BackupResult {
  manifest: Manifest;
  /**
   * Receipt files the copied database names that were deleted before they could be copied (their receipts
   * deleted while the backup ran): restored, those rows have no file.
   */
  missing: string[];
  /** The key files copied (with `includeKey`). */
  keyFiles: string[];
}

/** Refuses a backup folder that holds anything: a backup never mixes with another's files. */
function emptyFolder(dir: string): void {
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    throw new BackupError(`${dir} is not empty: back up into a new or empty folder`);
  }
  privateDir(dir);
}

/** Streams `chunks` into a new file, answering its SHA-256 and size. */
async function writeHashed(file: string, chunks: AsyncIterable<Buffer>): Promise<Omit<BackupFile, 'path'>> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  const handle = await open(file, 'wx', 0o600);
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      await handle.writeFile(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Writes a backup of the data the configuration names into `dir`: the database, every receipt file as it
 * is stored (ciphertext), the key check, and a manifest with the SHA-256 of each file, written last (a
 * folder without one is an unfinished backup). The server may keep running meanwhile.
 */
export async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const { config, dataDir, dir } = options;
  const keyCheck = readKeyCheck(dataDir);
  if (!keyCheck) {
    throw new BackupError(
      `${path.join(dataDir, 'keycheck.json')} is missing: start the server once on this data (it records which key seals it), then back up again`,
    );
  }
  emptyFolder(dir);
  const files: BackupFile[] = [];
  const addFile = async (relative: string) => {
    const file = backupPath(dir, relative);
    files.push({ path: relative, sha256: await sha256Of(file), size: statSync(file).size });
  };

  // The database first, the files second: the app writes a receipt's file before the row that names it,
  // so every file a copied row names was already stored when the files are listed. Files written after
  // the database copy (rows the backup does not hold) are copied too and swept as orphans at start-up; a
  // receipt deleted in between is the one case of a copied row without its file, and is reported.
  let counts: RowCounts;
  let fileKeys: string[];
  let database: Manifest['database'];
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    const handle = await openDatabase({ url });
    try {
      const schema = await currentSchema(handle.db);
      if (!schema) {
        throw new BackupError(
          'DATABASE_URL names a search_path whose schema does not exist: nothing to back up',
        );
      }
      database = { file: 'database.pgdump', schema };
      ({ counts, fileKeys } = await inExportedSnapshot(handle.db, (snapshot) =>
        dumpSchema(url, schema, snapshot, path.join(dir, 'database.pgdump')),
      ));
    } finally {
      await handle.close();
    }
  } else {
    const source = path.join(dataDir, 'warrantly.db');
    if (!existsSync(source)) throw new BackupError(`${source} does not exist: nothing to back up`);
    database = { file: 'database.sqlite' };
    const copy = path.join(dir, database.file);
    await copySqliteDatabase(source, copy);
    const handle = await openDatabase({ sqliteFile: copy });
    try {
      counts = await countRows(handle.db);
      fileKeys = await storedFileKeys(handle.db);
    } finally {
      await handle.close();
    }
  }
  await addFile(database.file);

  const blobs = openBlobStore(config, dataDir);
  const copied = new Set<string>();
  for await (const { key } of blobs.list()) {
    const relative = `blobs/${key}`;
    const stream = await blobs.getStream(key);
    if (!stream) continue;
    files.push({ path: relative, ...(await writeHashed(backupPath(dir, relative), stream)) });
    copied.add(key);
  }
  const missing = fileKeys.filter((key) => !copied.has(key));

  copyFileSync(path.join(dataDir, 'keycheck.json'), path.join(dir, 'keycheck.json'));
  await addFile('keycheck.json');
  const keyFiles: string[] = [];
  if (options.includeKey) {
    const ring = path.join(dataDir, 'keys');
    const candidates = [
      'master.key',
      ...(existsSync(ring) ? readdirSync(ring).map((name) => `keys/${name}`) : []),
    ].filter((relative) => /^(master\.key|keys\/master-[0-9a-f]{16}\.key)$/.test(relative));
    for (const relative of candidates) {
      const source = path.join(dataDir, relative);
      if (!existsSync(source)) continue;
      mkdirSync(path.dirname(backupPath(dir, relative)), { recursive: true, mode: 0o700 });
      copyFileSync(source, backupPath(dir, relative));
      await addFile(relative);
      keyFiles.push(relative);
    }
  }

  const manifest = newManifest({
    createdAt: new Date().toISOString(),
    dialect: config.DATABASE_URL ? 'postgres' : 'sqlite',
    database,
    counts: { ...counts, receiptFiles: copied.size },
    keys: { check: 'keycheck.json', included: keyFiles },
    files,
  });
  writePrivateFileAtomic(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, missing, keyFiles };
}
