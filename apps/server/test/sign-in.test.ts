import type { SignInResult } from '@warrantly/contract/auth';
import { type IdTokenTamper, startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { chooseAccount, signInThroughSandbox, startSignIn, useAnotherAccount } from './sandbox-sign-in';

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

describe.each(DIALECTS)('accounts keyed by the provider account, on %s', (dialect) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const countUsers = async () => (await t.handle.db.selectFrom('users').select('id').execute()).length;
  const bearer = (session: SignInResult) => ({ authorization: `Bearer ${session.access_token}` });
  const me = async (session: SignInResult) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer(session) })).json();
  const purchaseNames = async (session: SignInResult) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: bearer(session) }))
      .json()
      .map((p: { product_name: string }) => p.product_name);
  const buy = async (session: SignInResult, productName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: bearer(session),
      payload: { product_name: productName, purchase_date: '2026-03-14' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('gives an unverified Google address its own user, even a Microsoft user’s address', async () => {
    const owner = await signInThroughSandbox(t, 'microsoft', 'jordan.lee@example.com');
    const receiptId = await buy(owner, 'Espresso machine');
    const users = await countUsers();

    const lookAlike = await signInThroughSandbox(t, 'google', {
      email: 'jordan.lee@example.com',
      name: 'Jordan Lee',
      verified: false,
    });
    expect(await countUsers()).toBe(users + 1);
    expect(lookAlike.email).toBe('jordan.lee@example.com');
    expect(await me(lookAlike)).toMatchObject({ email: 'jordan.lee@example.com', provider: 'google' });
    expect(await purchaseNames(lookAlike)).toEqual([]);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${receiptId}/`,
      headers: bearer(lookAlike),
    });
    expect(peek.statusCode).toBe(404);
    expect(await purchaseNames(owner)).toEqual(['Espresso machine']);
  });

  it.each([
    ['false', 'avery.quinn@example.com', { verified: false }, undefined],
    ['missing', 'morgan.ellis@example.com', { verified: true }, { claims: { xms_edov: undefined } }],
  ] as const)(
    'gives a Microsoft account with xms_edov %s its own user',
    async (_name, address, form, tamper) => {
      // The owner's address is verified by Google: the demo account, or one made through the form.
      const owner = await signInThroughSandbox(
        t,
        'google',
        address === 'avery.quinn@example.com'
          ? address
          : { email: address, name: 'Morgan Ellis', verified: true },
      );
      await buy(owner, 'Washing machine');
      const users = await countUsers();
      if (tamper) sandbox.tamperIdToken(tamper as IdTokenTamper);
      const lookAlike = await signInThroughSandbox(t, 'microsoft', {
        email: address,
        name: 'Look Alike',
        ...form,
      });
      expect(await countUsers()).toBe(users + 1);
      expect(await me(lookAlike)).toMatchObject({
        email: address,
        name: 'Look Alike',
        provider: 'microsoft',
      });
      expect(await purchaseNames(lookAlike)).toEqual([]);
      expect(await purchaseNames(owner)).toContain('Washing machine');
    },
  );

  it('links a second provider to the same user when both vouch for the address', async () => {
    const google = await signInThroughSandbox(t, 'google', {
      email: 'sam.park@example.org',
      name: 'Sam Park',
      verified: true,
    });
    await buy(google, 'Standing desk');
    const users = await countUsers();
    const microsoft = await signInThroughSandbox(t, 'microsoft', {
      email: 'sam.park@example.org',
      name: 'Sam Park',
      verified: true,
    });
    expect(await countUsers()).toBe(users);
    expect(await purchaseNames(microsoft)).toEqual(['Standing desk']);
    expect(await me(microsoft)).toMatchObject({ email: 'sam.park@example.org', provider: 'microsoft' });
  });

  it('never links to a user whose own address was not vouched for, even when the newcomer’s is', async () => {
    // The look-alike comes first and waits for the real owner: the owner still gets a user of their own.
    const early = await signInThroughSandbox(t, 'microsoft', {
      email: 'riley.chen@example.net',
      name: 'Riley Chen',
      verified: false,
    });
    await buy(early, 'Planted receipt');
    const owner = await signInThroughSandbox(t, 'google', {
      email: 'riley.chen@example.net',
      name: 'Riley Chen',
      verified: true,
    });
    expect(await purchaseNames(owner)).toEqual([]);
  });

  it('finds the same user when the same account signs in with a changed address', async () => {
    const before = await signInThroughSandbox(t, 'google', {
      email: 'casey.moss@example.com',
      name: 'Casey Moss',
      verified: true,
    });
    await buy(before, 'Bike helmet');
    const users = await countUsers();
    sandbox.tamperIdToken({ claims: { email: 'casey@moss.example' } });
    const after = await signInThroughSandbox(t, 'google', {
      email: 'casey.moss@example.com',
      name: 'Casey Moss',
      verified: true,
    });
    expect(await countUsers()).toBe(users);
    expect(after.email).toBe('casey@moss.example');
    expect(await purchaseNames(after)).toEqual(['Bike helmet']);
    expect(await me(after)).toMatchObject({ email: 'casey@moss.example' });
  });

  describe('an ID token that fails a check is refused with its reason, and creates no user', () => {
    it.each([
      [
        'signed with HS256',
        'google',
        { alg: 'HS256' },
        'the ID token is signed with an algorithm other than RS256',
      ],
      ['not signed (alg none)', 'microsoft', { alg: 'none' }, 'the ID token is signed with no algorithm'],
      [
        'for another application',
        'google',
        { claims: { aud: 'someone-else' } },
        'the ID token was issued to another application',
      ],
      [
        'from another issuer',
        'microsoft',
        { claims: { iss: 'https://evil.example' } },
        'the ID token was not issued by Microsoft',
      ],
      [
        'expired',
        'google',
        { claims: { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } },
        'the ID token has expired',
      ],
    ] as const)('%s', async (_name, provider, tamper, reason) => {
      const users = await countUsers();
      const { authorizeUrl, cookie } = await startSignIn(t, provider);
      const back = await useAnotherAccount(authorizeUrl, {
        email: 'mallory@example.com',
        name: 'Mallory',
        verified: true,
      });
      sandbox.tamperIdToken(tamper as IdTokenTamper);
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(`sign-in could not be verified: ${reason}`);
      expect(await countUsers()).toBe(users);
    });

    it('reused from an earlier sign-in (its nonce)', async () => {
      const earlier = await startSignIn(t, 'microsoft');
      const earlierNonce = new URL(earlier.authorizeUrl).searchParams.get('nonce');
      const users = await countUsers();
      const { authorizeUrl, cookie } = await startSignIn(t, 'microsoft');
      const back = await chooseAccount(authorizeUrl, 'jordan.lee@example.com');
      sandbox.tamperIdToken({ claims: { nonce: earlierNonce } });
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('the ID token belongs to another sign-in attempt (nonce)');
      expect(await countUsers()).toBe(users);
    });
  });
});
