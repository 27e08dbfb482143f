import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { accountOf, type SandboxContext } from './context';
import { otherAccount } from './other-accounts';
import { type PickerCopy, pickerPage, pickerParams } from './sign-in-picker';
import { type DemoAccount, type OtherAccount, opaqueToken, type Provider, s256 } from './state';

/**
 * How one provider's OpenID Connect sign-in differs from the other's: the sandbox runs the same
 * authorization-code flow with PKCE for both, and these are the words, shapes and habits that tell them apart.
 */
export interface IdentityProvider {
  provider: Provider;
  picker: PickerCopy;
  /** The OAuth client the app registered with this provider. */
  client(ctx: SandboxContext): { clientId: string; clientSecret: string };
  /** The `iss` of its ID tokens; Microsoft names the signed-in user's own tenant in it. */
  issuer(ctx: SandboxContext, tenantId: string): string;
  /** How its codes and tokens begin, as the real ones do. */
  prefixes: { code: string; access: string; refresh: string };
  /** What it adds to the redirect when the user cancels, besides `error=access_denied`. */
  declinedDescription: string | null;
  /** Google repeats the granted scope on the redirect back to the app. */
  repeatsScope: boolean;
  /** Its claims about an account, between `aud` and `iat`. */
  claims(
    ctx: SandboxContext,
    account: DemoAccount | OtherAccount,
    tenantId: string,
    emailVerified: boolean,
  ): Record<string, unknown>;
  /** An OAuth error answer in its format. */
  errorBody(error: string, description: string): Record<string, unknown>;
  /** Microsoft's token answer carries `ext_expires_in` too. */
  hasExtendedExpiry: boolean;
  /** Microsoft rotates refresh tokens on every use. */
  rotatesRefreshTokens: boolean;
}

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
export function authorizeHandler(
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
          `<!doctype html><title>Error 400</title><h1>Error 400: invalid_request</h1><p>${problems.map(escape).join('<br>')}</p>`,
        );
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(pickerPage(ctx, idp.provider, idp.picker, action(req), pickerParams(q)));
  };
}

/** The picker's answer: back to the app with a code for the chosen account, or with access_denied. */
export function chooseHandler(
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

/** The ID token as each provider documents its claims; a demo account's address is verified. */
async function idToken(
  ctx: SandboxContext,
  idp: IdentityProvider,
  key: string,
  nonce: string | null,
): Promise<string> {
  const account = accountOf(ctx, idp.provider, key);
  if (!account) throw new Error('account vanished');
  const other = 'key' in account ? account : null;
  const emailVerified = other?.emailVerified ?? true;
  const tenantId = other?.tenantId || ctx.microsoft.tenantId;
  const now = Math.floor(ctx.now().getTime() / 1000);
  const claims: Record<string, unknown> = {
    iss: idp.issuer(ctx, tenantId),
    aud: idp.client(ctx).clientId,
    ...idp.claims(ctx, account, tenantId, emailVerified),
    iat: now,
    exp: now + 3600,
    ...(nonce ? { nonce } : {}),
  };
  const tamper = ctx.idTokenTamper;
  ctx.idTokenTamper = null;
  const payload = { ...claims, ...tamper?.claims };
  if (tamper?.alg === 'none') return new UnsecuredJWT(payload).encode();
  if (tamper?.alg === 'HS256') {
    // The classic forgery: HMAC keyed with something the client knows, in place of the provider's RSA key.
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: ctx.keys.kid, typ: 'JWT' })
      .sign(new TextEncoder().encode(idp.client(ctx).clientSecret));
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.kid, typ: 'JWT' })
    .sign(ctx.keys.privateKey);
}

/** The token endpoint: a code (with its PKCE verifier) or a refresh token for an access token. */
export function tokenHandler(
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
        id_token: await idToken(ctx, idp, code.email, code.nonce),
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

/** The key set both providers publish, to verify ID tokens with. */
export function jwksHandler(ctx: SandboxContext): Handler {
  return async () => ({
    keys: [{ ...ctx.keys.publicJwk, kid: ctx.keys.kid, alg: 'RS256', use: 'sig' }],
  });
}

/**
 * The account behind a request's bearer token when the provider issued it and it is live (not expired, its
 * grant not revoked); null otherwise, for the caller to answer 401 in the provider's format.
 */
export function bearerHolder(ctx: SandboxContext, req: FastifyRequest, provider: Provider): string | null {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const grant = token ? ctx.accessTokens.get(token) : undefined;
  if (
    grant &&
    grant.provider === provider &&
    grant.expiresAt > ctx.now().getTime() &&
    !ctx.revoked.has(grant.email)
  ) {
    return grant.email;
  }
  return null;
}
