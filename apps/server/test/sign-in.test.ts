import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, type TestApp } from './harness';
import { chooseAccount, signInThroughSandbox, startSignIn } from './sandbox-sign-in';

const ACCOUNTS = { google: 'avery.quinn@example.com', microsoft: 'jordan.lee@example.com' } as const;
const SUCCESS = { google: '/success', microsoft: '/successlogin' } as const;

describe('signing in through the provider sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp('sqlite', { endpoints: sandboxEndpoints(sandbox) });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const countUsers = async () => (await t.handle.db.selectFrom('users').select('id').execute()).length;

  describe.each(['google', 'microsoft'] as const)('with %s', (provider) => {
    it('goes from the login route to the provider, back to the web app, and to an authenticated call', async () => {
      const { authorizeUrl } = await startSignIn(t, provider);
      const url = new URL(authorizeUrl);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('state')).toBeTruthy();
      const scope = url.searchParams.get('scope') ?? '';
      if (provider === 'google') {
        expect(scope).toContain('https://www.googleapis.com/auth/gmail.readonly');
        expect(scope).toContain('https://www.googleapis.com/auth/calendar.events');
        expect(url.searchParams.get('access_type')).toBe('offline');
      } else {
        expect(scope.split(' ')).toEqual(
          expect.arrayContaining(['offline_access', 'Mail.Read', 'Calendars.ReadWrite', 'User.Read']),
        );
      }

      const { authorizeUrl: again, cookie } = await startSignIn(t, provider);
      const back = await chooseAccount(again, ACCOUNTS[provider]);
      const callback = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(callback.statusCode).toBe(302);
      const success = new URL(callback.headers.location as string);
      expect(success.pathname).toBe(SUCCESS[provider]);
      expect(success.searchParams.get('email')).toBe(ACCOUNTS[provider]);
      expect(success.searchParams.get('messages')).toBe(provider);
      for (const key of ['access_token', 'refresh_token', 'name', 'picture'])
        expect(success.searchParams.has(key)).toBe(true);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${success.searchParams.get('access_token')}` },
      });
      expect(me.json()).toMatchObject({ email: ACCOUNTS[provider], provider });

      // Provider tokens are kept for the server, sealed: never in clear text in the database.
      const account = await t.handle.db
        .selectFrom('provider_accounts')
        .selectAll()
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
      expect(account.refresh_token_enc).toBeTruthy();
      expect(JSON.stringify(account)).not.toMatch(/ya29|eyJ0eXAi/);
    });

    it('refuses a replayed callback and creates nothing', async () => {
      const { authorizeUrl, cookie } = await startSignIn(t, provider);
      const back = await chooseAccount(authorizeUrl, ACCOUNTS[provider]);
      const first = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(first.statusCode).toBe(302);
      const users = await countUsers();
      const replay = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.body).toContain('already used');
      expect(await countUsers()).toBe(users);
    });
  });

  it('answers the popup flow as JSON', async () => {
    const { authorizeUrl, cookie } = await startSignIn(t, 'google', 'popup');
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toMatch(/\/google\/callback$/);
    const back = await chooseAccount(authorizeUrl, ACCOUNTS.google);
    expect(back.pathname).toBe('/google/callback');
    const res = await t.app.inject({
      method: 'GET',
      url: `/google-auth/google/login/callback/${back.search}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: ACCOUNTS.google,
      messages: 'google',
      access_token: expect.any(String),
    });
  });

  describe('bad callbacks answer a clear error and create no session', () => {
    it('a cancelled sign-in (access_denied)', async () => {
      const { authorizeUrl, cookie } = await startSignIn(t, 'google');
      const state = new URL(authorizeUrl).searchParams.get('state');
      const res = await t.app.inject({
        method: 'GET',
        url: `/google-auth/google/login/callback/?error=access_denied&state=${state}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Google sign-in was cancelled');
    });
    it('a missing code', async () => {
      const { authorizeUrl, cookie } = await startSignIn(t, 'microsoft');
      const state = new URL(authorizeUrl).searchParams.get('state');
      const res = await t.app.inject({
        method: 'GET',
        url: `/microsoft-auth/login/callback/?state=${state}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Microsoft sent no authorization code');
    });
    it('an unknown or missing state', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/google-auth/google/login/callback/?code=abc&state=forged',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('start again');
    });
    it('a code used twice', async () => {
      const { authorizeUrl, cookie } = await startSignIn(t, 'google');
      const back = await chooseAccount(authorizeUrl, ACCOUNTS.google);
      await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      // A new sign-in attempt presenting the spent code: the provider refuses it.
      const second = await startSignIn(t, 'google');
      const state = new URL(second.authorizeUrl).searchParams.get('state');
      const res = await t.app.inject({
        method: 'GET',
        url: `/google-auth/google/login/callback/?code=${back.searchParams.get('code')}&state=${state}`,
        headers: { cookie: second.cookie },
      });
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain('Google refused the sign-in');
    });
    it.each([
      ['a 500', { status: 500 as const }],
      ['garbage', { garbage: true }],
    ])('a token endpoint answering %s', async (_name, fault) => {
      const users = await countUsers();
      const { authorizeUrl, cookie } = await startSignIn(t, 'microsoft');
      const back = await chooseAccount(authorizeUrl, ACCOUNTS.microsoft);
      sandbox.fail({ match: '/oauth2/v2.0/token', times: 10, ...fault });
      try {
        const res = await t.app.inject({
          method: 'GET',
          url: `${back.pathname}${back.search}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(502);
        expect(res.body).toMatch(
          /Microsoft (refused the sign-in|answered the sign-in with something unreadable)/,
        );
      } finally {
        sandbox.clearFaults();
      }
      expect(await countUsers()).toBe(users);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });

  it('refreshes an expired provider access token before calling the provider', async () => {
    sandbox.setTokenLifetime(1);
    try {
      const { access_token } = await signInThroughSandbox(t, 'google', ACCOUNTS.google);
      const user = (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/me/',
          headers: { authorization: `Bearer ${access_token}` },
        })
      ).json();
      expect(user.provider).toBe('google');
      await new Promise((r) => setTimeout(r, 1100));
      sandbox.clearRequests();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/calendar/list/',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(res.statusCode).toBe(200);
      const paths = sandbox.requests().map((r) => r.path);
      expect(paths.some((p) => p.endsWith('/token'))).toBe(true);
      expect(paths.findIndex((p) => p.endsWith('/token'))).toBeLessThan(
        paths.findIndex((p) => p.includes('/calendar/v3/')),
      );
    } finally {
      sandbox.setTokenLifetime(3600);
    }
  });

  it('rate limits the sign-in routes per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/microsoft-auth/login/', remoteAddress: '127.0.0.9' }))
          .statusCode,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
  });
});
