import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { checkOfferedKeys, readKeyCheck } from '../storage/keys';
import { openBlobStore } from '../storage/open-blob-store';
import { privateDir } from '../storage/private-files';
import {
  countRows,
  currentSchema,
  type RowCounts,
  schemaContents,
  searchPathHead,
} from './backup.repository';
import { BackupError, backupPath, type Manifest, readManifest, verifyFiles } from './manifest';
import { restoreDump } from './postgres-tools';

export interface RestoreOptions {
  config: Config;
  dataDir: string;
  /** The backup folder. */
  dir: string;
  /** A master.key kept apart from the backup (one made without --include-key). */
  keyFile?: string | undefined;
}

/** Refuses a data folder that holds anything: a restore never merges into existing data. */
function checkDataFolderEmpty(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) throw new BackupError(`${dataDir} is not a folder`);
  const held = readdirSync(dataDir);
  if (held.length > 0) {
    throw new BackupError(
      `The data folder ${dataDir} is not empty (it holds ${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}): restore into an empty or new DATA_DIR`,
    );
  }
}

/** The restored database's counts must be the backup's: anything else means the restore lost rows. */
function checkCounts(expected: Manifest['counts'], actual: RowCounts): void {
  for (const [name, count] of Object.entries(actual) as [keyof RowCounts, number][]) {
    if (expected[name] !== count) {
      throw new BackupError(
        `The restored database holds ${count} ${name}; the backup recorded ${expected[name]}`,
      );
    }
  }
}

/**
 * Restores a backup into an empty data folder (and, on PostgreSQL, an empty schema of DATABASE_URL's
 * database). Nothing is written until the backup's files match their hashes, the keys given open its
 * data and the targets are empty.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { config, dataDir, dir } = options;
  const manifest = readManifest(dir);
  await verifyFiles(dir, manifest);

  const entries = readKeyCheck(dir);
  if (!entries) throw new BackupError(`The backup is damaged: ${manifest.keys.check} is missing`);
  const included = manifest.keys.included.map((relative) => backupPath(dir, relative));
  checkOfferedKeys(entries, {
    appSecret: config.APP_SECRET,
    previousSecret: config.APP_SECRET_PREVIOUS,
    keyFiles: [...included, ...(options.keyFile ? [options.keyFile] : [])],
  });

  if (manifest.dialect === 'postgres' && !config.DATABASE_URL) {
    throw new BackupError(
      'This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  }
  if (manifest.dialect === 'sqlite' && config.DATABASE_URL) {
    throw new BackupError(
      'This is a backup of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR/warrantly.db',
    );
  }
  checkDataFolderEmpty(dataDir);
  const blobs = openBlobStore(config, dataDir);
  for await (const { key } of blobs.list()) {
    throw new BackupError(`The receipt file store is not empty (it holds ${key}): restore into an empty one`);
  }

  const databaseFile = backupPath(dir, manifest.database.file);
  let counts: RowCounts;
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    const schema = manifest.database.schema ?? 'public';
    const handle = await openDatabase({ url });
    try {
      const target = (await currentSchema(handle.db)) ?? (await searchPathHead(handle.db));
      if (target !== schema) {
        throw new BackupError(
          `The backup holds schema "${schema}", but DATABASE_URL works in schema "${target}": pg_restore cannot rename a schema, so restore into a database whose search_path starts with "${schema}"`,
        );
      }
      const contents = await schemaContents(handle.db, schema);
      if (contents.holds.length > 0) {
        throw new BackupError(
          `Schema "${schema}" of the database in DATABASE_URL is not empty (it holds ${contents.holds.join(', ')}): restore into an empty database or schema`,
        );
      }
      privateDir(dataDir);
      const scratch = path.join(os.tmpdir(), `warrantly-restore-${process.pid}.list`);
      try {
        await restoreDump(url, databaseFile, schema, contents.exists, scratch);
      } finally {
        rmSync(scratch, { force: true });
      }
      counts = await countRows(handle.db);
    } finally {
      await handle.close();
    }
  } else {
    privateDir(dataDir);
    const target = path.join(dataDir, 'warrantly.db');
    copyFileSync(databaseFile, target);
    chmodSync(target, 0o600);
    const handle = await openDatabase({ sqliteFile: target });
    try {
      counts = await countRows(handle.db);
    } finally {
      await handle.close();
    }
  }
  checkCounts(manifest.counts, counts);

  for (const entry of manifest.files) {
    if (!entry.path.startsWith('blobs/')) continue;
    await blobs.putStream(entry.path.slice('blobs/'.length), createReadStream(backupPath(dir, entry.path)));
  }

  // The key check goes back with the data, so start-up refuses keys that do not open it.
  for (const relative of [manifest.keys.check, ...manifest.keys.included]) {
    const target = path.join(dataDir, relative);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    copyFileSync(backupPath(dir, relative), target);
    chmodSync(target, 0o600);
  }
  const keyFileNeeded = entries.some((entry) => entry.source === 'master.key');
  const masterKey = path.join(dataDir, 'master.key');
  if (options.keyFile && keyFileNeeded && !existsSync(masterKey)) {
    copyFileSync(options.keyFile, masterKey);
    chmodSync(masterKey, 0o600);
  }
  return manifest;
}
