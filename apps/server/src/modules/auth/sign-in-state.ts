import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

export function encodeState(key: Buffer, value: SignInState): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(`signin.${body}`).digest('base64url')}`;
}

/** The state in the cookie when it is ours, unexpired and matches the `state` the provider sent back. */
export function decodeState(
  key: Buffer,
  cookie: string | undefined,
  state: unknown,
  now = Date.now(),
): SignInState | null {
  if (!cookie || typeof state !== 'string') return null;
  const [body, signature] = cookie.split('.');
  if (!body || !signature) return null;
  const expected = createHmac('sha256', key).update(`signin.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
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
