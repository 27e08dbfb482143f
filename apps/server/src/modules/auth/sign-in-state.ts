import { createHash, randomBytes } from 'node:crypto';

/** What the browser carries between the login redirect and the callback, signed so it cannot be forged. */
export interface SignInState {
  provider: 'google' | 'microsoft';
  state: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  mode: 'page' | 'popup';
  expiresAt: number;
}

export const STATE_COOKIE = 'wl_signin';
/** Ten minutes to pick an account on the provider's page. */
export const STATE_TTL_SECONDS = 600;

export function newSignInState(
  provider: SignInState['provider'],
  redirectUri: string,
  mode: SignInState['mode'],
  now = Date.now(),
): SignInState {
  return {
    provider,
    state: randomBytes(24).toString('base64url'),
    verifier: randomBytes(48).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    redirectUri,
    mode,
    expiresAt: now + STATE_TTL_SECONDS * 1000,
  };
}

/** The state as the cookie carries it (the cookie plugin signs it, so it cannot be forged). */
export function encodeState(value: SignInState): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The state from a cookie whose signature checked out, when it is unexpired and matches the `state` the
 * provider sent back.
 */
export function decodeState(body: string | null, state: unknown, now = Date.now()): SignInState | null {
  if (!body || typeof state !== 'string') return null;
  let value: SignInState;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignInState;
  } catch {
    return null;
  }
  if (value.expiresAt < now || value.state !== state) return null;
  return value;
}

/** RFC 7636 S256 code challenge: base64url(sha256(verifier)) without padding. */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
