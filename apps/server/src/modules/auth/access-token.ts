import { createHmac, timingSafeEqual } from 'node:crypto';

/** Access JWTs live 15 minutes; the web app renews them through the refresh endpoint. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'warrantly';
const AUDIENCE = 'warrantly-api';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
}

/**
 * HS256 JWTs with node:crypto directly: verification runs on every API call, and the synchronous HMAC
 * keeps it at a few microseconds where a WebCrypto round trip costs an order of magnitude more.
 */
export function signAccessToken(
  key: Buffer,
  userId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const payload = {
    sub: userId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: nowSeconds,
    exp: nowSeconds + ACCESS_TOKEN_SECONDS,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The claims of a valid token, or null for anything forged, malformed, expired or meant for someone else. */
export function verifyAccessToken(
  key: Buffer,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header is accepted, which rules out alg=none and algorithm confusion.
  if (header !== HEADER) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { sub, iat, exp, iss, aud } = claims;
  if (typeof sub !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
  if (iss !== ISSUER || aud !== AUDIENCE || exp <= nowSeconds) return null;
  return { sub, iat, exp };
}
