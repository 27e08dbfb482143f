import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exited } from './server-process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------------------
// compose.yaml against the Compose specification's JSON schema (vendored in tools/compose-schema/), since
// no Docker engine runs here to say `docker compose config`.

/** Go's time.Duration syntax, which Compose uses for intervals and timeouts (`5s`, `1m30s`). */
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

function composeValidator() {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'tools/compose-schema/compose-spec.json'), 'utf8'));
  // The schema declares draft 2019-09 and still labels subschemas with draft-04's `id` (its `$ref`s are all
  // JSON pointers, so the labels name nothing): Ajv refuses that keyword, so it is read as an annotation.
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  ajv.removeKeyword('id');
  ajv.addKeyword({ keyword: 'id', schemaType: 'string' });
  // It names draft 2019-09 as `http://…/schema#`; the draft's own id (Ajv's key for it) is `https://…/schema`.
  expect(schema.$schema).toBe('http://json-schema.org/draft/2019-09/schema#');
  schema.$schema = 'https://json-schema.org/draft/2019-09/schema';
  // The schema's own formats, as Compose defines them.
  ajv.addFormat('duration', DURATION);
  ajv.addFormat('ports', /^((\[?[0-9a-fA-F.:]+\]?:)?(\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
  return ajv.compile(schema);
}

/**
 * Compose substitutes `${NAME}`, `${NAME:-default}`, `${NAME:?error}` and `$$` before it validates; so does
 * this, with `env`, failing as Compose does when a required variable is missing.
 */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name, op, arg) => {
    if (whole === '$$') return '$';
    const value = env[name];
    const unset = value === undefined || (op?.startsWith(':') && value === '');
    if (!unset) return value as string;
    if (op?.endsWith('?')) throw new Error(`required variable ${name} is missing: ${arg}`);
    return op?.endsWith('-') ? arg : '';
  });
}

const composeText = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
const SECRETS = {
  APP_SECRET: 'x'.repeat(64),
  POSTGRES_PASSWORD: 'pg-test',
  MINIO_ROOT_PASSWORD: 'minio-test',
};

/** The errors as `path: message` lines, so a failing file says where it is wrong. */
const described = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);

interface Service {
  deploy?: { replicas?: number };
  healthcheck?: unknown;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
}

