/**
 * What `bench:load` runs its replicas against besides PostgreSQL: an S3 server (s3rver, in a process of
 * its own) and Redis (a check that it answers, and the removal of the run's keys after).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../e2e/support/server';

export interface S3Process {
  endpoint: string;
  bucket: string;
  /** The S3_* settings a replica needs to keep its files in the bucket. */
  env: Record<string, string>;
  /** Every key in the bucket (ListObjectsV2, page by page). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver (its defaults: access key and secret `S3RVER`) on a free port with one empty bucket. */
export async function startS3Process(bucket: string): Promise<S3Process> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-s3-'));
  const bin = path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
      const found = /listening on ([\d.]+):(\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(`http://${found[1]}:${found[2]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const keys = async () => {
    const found: string[] = [];
    // Version 1 listing, paged by the last key: s3rver's version 2 continuation tokens are DES-encrypted,
    // which Node 20's OpenSSL 3 no longer has, so past 1000 objects it answered 500.
    let marker: string | undefined;
    do {
      const res = await fetch(`${endpoint}/${bucket}?${new URLSearchParams(marker ? { marker } : {})}`);
      const xml = await res.text();
      if (!res.ok) throw new Error(`listing the bucket answered ${res.status}: ${xml.slice(0, 300)}`);
      const page = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] as string);
      found.push(...page);
      marker = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? page.at(-1) : undefined;
    } while (marker);
    return found;
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    stop,
  };
}

/** One Redis command over RESP; answers the raw reply. Enough for a PING and one EVAL, no client needed. */
function redisCommand(url: string, args: string[]): Promise<string> {
  const { hostname, port } = new URL(url);
  const wire = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let reply = '';
    socket.setTimeout(3000, () => {
      socket.destroy();
      reject(new Error(`Redis at ${url} did not answer within 3 s`));
    });
    socket.once('error', (error) =>
      reject(new Error(`Redis at ${url} is not reachable (${error.message}): start it, or set REDIS_URL`)),
    );
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.endsWith('\r\n')) {
        socket.end();
        resolve(reply);
      }
    });
    socket.write(wire);
  });
}

/** Throws a clear error when Redis does not answer PING. */
export async function checkRedis(url: string): Promise<void> {
  const reply = await redisCommand(url, ['PING']);
  if (!reply.startsWith('+PONG')) throw new Error(`Redis at ${url} answered PING with ${reply.trim()}`);
}

/** Removes the keys under `prefix` the replicas left (rate-limit counters). */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const script =
    "local n = 0 for _, k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) n = n + 1 end return n";
  await redisCommand(url, ['EVAL', script, '0', `${prefix}*`]);
}
