import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { providerEndpoints, startsSandbox } from '../src/providers/start-providers';
import { createTestApp } from './harness';
import { startServer } from './server-process';

const config = (env: Record<string, string>) => loadConfig(env, '/nonexistent/.env');
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://warrantly.example.com' };
const GOOGLE = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };

describe('production mode', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('requires PUBLIC_URL, naming it', () => {
    expect(() => config({ NODE_ENV: 'production', SANDBOX: 'on' })).toThrow(
      'PUBLIC_URL: is required when NODE_ENV=production (the public origin, e.g. https://warrantly.example.com)',
    );
    expect(() => config({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('never starts the sandbox unasked: without credentials it says to set them or SANDBOX=on', () => {
    expect(() => config(PRODUCTION)).toThrow(
      /SANDBOX: with NODE_ENV=production and no GOOGLE_CLIENT_ID\/GOOGLE_CLIENT_SECRET or MICROSOFT_CLIENT_ID\/MICROSOFT_CLIENT_SECRET set, nobody could sign in: set real credentials, or SANDBOX=on/,
    );
    // A client id without its secret is no credential.
    expect(() => config({ ...PRODUCTION, GOOGLE_CLIENT_ID: 'id' })).toThrow(/SANDBOX: /);
    expect(startsSandbox(config({ ...PRODUCTION, ...GOOGLE }))).toBe(false);
    expect(startsSandbox(config({ ...PRODUCTION, SANDBOX: 'on' }))).toBe(true);
    expect(startsSandbox(config({ ...PRODUCTION, SANDBOX: 'off' }))).toBe(false);
  });

  it('outside production starts the sandbox when no provider has credentials, unless SANDBOX=off', () => {
    expect(startsSandbox(config({}))).toBe(true);
    expect(startsSandbox(config({ SANDBOX: 'off' }))).toBe(false);
    expect(startsSandbox(config(GOOGLE))).toBe(false);
    expect(startsSandbox(config({ ...GOOGLE, SANDBOX: 'on' }))).toBe(true);
    expect(() => config({ SANDBOX: 'yes' })).toThrow(/SANDBOX: .*"auto"\|"on"\|"off"/);
  });

  it('uses the real providers in production with credentials, the sandbox with SANDBOX=on', async () => {
    const real = await providerEndpoints(config({ ...PRODUCTION, ...GOOGLE }));
    expect(real.endpoints.sandboxUrl).toBeNull();
    expect(real.endpoints.google?.authorizeUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');

    const sandbox = await providerEndpoints(config({ ...PRODUCTION, ...GOOGLE, SANDBOX: 'on' }));
    try {
      expect(sandbox.endpoints.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      expect(sandbox.endpoints.google?.authorizeUrl.startsWith(sandbox.endpoints.sandboxUrl ?? '-')).toBe(
        true,
      );
    } finally {
      await sandbox.stopSandbox();
    }
  });

  it('stops the server at start-up with the messages naming what to set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-production-'));
    dirs.push(dataDir);
    const failure = await startServer(dataDir, { NODE_ENV: 'production', SANDBOX: 'auto' }).catch(
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^server exited \(1\) before listening/);
    expect(failure).toContain('PUBLIC_URL: is required when NODE_ENV=production');
    expect(failure).toContain('set real credentials, or SANDBOX=on');
  });

  it('validates the shutdown deadline', () => {
    expect(config({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
    expect(config({ SHUTDOWN_TIMEOUT_SECONDS: '2.5' }).SHUTDOWN_TIMEOUT_SECONDS).toBe(2.5);
    expect(() => config({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS: /);
    expect(() => config({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS: /);
  });
});

describe('Strict-Transport-Security', () => {
  async function hsts(env: Record<string, string>) {
    const t = await createTestApp('sqlite', { env });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      return res.headers['strict-transport-security'];
    } finally {
      await t.close();
    }
  }

  it('is sent when PUBLIC_URL is https', async () => {
    expect(await hsts({ PUBLIC_URL: 'https://warrantly.example.com' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('is never sent over plain http', async () => {
    expect(await hsts({ PUBLIC_URL: 'http://warrantly.lan:3000' })).toBeUndefined();
    expect(await hsts({})).toBeUndefined();
  });
});
