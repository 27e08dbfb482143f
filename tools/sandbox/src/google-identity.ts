import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import type { IdentityProvider } from './identity-provider';
import { signedInUser } from './oauth';
import { opaqueToken } from './state';

/** Google's sign-in as the sandbox plays it: its words, token shapes and ID token claims. */
export const GOOGLE: IdentityProvider = {
  provider: 'google',
  picker: {
    title: 'Sign in - Google Accounts (local sandbox)',
    name: 'Google',
    otherAccountHome: 'a Google account',
    verifiedLabel: 'Email verified',
  },
  client: (ctx) => ctx.google,
  issuer: (ctx) => `${ctx.url}/google`,
  prefixes: { code: '4/0A', access: 'ya29.', refresh: '1//0g' },
  declinedDescription: null,
  repeatsScope: true,
  claims: (ctx, account, _tenantId, emailVerified) => ({
    sub: account.id,
    azp: ctx.google.clientId,
    email: account.email,
    email_verified: emailVerified,
    name: account.name,
    picture: account.picture,
    given_name: account.givenName,
    family_name: account.familyName,
    at_hash: opaqueToken('').slice(0, 22),
  }),
  errorBody: (error, description) => ({ error, error_description: description }),
  hasExtendedExpiry: false,
  rotatesRefreshTokens: false,
  unauthorized: (reply) => {
    void reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
      .send({
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
  },
  paths: {
    discovery: '/google/.well-known/openid-configuration',
    authorize: '/google/o/oauth2/v2/auth',
    token: '/google/token',
    jwks: '/google/oauth2/v3/certs',
  },
  discovery: (ctx) => ({
    issuer: GOOGLE.issuer(ctx, ''),
    authorization_endpoint: `${ctx.url}/google/o/oauth2/v2/auth`,
    token_endpoint: `${ctx.url}/google/token`,
    userinfo_endpoint: `${ctx.url}/google/oauth2/v3/userinfo`,
    revocation_endpoint: `${ctx.url}/google/revoke`,
    jwks_uri: `${ctx.url}/google/oauth2/v3/certs`,
    response_types_supported: [
      'code',
      'token',
      'id_token',
      'code token',
      'code id_token',
      'token id_token',
      'code token id_token',
      'none',
    ],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'picture',
      'sub',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: [
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    ],
  }),
};

/** The Google account behind a bearer token, or null after a 401 in Google's format. */
export function googleUser(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply): string | null {
  return signedInUser(ctx, GOOGLE, req, reply);
}
