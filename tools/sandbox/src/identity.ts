import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { accountOf, type SandboxContext } from './context';
import { otherAccount, pairwiseSubject } from './other-accounts';
import { opaqueToken, s256 } from './state';

type Provider = 'google' | 'microsoft';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the "Use another account" form's checkbox is called: the claim it sets, in the provider's words. */
const VERIFIED_LABEL = { google: 'Email verified', microsoft: 'Email verified by the tenant' } as const;

/**
 * The account picker: one button per demo account, named by its e-mail, a "Use another account" form
 * (any address, name and verification: what whoever controls an account can make it say), and a Cancel.
 */
function pickerPage(
  ctx: SandboxContext,
  provider: Provider,
  action: string,
  params: Record<string, string>,
  problem?: string,
): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = ctx.accounts
    .filter((a) => a.provider === provider)
    .map(
      (a) =>
        `<li><button type="submit" name="login_hint" value="${escapeHtml(a.email)}" aria-label="${escapeHtml(a.email)}" style="display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem 1rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#fff;font:inherit;cursor:pointer"><span aria-hidden="true" style="display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:#1d4ed8;color:#fff">${escapeHtml(a.name[0] ?? '?')}</span><span><strong>${escapeHtml(a.name)}</strong><br><span>${escapeHtml(a.email)}</span></span></button></li>`,
    )
    .join('');
  const title =
    provider === 'google'
      ? 'Sign in - Google Accounts (local sandbox)'
      : 'Sign in to your account - Microsoft (local sandbox)';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a">
