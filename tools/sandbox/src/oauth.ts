import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, type SandboxContext } from './context';
import { signIdToken } from './id-token';
import type { IdentityProvider } from './identity-provider';
import { otherAccount } from './other-accounts';
import { escapeHtml, pickerPage, pickerParams } from './sign-in-picker';
import { opaqueToken, s256 } from './state';

type Handler<R extends FastifyRequest = FastifyRequest> = (req: R, reply: FastifyReply) => Promise<unknown>;

function oauthError(
  reply: FastifyReply,
  idp: IdentityProvider,
  status: number,
  error: string,
  description: string,
) {
  return reply.code(status).send(idp.errorBody(error, description));
}

/** The authorize endpoint: checks the request as the provider would, then shows the account picker. */
function authorizeHandler(
  ctx: SandboxContext,
  idp: IdentityProvider,
  action: (req: FastifyRequest) => string,
): Handler {
  return async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const problems: string[] = [];
    if (q.client_id !== idp.client(ctx).clientId)
      problems.push('The OAuth client was not found (invalid client_id).');
    if (q.response_type !== 'code') problems.push('response_type must be code.');
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri))
      problems.push('redirect_uri is missing or invalid.');
    if (!q.scope?.split(' ').includes('openid')) problems.push('scope must include openid.');
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      problems.push('PKCE with code_challenge_method=S256 is required.');
    if (problems.length > 0) {
      return reply
        .code(400)
        .type('text/html')
        .send(
          `<!doctype html><title>Error 400</title><h1>Error 400: invalid_request</h1><p>${problems.map(escapeHtml).join('<br>')}</p>`,
        );
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(pickerPage(ctx, idp.provider, idp.picker, action(req), pickerParams(q)));
  };
}

/** The picker's answer: back to the app with a code for the chosen account, or with access_denied. */
function chooseHandler(
  ctx: SandboxContext,
  idp: IdentityProvider,
): Handler<FastifyRequest<{ Body: Record<string, string>; Params: { tenant?: string } }>> {
  const { provider } = idp;
  return async (req, reply) => {
    const b = req.body ?? {};
    const target = new URL(b.redirect_uri ?? '');
    if (b.state) target.searchParams.set('state', b.state);
    if (b.cancel) {
      target.searchParams.set('error', 'access_denied');
      if (idp.declinedDescription) target.searchParams.set('error_description', idp.declinedDescription);
      return reply.redirect(target.toString(), 302);
    }
    let key = b.login_hint ?? '';
    if (b.other) {
      const email = (b.other_email ?? '').trim();
      const name = (b.other_name ?? '').trim();
      // Length first: the pattern is only ever run over a short string.
      if (
        email.length > 254 ||
        !/^[^\s@]+@[^\s@]+$/.test(email) ||
        !/.\../.test(email.split('@')[1] as string) ||
        !name ||
        name.length > 100
      ) {
        const page = pickerPage(
          ctx,
          provider,
          idp.picker,
          `${ctx.url}${req.url}`,
          pickerParams(b),
          'Enter an email address (name@example.com) and a name.',
        );
        return reply.code(400).type('text/html; charset=utf-8').send(page);
      }
      key = otherAccount(ctx, provider, {
        email,
        name,
        emailVerified: b.other_email_verified === 'true',
      }).key;
    }
    const account = accountOf(ctx, provider, key);
    if (!account) return reply.code(400).send('unknown account');
    ctx.revoked.delete(key); // signing in again grants access again
    const code = opaqueToken(idp.prefixes.code);
    ctx.codes.set(code, {
      provider,
      email: key,
      clientId: b.client_id ?? '',
      redirectUri: b.redirect_uri ?? '',
      challenge: b.code_challenge ?? '',
      scope: b.scope ?? '',
      nonce: b.nonce || null,
      tenant: req.params.tenant ?? 'common',
      expiresAt: ctx.now().getTime() + 10 * 60_000,
    });
    target.searchParams.set('code', code);
    if (idp.repeatsScope) target.searchParams.set('scope', b.scope ?? '');
    return reply.redirect(target.toString(), 302);
  };
}

