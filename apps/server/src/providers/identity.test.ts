import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleProfile } from './google/google-identity';
import { createIdTokenVerifier, type IdentityEndpoints } from './identity';
import { microsoftProfile } from './microsoft/microsoft-identity';

/** A provider's published keys, served over real HTTP the way the verifier fetches them. */
describe('ID token verification', () => {
  let server: Server;
  let endpoints: IdentityEndpoints;
  let sign: (claims: JWTPayload, options?: { key?: 'good' | 'other'; alg?: string }) => Promise<string>;

  beforeAll(async () => {
    const good = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    endpoints = {
      clientId: 'client-123',
      clientSecret: 'secret',
      authorizeUrl: 'http://127.0.0.1/authorize',
      tokenUrl: 'http://127.0.0.1/token',
      jwksUri: `http://127.0.0.1:${port}/certs`,
      issuer: 'https://issuer.example.com',
    };
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(options.key === 'other' ? other.privateKey : good.privateKey);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const now = () => Math.floor(Date.now() / 1000);
  const valid = () => ({
    iss: 'https://issuer.example.com',
    aud: 'client-123',
    sub: '1234567890',
    email: 'avery.quinn@example.com',
    nonce: 'n-1',
    iat: now(),
    exp: now() + 3600,
  });

  it('accepts a token signed by the published key for this client', async () => {
    const verify = createIdTokenVerifier('Google', endpoints);
    await expect(verify(await sign(valid()), 'n-1')).resolves.toMatchObject({ sub: '1234567890' });
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }, {}, 'the ID token was issued to another application'],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}, 'the ID token was not issued by Google'],
    ['an expired token', { exp: now() - 3600, iat: now() - 7200 }, {}, 'the ID token has expired'],
    [
      'a bad signature',
      {},
      { key: 'other' as const },
      "the ID token's signature does not match the provider's published keys",
    ],
    ['a wrong nonce', { nonce: 'replayed' }, {}, 'the ID token belongs to another sign-in attempt (nonce)'],
  ])('rejects %s', async (_name, claims, options, problem) => {
    const verify = createIdTokenVerifier('Google', endpoints);
    const token = await sign({ ...valid(), ...claims }, options);
    await expect(verify(token, 'n-1')).rejects.toMatchObject({
      code: 'unauthorized',
      message: `The Google sign-in could not be verified: ${problem}`,
    });
  });

  it('rejects a token signed with HS256 (keyed with the client secret) or with no algorithm', async () => {
    const verify = createIdTokenVerifier('Google', endpoints);
    const hs256 = await new SignJWT(valid())
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode(endpoints.clientSecret));
    await expect(verify(hs256, 'n-1')).rejects.toMatchObject({
      code: 'unauthorized',
      message:
        'The Google sign-in could not be verified: the ID token is signed with an algorithm other than RS256',
    });
    await expect(verify(new UnsecuredJWT(valid()).encode(), 'n-1')).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'The Google sign-in could not be verified: the ID token is signed with no algorithm',
    });
  });

  it("checks a multi-tenant issuer against the token's own tenant", async () => {
    const verify = createIdTokenVerifier('Microsoft', {
      ...endpoints,
      issuer: 'https://login.example.com/{tenantid}/v2.0',
    });
    const tid = '9188040d-6c67-4c5b-b112-36a304b66dad';
    await expect(
      verify(await sign({ ...valid(), iss: `https://login.example.com/${tid}/v2.0`, tid }), 'n-1'),
    ).resolves.toBeTruthy();
    await expect(
      verify(await sign({ ...valid(), iss: 'https://login.example.com/another-tenant/v2.0', tid }), 'n-1'),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('profiles read from verified ID tokens', () => {
  const google = { sub: '1098', email: 'Avery.Quinn@Example.com', email_verified: true, name: 'Avery' };
  const microsoft = {
    iss: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
    tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    oid: '00000000-0000-0000-66f3-3332eca7ea81',
    sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    preferred_username: 'jordan.lee@contoso.com',
    email: 'jordan.lee@contoso.com',
    name: 'Jordan Lee',
  };

  it('keys a Google account by sub and trusts its address only when email_verified is true', () => {
    expect(googleProfile(google)).toEqual({
      subject: '1098',
      email: 'avery.quinn@example.com',
      emailVerified: true,
      name: 'Avery',
      picture: '',
    });
    expect(googleProfile({ ...google, email_verified: false }).emailVerified).toBe(false);
    expect(googleProfile({ ...google, email_verified: undefined }).emailVerified).toBe(false);
  });

  it('keys a Microsoft account by oid, not the per-app sub, and trusts its address with xms_edov', () => {
    expect(microsoftProfile(microsoft, 'common')).toMatchObject({
      subject: microsoft.oid,
      email: 'jordan.lee@contoso.com',
      emailVerified: false,
    });
    expect(microsoftProfile({ ...microsoft, xms_edov: false }, 'common').emailVerified).toBe(false);
    expect(microsoftProfile({ ...microsoft, xms_edov: true }, 'common').emailVerified).toBe(true);
  });

  it("counts a home user's own UPN as verified only in a single configured tenant", () => {
    expect(microsoftProfile(microsoft, microsoft.tid).emailVerified).toBe(true);
    expect(microsoftProfile(microsoft, 'contoso.onmicrosoft.com').emailVerified).toBe(true);
    expect(microsoftProfile(microsoft, '5f2b4b1e-1111-4c5b-b112-36a304b66dad').emailVerified).toBe(false);
    for (const tenant of ['common', 'organizations', 'consumers', 'Common'])
      expect(microsoftProfile(microsoft, tenant).emailVerified).toBe(false);
    // An `email` that is not the UPN, or a guest authenticated by another tenant, is not vouched for.
    expect(microsoftProfile({ ...microsoft, email: 'ceo@example.com' }, microsoft.tid).emailVerified).toBe(
      false,
    );
    const guest = { ...microsoft, idp: 'https://sts.windows.net/5f2b4b1e-0000-0000-0000-000000000000/' };
    expect(microsoftProfile(guest, microsoft.tid).emailVerified).toBe(false);
  });

  it('refuses an account with no usable address or no stable id, saying which', () => {
    expect(() => googleProfile({ ...google, email: undefined })).toThrow(
      'Google did not confirm an e-mail address for this account',
    );
    expect(() =>
      microsoftProfile({ ...microsoft, email: undefined, preferred_username: '+15550100' }, 'common'),
    ).toThrow('Microsoft did not confirm an e-mail address for this account');
    expect(() => microsoftProfile({ ...microsoft, oid: undefined }, 'common')).toThrow(
      'Microsoft did not identify the account (its ID token has no oid claim)',
    );
  });
});