<main><h1 style="font-size:1.4rem">Choose an account</h1>
<p>This is the local provider sandbox standing in for ${provider === 'google' ? 'Google' : 'Microsoft'}. No real account is used.</p>
<form method="post" action="${escapeHtml(action)}">${hidden}<ul style="list-style:none;padding:0;display:grid;gap:.5rem">${buttons}</ul>
<fieldset style="margin-top:1.5rem;border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;display:grid;gap:.5rem"><legend style="font-weight:600">Use another account</legend>
<p style="margin:0">Any address, in ${provider === 'google' ? 'a Google account' : 'an organization (tenant)'} of its own: its owner decides what it says.</p>
${problem ? `<p role="alert" style="margin:0;color:#b91c1c">${escapeHtml(problem)}</p>` : ''}
<label for="other-email">Email</label><input id="other-email" name="other_email" type="text" inputmode="email" autocomplete="off" style="padding:.4rem">
<label for="other-name">Name</label><input id="other-name" name="other_name" type="text" autocomplete="off" style="padding:.4rem">
<label style="display:flex;gap:.5rem;align-items:center"><input type="checkbox" name="other_email_verified" value="true">${VERIFIED_LABEL[provider]}</label>
<button type="submit" name="other" value="1" style="justify-self:start;padding:.5rem 1rem">Sign in with this account</button></fieldset>
<button type="submit" name="cancel" value="1" style="margin-top:1rem;padding:.5rem 1rem">Cancel</button></form></main></body></html>`;
}

/** The authorize request's parameters the picker carries through to its answer. */
function pickerParams(q: Record<string, string | undefined>): Record<string, string> {
  const names = [
    'client_id',
    'redirect_uri',
    'scope',
    'state',
    'nonce',
    'code_challenge',
    'code_challenge_method',
  ];
  return Object.fromEntries(names.flatMap((k) => (q[k] !== undefined ? [[k, q[k] as string]] : [])));
}

function oauthError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
  provider: Provider,
) {
  const body =
    provider === 'microsoft'
      ? {
          error,
          error_description: `AADSTS70008: ${description}`,
          error_codes: [70008],
          timestamp: new Date().toISOString(),
        }
      : { error, error_description: description };
  return reply.code(status).send(body);
}

export function registerIdentity(app: FastifyInstance, ctx: SandboxContext): void {
  // Microsoft names the signed-in user's own tenant in `iss`.
  const issuer = (provider: Provider, tenantId: string) =>
    provider === 'google' ? `${ctx.url}/google` : `${ctx.url}/microsoft/${tenantId}/v2.0`;
  const client = (provider: Provider) => (provider === 'google' ? ctx.google : ctx.microsoft);

  function authorize(provider: Provider, action: (req: FastifyRequest) => string) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const q = req.query as Record<string, string | undefined>;
      const problems: string[] = [];
      if (q.client_id !== client(provider).clientId)
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
        .send(pickerPage(ctx, provider, action(req), pickerParams(q)));
    };
  }

  function choose(provider: Provider) {
    return async (
      req: FastifyRequest<{ Body: Record<string, string>; Params: { tenant?: string } }>,
      reply: FastifyReply,
    ) => {
      const b = req.body ?? {};
      const target = new URL(b.redirect_uri ?? '');
      if (b.state) target.searchParams.set('state', b.state);
      if (b.cancel) {
        target.searchParams.set('error', 'access_denied');
        if (provider === 'microsoft')
          target.searchParams.set('error_description', 'AADSTS65004: User declined to consent.');
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
      const code = opaqueToken(provider === 'google' ? '4/0A' : 'M.C5');
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
      if (provider === 'google') target.searchParams.set('scope', b.scope ?? '');
      return reply.redirect(target.toString(), 302);
    };
  }

  /** The ID token as each provider documents its claims; a demo account's address is verified. */
  async function idToken(provider: Provider, key: string, nonce: string | null): Promise<string> {
    const account = accountOf(ctx, provider, key);
    if (!account) throw new Error('account vanished');
    const other = 'key' in account ? account : null;
    const emailVerified = other?.emailVerified ?? true;
    const tenantId = other?.tenantId || ctx.microsoft.tenantId;
    const now = Math.floor(ctx.now().getTime() / 1000);
    const claims: Record<string, unknown> = {
      iss: issuer(provider, tenantId),
      aud: client(provider).clientId,
      ...(provider === 'google'
        ? {
            sub: account.id,
            azp: ctx.google.clientId,
            email: account.email,
            email_verified: emailVerified,
            name: account.name,
            picture: account.picture,
            given_name: account.givenName,
            family_name: account.familyName,
            at_hash: opaqueToken('').slice(0, 22),
          }
        : {
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
        .sign(new TextEncoder().encode(client(provider).clientSecret));
    }
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.kid, typ: 'JWT' })
      .sign(ctx.keys.privateKey);
  }

  function token(provider: Provider) {
    return async (req: FastifyRequest<{ Body: Record<string, string> }>, reply: FastifyReply) => {
      const b = req.body ?? {};
      let clientId = b.client_id;
      let clientSecret = b.client_secret;
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (basic?.[1]) [clientId, clientSecret] = Buffer.from(basic[1], 'base64').toString().split(':');
      const registered = client(provider);
      if (clientId !== registered.clientId || clientSecret !== registered.clientSecret) {
        return oauthError(reply, 401, 'invalid_client', 'The OAuth client was not found.', provider);
      }
      const grantScope = (scope: string) => {
        const access = opaqueToken(provider === 'google' ? 'ya29.' : 'EwB');
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
          return oauthError(reply, 400, 'invalid_grant', 'Malformed auth code.', provider);
        }
        ctx.codes.delete(b.code ?? ''); // single use
        if (code.redirectUri !== b.redirect_uri)
          return oauthError(reply, 400, 'redirect_uri_mismatch', 'Bad Request', provider);
        if (!b.code_verifier || s256(b.code_verifier) !== code.challenge) {
          return oauthError(reply, 400, 'invalid_grant', 'Invalid code verifier.', provider);
        }
        const access = grantScope(code.scope);
        (ctx.accessTokens.get(access) as { email: string }).email = code.email;
        const refresh = opaqueToken(provider === 'google' ? '1//0g' : 'M.C5_BAY.');
        ctx.refreshTokens.set(refresh, { provider, email: code.email, scope: code.scope, revoked: false });
        return {
          access_token: access,
          expires_in: ctx.tokenLifetimeSeconds,
          ...(provider === 'microsoft' ? { ext_expires_in: ctx.tokenLifetimeSeconds } : {}),
          refresh_token: refresh,
          scope: code.scope,
          token_type: 'Bearer',
          id_token: await idToken(provider, code.email, code.nonce),
        };
      }
      if (b.grant_type === 'refresh_token') {
        const grant = ctx.refreshTokens.get(b.refresh_token ?? '');
        if (!grant || grant.provider !== provider || grant.revoked || ctx.revoked.has(grant.email)) {
          return oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.', provider);
        }
        const access = grantScope(grant.scope);
        (ctx.accessTokens.get(access) as { email: string }).email = grant.email;
        const answer: Record<string, unknown> = {
          access_token: access,
          expires_in: ctx.tokenLifetimeSeconds,
          scope: grant.scope,
          token_type: 'Bearer',
        };
        if (provider === 'microsoft') {
          // Microsoft rotates refresh tokens on every use.
          grant.revoked = true;
          const next = opaqueToken('M.C5_BAY.');
          ctx.refreshTokens.set(next, { ...grant, revoked: false });
          answer.refresh_token = next;
        }
        return answer;
      }
      return oauthError(reply, 400, 'unsupported_grant_type', 'Invalid grant_type.', provider);
    };
  }

  const jwks = async () => ({
    keys: [{ ...ctx.keys.publicJwk, kid: ctx.keys.kid, alg: 'RS256', use: 'sig' }],
  });

  // Google
  app.get('/google/.well-known/openid-configuration', async () => ({
    issuer: issuer('google', ''),
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
  }));
  app.get(
    '/google/o/oauth2/v2/auth',
    authorize('google', () => `${ctx.url}/google/o/oauth2/v2/auth/choose`),
  );
  app.post('/google/o/oauth2/v2/auth/choose', choose('google'));
  app.post('/google/token', token('google'));
  app.get('/google/oauth2/v3/certs', jwks);

  // Microsoft identity platform v2.0
  app.get<{ Params: { tenant: string } }>(
    '/microsoft/:tenant/v2.0/.well-known/openid-configuration',
    async (req) => ({
      token_endpoint: `${ctx.url}/microsoft/${req.params.tenant}/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      jwks_uri: `${ctx.url}/microsoft/${req.params.tenant}/discovery/v2.0/keys`,
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      issuer: `${ctx.url}/microsoft/{tenantid}/v2.0`,
      request_uri_parameter_supported: false,
      userinfo_endpoint: `${ctx.url}/graph/oidc/userinfo`,
      authorization_endpoint: `${ctx.url}/microsoft/${req.params.tenant}/oauth2/v2.0/authorize`,
      http_logout_supported: true,
      frontchannel_logout_supported: true,
      end_session_endpoint: `${ctx.url}/microsoft/${req.params.tenant}/oauth2/v2.0/logout`,
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
  );
  app.get(
    '/microsoft/:tenant/oauth2/v2.0/authorize',
    authorize(
      'microsoft',
      (req) =>
        `${ctx.url}/microsoft/${(req.params as { tenant: string }).tenant}/oauth2/v2.0/authorize/choose`,
    ),
  );
  app.post('/microsoft/:tenant/oauth2/v2.0/authorize/choose', choose('microsoft'));
  app.post('/microsoft/:tenant/oauth2/v2.0/token', token('microsoft'));
  app.get('/microsoft/:tenant/discovery/v2.0/keys', jwks);
}

/** The account behind a bearer token, or a 401 in the provider's own error format. */
export function authenticate(
  ctx: SandboxContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: Provider,
): string | null {
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
  if (provider === 'google') {
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
  } else {
    void reply.code(401).send({
      error: {
        code: 'InvalidAuthenticationToken',
        message: 'Access token has expired or is not yet valid.',
        innerError: { date: new Date().toISOString() },
      },
    });
  }
  return null;
}
