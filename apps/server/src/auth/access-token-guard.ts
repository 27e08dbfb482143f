import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { verifyAccessToken } from './access-token';

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

/** onRequest hook added to every route whose config does not mark it public (see app.ts). */
export function createGuard(signingKey: Buffer, now: () => Date = () => new Date()) {
  return async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      throw new AppError('unauthorized', 'Sign in first: this request needs a bearer access token');
    }
    const claims = verifyAccessToken(signingKey, header.slice(7).trim(), Math.floor(now().getTime() / 1000));
    if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired');
    req.userId = claims.sub;
  };
}
