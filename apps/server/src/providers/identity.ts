import type { JWTPayload } from 'jose';
import { AppError } from '../errors';

/** Where one OAuth 2.0 / OpenID Connect provider lives: real Google/Microsoft, or the local sandbox. */
export interface IdentityEndpoints {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUri: string;
  /** The exact `iss` expected; Microsoft's multi-tenant issuer holds `{tenantid}`, filled from the token's `tid`. */
  issuer: string;
}

/** Who signed in, read from a verified ID token. */
export interface Profile {
  /** The provider's stable, never reassigned id of the account: the key users are found by. */
  subject: string;
  email: string;
  /** True only when the provider vouches that the account owns `email`: only then may it link users. */
  emailVerified: boolean;
  name: string;
  picture: string;
}

/** An ID token that verified but does not say who signed in: no account is made from it. */
export function refuseProfile(provider: string, missing: 'email' | `no ${string}`): AppError {
  return new AppError(
    'unauthorized',
    missing === 'email'
      ? `${provider} did not confirm an e-mail address for this account`
      : `${provider} did not identify the account (its ID token has ${missing} claim)`,
  );
}

/** The token endpoint's answer (RFC 6749 section 5.1, plus OpenID Connect's id_token). */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  id_token?: string;
  token_type?: string;
}

/** A refresh grant the provider refused for good (revoked, expired): the user must sign in again. */
export class GrantRevokedError extends AppError {
  constructor(provider: string, cause?: unknown) {
    super('reauth_required', `Your ${provider} account needs to be connected again: sign in once more`, {
      cause,
    });
  }
}

const TIMEOUT_MS = 10_000;

/** Calls a provider's token endpoint with a form body; a refusal or garbage answer is a clear AppError. */
export async function tokenRequest(
  provider: string,
  endpoints: IdentityEndpoints,
  params: Record<string, string>,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    ...params,
    client_id: endpoints.clientId,
    client_secret: endpoints.clientSecret,
  });
  let res: Response;
  try {
    res = await fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new AppError('provider_failed', `${provider} sign-in did not answer; try again`, { cause });
  }
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  if (!res.ok) {
    if (json?.error === 'invalid_grant' && params.grant_type === 'refresh_token') {
      throw new GrantRevokedError(provider, json);
    }
    const reason = typeof json?.error === 'string' ? json.error : `HTTP ${res.status}`;
    throw new AppError('provider_failed', `${provider} refused the sign-in (${reason})`, {
      cause: json ?? text,
    });
  }
  if (!json || typeof json.access_token !== 'string') {
    throw new AppError('provider_failed', `${provider} answered the sign-in with something unreadable`);
  }
  return json as unknown as TokenSet;
}

/** Why jose refused an ID token, in words a person signing in can act on (claim values are not echoed). */
function idTokenProblem(error: unknown, algorithm: string | undefined): string {
  const { code, claim } = (error ?? {}) as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return algorithm === 'none'
        ? 'the ID token is signed with no algorithm'
        : 'the ID token is signed with an algorithm other than RS256';
    case 'ERR_JWT_EXPIRED':
      return 'the ID token has expired';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return "the ID token's signature does not match the provider's published keys";
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'aud') return 'the ID token was issued to another application';
      if (claim === 'iat' || claim === 'nbf') return 'the ID token is not valid yet';
      return `the ID token's ${claim ?? 'claims'} claim is invalid`;
    default:
      return 'the ID token is malformed';
  }
}

/** Verifies ID tokens against the provider's published keys (fetched once, refreshed when a new `kid` appears). */
export function createIdTokenVerifier(provider: string, endpoints: IdentityEndpoints) {
  // jose loads on the first sign-in; the key set it builds is kept for the server's lifetime.
  let jwks: Promise<ReturnType<typeof import('jose').createRemoteJWKSet>> | null = null;
  const refuse = (problem: string, cause?: unknown) =>
    new AppError('unauthorized', `The ${provider} sign-in could not be verified: ${problem}`, { cause });
  return async function verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload> {
    const { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } = await import('jose');
    jwks ??= Promise.resolve(createRemoteJWKSet(new URL(endpoints.jwksUri), { timeoutDuration: TIMEOUT_MS }));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, await jwks, {
        audience: endpoints.clientId,
        algorithms: ['RS256'],
        clockTolerance: 60,
      }));
    } catch (cause) {
      // The key set could not be fetched or read: the provider's side, not the token's.
      const code = (cause as { code?: string }).code;
      if (!code || ['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC'].includes(code)) {
        throw new AppError('provider_failed', `${provider}'s signing keys could not be fetched; try again`, {
          cause,
        });
      }
      let algorithm: string | undefined;
      try {
        algorithm = decodeProtectedHeader(idToken).alg;
      } catch {
        algorithm = undefined;
      }
      throw refuse(idTokenProblem(cause, algorithm), cause);
    }
    const expectedIssuer = endpoints.issuer.replace('{tenantid}', String(payload.tid ?? ''));
    if (payload.iss !== expectedIssuer) throw refuse(`the ID token was not issued by ${provider}`);
    if (payload.nonce !== nonce) throw refuse('the ID token belongs to another sign-in attempt (nonce)');
    return payload;
  };
}