describe('compose.yaml', () => {
  const validate = composeValidator();
  const compose = parse(interpolate(composeText, SECRETS)) as { services: Record<string, Service> };

  it('is a valid Compose file', () => {
    const valid = validate(compose);
    expect(described(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('fails with the path of what is wrong when a copy is broken', () => {
    const broken = structuredClone(compose);
    (broken.services.app as { deploy: unknown }).deploy = { replicas: 'two' };
    (broken.services.redis as { healthcheck: unknown }).healthcheck = { interval: 'soon' };
    expect(validate(broken)).toBe(false);
    const errors = described(validate.errors);
    expect(errors).toContain('/services/app/deploy/replicas: must be integer');
    expect(errors).toContain('/services/redis/healthcheck/interval: must match format "duration"');
  });

  it('runs two app replicas, each part with a health check, started once what it needs is healthy', () => {
    const { app, ...others } = compose.services;
    expect(app?.deploy?.replicas).toBe(2);
    for (const [name, service] of Object.entries(compose.services)) {
      // The bucket-creating step runs once and exits; it is waited for by its exit instead.
      if (name !== 'minio-bucket') expect(service.healthcheck, name).toBeDefined();
    }
    expect(app?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
    expect(Object.keys(others).sort()).toEqual(['minio', 'minio-bucket', 'postgres', 'proxy', 'redis']);
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'APP_SECRET']) {
      expect(app?.environment?.[name], name).toBeTruthy();
    }
    for (const name of [
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(app?.environment?.[name], name).toBeTruthy();
    }
  });

  it('takes every secret from the environment, and refuses to start without one', () => {
    expect(composeText).toMatch(/APP_SECRET: \$\{APP_SECRET:\?/);
    expect(() => interpolate(composeText, { ...SECRETS, APP_SECRET: '' })).toThrow(/APP_SECRET is missing/);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The Dockerfile's steps, outside Docker.

/** The Dockerfile's `RUN` line of stage `stage`. */
function runLine(dockerfile: string, stage: string): string {
  const from = dockerfile.split(/^FROM /m).find((part) => part.includes(` AS ${stage}\n`));
  const line = from?.split('\n').find((l) => l.startsWith('RUN '));
  if (!line) throw new Error(`the Dockerfile has no RUN line in stage ${stage}`);
  return line.slice('RUN '.length);
}

/** The manifests the Dockerfile copies before installing (`COPY <file> <dir>` in stage `manifests`). */
function manifestFiles(dockerfile: string): string[] {
  const stage = dockerfile.split(/^FROM /m).find((part) => part.includes(' AS manifests\n')) ?? '';
  return [...stage.matchAll(/^COPY (.+) \S+$/gm)].flatMap((m) => (m[1] ?? '').split(' '));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("the Dockerfile's runtime stage, run outside Docker", () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const image = mkdtempSync(path.join(os.tmpdir(), 'warrantly-image-'));
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    // The build stage's result: the bundled server.
    await run('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    rmSync(image, { recursive: true, force: true });
  });

  it('installs the runtime dependencies alone and serves /healthz as a non-root user', async () => {
    for (const file of manifestFiles(dockerfile)) {
      mkdirSync(path.dirname(path.join(image, file)), { recursive: true });
      cpSync(path.join(ROOT, file), path.join(image, file));
    }
    const install = runLine(dockerfile, 'runtime-deps');
    expect(install).toMatch(/^npm ci --omit=dev /);
    // The same command, from the npm cache. Compiling better-sqlite3 takes minutes on a busy CI machine
    // (the image does it in its runtime-deps stage), so install scripts are skipped here and the binding
    // this checkout already compiled for this Node is put in place: same package version, same ABI.
    const [, ...args] = install.split(' ');
    await run('npm', [...args, '--prefer-offline', '--ignore-scripts'], { cwd: image, timeout: 150_000 });
    const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    mkdirSync(path.dirname(path.join(image, binding)), { recursive: true });
    cpSync(path.join(ROOT, binding), path.join(image, binding));
    // Only the server's workspace and the readers' were installed: no build tools, no web app packages.
    for (const devOnly of ['vitest', 'typescript', 'esbuild', 'vite', 'react']) {
      expect(
        () => readFileSync(path.join(image, 'node_modules', devOnly, 'package.json')),
        devOnly,
      ).toThrow();
    }
    cpSync(path.join(ROOT, 'apps/server/dist'), path.join(image, 'apps/server/dist'), { recursive: true });

    // The image's user owns the data folder and nothing else.
    const root = process.getuid?.() === 0;
    const uid = root ? 65534 : (process.getuid?.() ?? 0);
    const gid = root ? 65534 : (process.getgid?.() ?? 0);
    chmodSync(image, 0o755);
    const dataDir = path.join(image, 'data');
    mkdirSync(dataDir);
    chownSync(dataDir, uid, gid);

    const port = await freePort();
    let output = '';
    // The image's command, as the Dockerfile writes it: node, its flags, the built server.
    const command = dockerfile.split('\n').findLast((line) => line.startsWith('CMD ['));
    const [program, ...nodeArgs] = JSON.parse(command?.slice(4) ?? '[]') as string[];
    expect(program).toBe('node');
    expect(nodeArgs.at(-1)).toBe('apps/server/dist/server.js');
    server = spawn(process.execPath, nodeArgs, {
      cwd: image,
      uid,
      gid,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SANDBOX: 'on',
        SYNC_INTERVAL_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const child = server;
    const listening = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', () => {
        if (output.includes('Warrantly is running')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    await listening;
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // It ran as that user: the key it generated and its database belong to it.
    const { stdout } = await run('stat', ['-c', '%u', path.join(dataDir, 'warrantly.db')]);
    expect(Number(stdout.trim())).toBe(uid);
    expect(uid).not.toBe(0);
  }, 200_000);
});
