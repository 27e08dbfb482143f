import { SignJWT, UnsecuredJWT } from 'jose';
import { accountOf, type SandboxContext } from './context';
import type { IdentityProvider } from './identity-provider';

/** The ID token as each provider documents its claims; a demo account's address is verified. */
export async function signIdToken(
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
