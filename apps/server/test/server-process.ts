import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/database';
import { signAccessToken } from '../src/modules/auth/access-token';
import { loadKeys } from '../src/storage/keys';
import { userRow } from './harness';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far (its JSON log lines and any error output). */
  output(): string;
}

/**
 * Starts the real server process on a free port; resolves with its port once it listens. `nodeArgs` go
 * before the script (e.g. `--import` of a test preload).
 */
export function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  // Node itself with tsx as a loader, so the pid we signal is the server's own (no wrapper process).
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), output: () => out });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

/** Resolves with the exit code once the process has ended (null when a signal ended it). */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

/**
 * A user written straight into a running server's database (its SQLite file beside it, as WAL allows,
 * or `databaseUrl`); answers the user's id.
 */
export async function seedUser(dataDir: string, databaseUrl?: string): Promise<string> {
  const handle = await openDatabase({ url: databaseUrl, sqliteFile: path.join(dataDir, 'warrantly.db') });
  const row = userRow();
  await handle.db.insertInto('users').values(row).execute();
  await handle.close();
  return row.id;
}

/** A seeded user and a bearer header that server accepts for them (its keys opened with `appSecret`). */
export async function signedInUser(
  dataDir: string,
  options: { databaseUrl?: string; appSecret?: string } = {},
): Promise<string> {
  const id = await seedUser(dataDir, options.databaseUrl);
  return `Bearer ${signAccessToken(loadKeys(dataDir, options.appSecret).signing, id)}`;
}
