import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Dialect } from '../src/db/database';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const ROTATE_KEY = fileURLToPath(new URL('../src/scripts/rotate-key.ts', import.meta.url));
const SCRIPTS = fileURLToPath(new URL('../src/scripts/', import.meta.url));
const MOVE_FILES = fileURLToPath(new URL('../src/scripts/move-files.ts', import.meta.url));

export interface Running {
  child: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry with Node and tsx as a loader, so the pid is the program's own. */
function run(entry: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

/** Everything a process printed, collected as it comes. */
function collect(child: ChildProcess): { text: () => string } {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return { text: () => out };
}

/** The real server process on a free port; resolves once it listens, rejects with its output if it exits. */
export function startServer(env: Record<string, string>): Promise<Running> {
  const child = run(SERVER, env);
  const output = collect(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /open http:\/\/localhost:(\d+)/.exec(output.text());
      if (!match) return;
      const port = Number(match[1]);
      resolve({
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
      });
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output.text()}`)),
    );
  });
}

/** Starts the server expecting it to refuse: its exit code and everything it printed. */
export async function serverRefusal(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = run(SERVER, env);
  const output = collect(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await exited(child);
  clearTimeout(timer);
  return { code, output: output.text() };
}

/** `npm run rotate-key` as a child process. */
export function rotateKey(env: Record<string, string>, args: string[] = []) {
  const child = run(ROTATE_KEY, env, args);
  const output = collect(child);
  return { child, output: output.text, done: () => exited(child) };
}

/** `npm run backup` or `npm run restore` run to its end: its exit code and everything it printed. */
export async function runScript(
  script: 'backup' | 'restore',
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const child = run(`${SCRIPTS}${script}.ts`, env, args);
  const output = collect(child);
  const code = await exited(child);
  return { code, output: output.text() };
}

/** `npm run move-files` as a child process. */
export function moveFiles(env: Record<string, string>, args: string[]) {
  const child = run(MOVE_FILES, env, args);
  const output = collect(child);
  return { child, output: output.text, done: () => exited(child) };
}

/**
 * A database of its own for processes started with DATABASE_URL: SQLite (null: the file in DATA_DIR) or,
 * on PostgreSQL, a new database on the test server, dropped by `drop`.
 */
export async function ownDatabase(dialect: Dialect): Promise<{ url: string | null; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (dialect === 'sqlite' || !server) return { url: null, drop: async () => undefined };
  const name = `warrantly_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database ${name} with (force)`) };
}
