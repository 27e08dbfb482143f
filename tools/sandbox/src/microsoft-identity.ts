import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import type { IdentityProvider } from './identity-provider';
import { signedInUser } from './oauth';
import { pairwiseSubject } from './other-accounts';

/** The Microsoft identity platform (v2.0) as the sandbox plays it: its words, token shapes and claims. */
export const MICROSOFT: IdentityProvider = {
  provider: 'microsoft',
  picker: {
    title: 'Sign in to your account - Microsoft (local sandbox)',
    name: 'Microsoft',
    otherAccountHome: 'an organization (tenant)',
    verifiedLabel: 'Email verified by the tenant',
  },
  client: (ctx) => ctx.microsoft,
  issuer: (ctx, tenantId) => `${ctx.url}/microsoft/${tenantId}/v2.0`,
  prefixes: { code: 'M.C5', access: 'EwB', refresh: 'M.C5_BAY.' },
  declinedDescription: 'AADSTS65004: User declined to consent.',
  repeatsScope: false,
  claims: (ctx, account, tenantId, emailVerified) => ({
    sub: pairwiseSubject(account.id, ctx.microsoft.clientId),
    ver: '2.0',
    tid: tenantId,
    oid: account.id,
    preferred_username: account.email,
    email: account.email,
    name: account.name,
    // The optional claim "email domain owner verified", as an app registration can ask for it.
    xms_edov: emailVerified,
  }),
  errorBody: (error, description) => ({
    error,
    error_description: `AADSTS70008: ${description}`,
    error_codes: [70008],
    timestamp: new Date().toISOString(),
  }),
  hasExtendedExpiry: true,
  rotatesRefreshTokens: true,
  unauthorized: (reply) => {
    void reply.code(401).send({
      error: {
        code: 'InvalidAuthenticationToken',
        message: 'Access token has expired or is not yet valid.',
        innerError: { date: new Date().toISOString() },
      },
    });
  },
  paths: {
    discovery: '/microsoft/:tenant/v2.0/.well-known/openid-configuration',
    authorize: '/microsoft/:tenant/oauth2/v2.0/authorize',
    token: '/microsoft/:tenant/oauth2/v2.0/token',
    jwks: '/microsoft/:tenant/discovery/v2.0/keys',
  },
  discovery: (ctx, { tenant }) => ({
    token_endpoint: `${ctx.url}/microsoft/${tenant}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    jwks_uri: `${ctx.url}/microsoft/${tenant}/discovery/v2.0/keys`,
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    issuer: `${ctx.url}/microsoft/{tenantid}/v2.0`,
    request_uri_parameter_supported: false,
    userinfo_endpoint: `${ctx.url}/graph/oidc/userinfo`,
    authorization_endpoint: `${ctx.url}/microsoft/${tenant}/oauth2/v2.0/authorize`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${ctx.url}/microsoft/${tenant}/oauth2/v2.0/logout`,
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'acr',
      'nonce',
      'preferred_username',
      'name',
      'tid',
      'ver',
      'at_hash',
      'c_hash',
      'email',
    ],
    tenant_region_scope: null,
  }),
};

/** The Microsoft account behind a bearer token, or null after a 401 in Graph's format. */
export function microsoftUser(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply): string | null {
  return signedInUser(ctx, MICROSOFT, req, reply);
}
