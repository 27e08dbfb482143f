import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../src/storage/s3-blob-store';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* settings for a server or script using this store. */
  env: Record<string, string>;
  /** The same as a store's settings. */
  settings: S3Settings;
  /** Where s3rver keeps the objects on disk (to look at what the bucket really holds). */
  directory: string;
  stop(): Promise<void>;
}

const BIN = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/**
 * A real S3 server (s3rver) in a process of its own, on a free port, with an empty bucket in a temporary
 * folder. s3rver makes ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 has only in its
 * legacy provider: without it every listing longer than a page answers 500.
 */
export async function startS3Server(bucket = 'warrantly-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'warrantly-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      BIN,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /S3rver listening on [^:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening:\n${out}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
  return {
    endpoint,
    bucket,
    directory,
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The objects a bucket of `server` holds, as s3rver stores their bytes on disk. */
export function storedObjects(server: S3Server): Buffer[] {
  return readdirSync(server.directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)));
}
