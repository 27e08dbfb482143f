import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type AccessClaims, verifyAccessToken } from './access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser` on every protected route. */
    userId: string;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a bearer token (sign-in, refresh, the calendar feed, docs, health). */
    public?: boolean;
  }
}

/** Verified tokens kept; at 15-minute lifetimes this covers far more signed-in sessions than one server sees. */
const VERIFIED_TOKENS = 10_000;

/**
 * onRequest hook added to every route whose config does not mark it public (see app.ts). A token's
 * signature is checked once and the token remembered with its claims, since the web app sends the same
 * one for 15 minutes; the expiry is still checked on every request.
 */
export function createGuard(signingKey: Buffer, now: () => Date = () => new Date()) {
  const verified = new Map<string, AccessClaims>();
  return async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      throw new AppError('unauthorized', 'Sign in first: this request needs a bearer access token');
    }
    const token = header.slice(7).trim();
    const nowSeconds = Math.floor(now().getTime() / 1000);
    let claims = verified.get(token) ?? null;
    if (!claims || claims.exp <= nowSeconds) {
      verified.delete(token);
      claims = verifyAccessToken(signingKey, token, nowSeconds);
      if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired');
      // Oldest first out: Map keeps insertion order.
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
    }
    req.userId = claims.sub;
  };
}