/** The token endpoint: a code (with its PKCE verifier) or a refresh token for an access token. */
function tokenHandler(
  ctx: SandboxContext,
  idp: IdentityProvider,
): Handler<FastifyRequest<{ Body: Record<string, string> }>> {
  const { provider } = idp;
  return async (req, reply) => {
    const b = req.body ?? {};
    let clientId = b.client_id;
    let clientSecret = b.client_secret;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) [clientId, clientSecret] = Buffer.from(basic[1], 'base64').toString().split(':');
    const registered = idp.client(ctx);
    if (clientId !== registered.clientId || clientSecret !== registered.clientSecret) {
      return oauthError(reply, idp, 401, 'invalid_client', 'The OAuth client was not found.');
    }
    const grantScope = (scope: string) => {
      const access = opaqueToken(idp.prefixes.access);
      ctx.accessTokens.set(access, {
        provider,
        email: '',
        scope,
        expiresAt: ctx.now().getTime() + ctx.tokenLifetimeSeconds * 1000,
      });
      return access;
    };
    if (b.grant_type === 'authorization_code') {
      const code = ctx.codes.get(b.code ?? '');
      if (!code || code.provider !== provider || code.expiresAt < ctx.now().getTime()) {
        if (code) ctx.codes.delete(b.code ?? '');
        return oauthError(reply, idp, 400, 'invalid_grant', 'Malformed auth code.');
      }
      ctx.codes.delete(b.code ?? ''); // single use
      if (code.redirectUri !== b.redirect_uri)
        return oauthError(reply, idp, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (!b.code_verifier || s256(b.code_verifier) !== code.challenge) {
        return oauthError(reply, idp, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const access = grantScope(code.scope);
      (ctx.accessTokens.get(access) as { email: string }).email = code.email;
      const refresh = opaqueToken(idp.prefixes.refresh);
      ctx.refreshTokens.set(refresh, { provider, email: code.email, scope: code.scope, revoked: false });
      return {
        access_token: access,
        expires_in: ctx.tokenLifetimeSeconds,
        ...(idp.hasExtendedExpiry ? { ext_expires_in: ctx.tokenLifetimeSeconds } : {}),
        refresh_token: refresh,
        scope: code.scope,
        token_type: 'Bearer',
        id_token: await signIdToken(ctx, idp, code.email, code.nonce),
      };
    }
    if (b.grant_type === 'refresh_token') {
      const grant = ctx.refreshTokens.get(b.refresh_token ?? '');
      if (!grant || grant.provider !== provider || grant.revoked || ctx.revoked.has(grant.email)) {
        return oauthError(reply, idp, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      const access = grantScope(grant.scope);
      (ctx.accessTokens.get(access) as { email: string }).email = grant.email;
      const answer: Record<string, unknown> = {
        access_token: access,
        expires_in: ctx.tokenLifetimeSeconds,
        scope: grant.scope,
        token_type: 'Bearer',
      };
      if (idp.rotatesRefreshTokens) {
        grant.revoked = true;
        const next = opaqueToken(idp.prefixes.refresh);
        ctx.refreshTokens.set(next, { ...grant, revoked: false });
        answer.refresh_token = next;
      }
      return answer;
    }
    return oauthError(reply, idp, 400, 'unsupported_grant_type', 'Invalid grant_type.');
  };
}

/**
 * A provider's sign-in endpoints: its discovery document, authorize (the account picker), the picker's
 * answer at `authorize/choose`, token, and the key set to verify its ID tokens with.
 */
export function registerIdentityProvider(
  app: FastifyInstance,
  ctx: SandboxContext,
  idp: IdentityProvider,
): void {
  const { paths } = idp;
  app.get(paths.discovery, async (req) => idp.discovery(ctx, req.params as Record<string, string>));
  const chooseAction = (req: FastifyRequest) => {
    const params = req.params as Record<string, string>;
    return `${ctx.url}${paths.authorize.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '')}/choose`;
  };
  app.get(paths.authorize, authorizeHandler(ctx, idp, chooseAction));
  app.post(`${paths.authorize}/choose`, chooseHandler(ctx, idp));
  app.post(paths.token, tokenHandler(ctx, idp));
  app.get(paths.jwks, async () => ({
    keys: [{ ...ctx.keys.publicJwk, kid: ctx.keys.kid, alg: 'RS256', use: 'sig' }],
  }));
}

/**
 * The account behind a request's bearer token when the provider issued it and it is live (not expired, its
 * grant not revoked); otherwise null, once the provider's 401 is answered.
 */
export function signedInUser(
  ctx: SandboxContext,
  idp: IdentityProvider,
  req: FastifyRequest,
  reply: FastifyReply,
): string | null {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const grant = token ? ctx.accessTokens.get(token) : undefined;
  if (
    grant &&
    grant.provider === idp.provider &&
    grant.expiresAt > ctx.now().getTime() &&
    !ctx.revoked.has(grant.email)
  ) {
    return grant.email;
  }
  idp.unauthorized(reply);
  return null;
}
