import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdTokenVerifier, type IdentityEndpoints } from './identity';

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
    ['a wrong audience', { aud: 'someone-else' }, {}],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
    ['an expired token', { exp: now() - 3600, iat: now() - 7200 }, {}],
    ['a bad signature', {}, { key: 'other' as const }],
    ['a wrong nonce', { nonce: 'replayed' }, {}],
  ])('rejects %s', async (_name, claims, options) => {
    const verify = createIdTokenVerifier('Google', endpoints);
    const token = await sign({ ...valid(), ...claims }, options);
    await expect(verify(token, 'n-1')).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'The Google sign-in could not be verified',
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
