import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './harness';

const NOTICE = 'Sign-in uses the local provider sandbox';

/** A built web app's folder: its page with the sandbox notice, as `apps/web/index.html` has it, and one asset. */
function webDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'warrantly-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Warrantly</title><div id="root"></div>
    <!-- sandbox-notice -->
    <aside aria-label="Sandbox notice">${NOTICE}.</aside>
    <!-- /sandbox-notice -->
`,
  );
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  return dist;
}

describe('HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDistDir: webDist() });
  });
  afterAll(() => t.close());

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/v1/nope/', '/api/whatever', '/google-auth/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('serves the web app for every other path, so its router shows its own 404 page', async () => {
    for (const url of ['/', '/dashboard/purchase', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the page without the sandbox notice when sign-in is real, and answers a revalidation with 304', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.body).not.toContain(NOTICE);
    expect(res.body).not.toContain('sandbox-notice');
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the page with the sandbox notice when sign-in is the sandbox', async () => {
    const sandboxed = await createTestApp('sqlite', {
      webDistDir: webDist(),
      endpoints: { google: null, microsoft: null, sandboxUrl: 'http://127.0.0.1:1' },
    });
    try {
      const res = await sandboxed.app.inject({ method: 'GET', url: '/login' });
      expect(res.body).toContain(`<aside aria-label="Sandbox notice">${NOTICE}.</aside>`);
      expect(res.headers.etag).not.toBe((await t.app.inject({ method: 'GET', url: '/' })).headers.etag);
    } finally {
      await sandboxed.close();
    }
  });

  it('serves the same route with and without the trailing slash', async () => {
    const user = await t.createUser();
    for (const url of ['/api/v1/user-orders', '/api/v1/user-orders/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.auth(user) });
      expect(res.statusCode).toBe(200);
    }
  });

  it('documents the API from the same schemas that validate it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const create = doc.paths['/api/v1/orders/create/'].post;
    expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty(
      'warranty_status',
    );
    expect(
      doc.paths['/api/v1/track-interaction/'].post.requestBody.content['application/json'].schema.required,
    ).toContain('tab_name');
  });

  it('records tab interactions and validates them', async () => {
    const user = await t.createUser();
    const track = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/track-interaction/', headers: t.auth(user), payload });
    const ok = await track({ tab_name: 'purchase' });
    expect(ok.statusCode).toBe(201);
    const bad = await track({ tab: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tab_name');
  });
});

describe('configuration', () => {
  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/nonexistent')).toThrow(/PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, '/nonexistent')).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ APP_SECRET: 'short' }, '/nonexistent')).toThrow(
      /APP_SECRET: must be at least 32/,
    );
  });

  it('reads a .env file under the real environment', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, '# comment\nPORT=4123\nDATA_DIR="/tmp/x"\n');
    expect(loadConfig({}, file)).toMatchObject({ PORT: 4123, DATA_DIR: '/tmp/x' });
    expect(loadConfig({ PORT: '5000' }, file).PORT).toBe(5000);
  });
});
