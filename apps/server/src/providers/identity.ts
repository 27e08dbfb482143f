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
    super('conflict', `Your ${provider} account needs to be connected again: sign in once more`, { cause });
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

/** Verifies ID tokens against the provider's published keys (fetched once, refreshed when a new `kid` appears). */
export function createIdTokenVerifier(provider: string, endpoints: IdentityEndpoints) {
  // jose loads on the first sign-in; the key set it builds is kept for the server's lifetime.
  let jwks: Promise<ReturnType<typeof import('jose').createRemoteJWKSet>> | null = null;
  return async function verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload> {
    const { createRemoteJWKSet, jwtVerify } = await import('jose');
    jwks ??= Promise.resolve(createRemoteJWKSet(new URL(endpoints.jwksUri), { timeoutDuration: TIMEOUT_MS }));
    try {
      const { payload } = await jwtVerify(idToken, await jwks, {
        audience: endpoints.clientId,
        algorithms: ['RS256'],
        clockTolerance: 60,
      });
      const expectedIssuer = endpoints.issuer.replace('{tenantid}', String(payload.tid ?? ''));
      if (payload.iss !== expectedIssuer) throw new Error(`unexpected issuer ${payload.iss}`);
      if (payload.nonce !== nonce) throw new Error('nonce mismatch');
      return payload;
    } catch (cause) {
      throw new AppError('unauthorized', `The ${provider} sign-in could not be verified`, { cause });
    }
  };
}
