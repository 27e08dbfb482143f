import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL's programs (Debian keeps one folder per major version). */
function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL under /usr/lib/postgresql: install postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A private PostgreSQL cluster in a temporary folder on its own port, so restarting it disturbs no one
 * (never the shared one on 5432). Run as root: initdb refuses root, so it runs as the postgres user.
 */
export async function privateCluster() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-pg-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'pgdata');
  const socket = path.join(dir, 'pgsock');
  const log = path.join(dir, 'pg.log');
  mkdirSync(data, { mode: 0o700 });
  mkdirSync(socket);
  writeFileSync(log, '');
  execFileSync('chown', ['postgres:postgres', data, socket, log]);
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
      stdio: 'pipe',
    });
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1`;
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', log, '-w', ...args]);
  pgCtl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start: () => pgCtl('-o', options, 'start'),
    restart: () => pgCtl('-o', options, '-m', 'fast', 'restart'),
    destroy() {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
