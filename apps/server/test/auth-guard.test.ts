import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/modules/auth/access-token';
import { createTestApp, DIALECTS, sharedAppWithUser, type TestApp } from './harness';

describe.each(DIALECTS)('every protected route on %s', (dialect) => {
  const suite = sharedAppWithUser(dialect);

  const protectedRoutes = () =>
    suite.t.app.routeTable.filter((r) => !r.isPublic && r.method !== 'HEAD' && r.method !== 'OPTIONS');
  const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

  it('has protected routes to check', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 without a token', async () => {
    for (const route of protectedRoutes()) {
      const res = await suite.t.app.inject({ method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({
        code: 'unauthorized',
        message: 'Sign in first: this request needs a bearer access token',
      });
    }
  });

  it('answers 401 for an expired, forged or unsigned token', async () => {
    const expired = signAccessToken(
      suite.t.deps.keys.signing,
      suite.user,
      Math.floor(Date.now() / 1000) - 16 * 60,
    );
    const forged = signAccessToken(Buffer.alloc(32, 7), suite.user);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: suite.user, exp: 9999999999, iat: 1 })).toString(
      'base64url',
    );
    const unsigned = `${header}.${payload}.`;
    // A valid signature over someone else's claims cannot be moved onto a new payload.
    const [h, , s] = signAccessToken(suite.t.deps.keys.signing, suite.user).split('.');
    const swapped = `${h}.${Buffer.from(JSON.stringify({ sub: 'someone-else', iss: 'warrantly', aud: 'warrantly-api', iat: 1, exp: 9999999999 })).toString('base64url')}.${s}`;
    const hs = createHmac('sha256', 'guess').update('x').digest('base64url');
    for (const token of [expired, forged, unsigned, swapped, `garbage.${hs}`, 'x']) {
      for (const route of protectedRoutes()) {
        const res = await suite.t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().message).toBe('The access token is invalid or has expired');
      }
    }
  });

  it('keeps health, docs and meta public', async () => {
    expect((await suite.t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const docs = await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/v1/user-orders/');
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('an accepted access token', () => {
  let t: TestApp;
  let clock = new Date('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp('sqlite', { now: () => clock });
  });
  afterAll(() => t.close());

  it('is refused once it expires, however often it was accepted before', async () => {
    const user = await t.createUser();
    const token = signAccessToken(t.deps.keys.signing, user, Math.floor(clock.getTime() / 1000));
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/user-orders/',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 3; i++) expect((await list()).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 14 * 60_000);
    expect((await list()).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    const expired = await list();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('The access token is invalid or has expired');
  });
});
