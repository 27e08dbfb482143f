import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';

/**
 * Google's token revocation endpoint (`POST https://oauth2.googleapis.com/revoke`, form body or query
 * `token=`): an access or refresh token revokes the whole grant, so every access token and refresh token of
 * that account stops working at once. 200 on success; 400 `invalid_token` for an unknown or revoked token.
 * Signing in again makes a new grant, as consenting again does at Google.
 */
export function registerGoogleRevoke(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(
    '/google/revoke',
    async (
      req: FastifyRequest<{ Body?: Record<string, string>; Querystring: { token?: string } }>,
      reply,
    ) => {
      const token = req.body?.token ?? req.query.token ?? '';
      const email = grantHolder(ctx, token);
      if (email === null) return invalidToken(reply);
      for (const grant of ctx.refreshTokens.values()) {
        if (grant.provider === 'google' && grant.email === email) grant.revoked = true;
      }
      for (const [access, grant] of ctx.accessTokens) {
        if (grant.provider === 'google' && grant.email === email) ctx.accessTokens.delete(access);
      }
      return reply.code(200).type('application/json').send('{}');
    },
  );
}

/** The Google account a live token belongs to, or null. */
function grantHolder(ctx: SandboxContext, token: string): string | null {
  const refresh = ctx.refreshTokens.get(token);
  if (refresh) return refresh.provider === 'google' && !refresh.revoked ? refresh.email : null;
  const access = ctx.accessTokens.get(token);
  return access?.provider === 'google' && access.expiresAt > ctx.now().getTime() ? access.email : null;
}

function invalidToken(reply: FastifyReply) {
  return reply.code(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
}

/** How many live Google refresh tokens an account has given this client (tests: 0 once revoked). */
export function liveGoogleGrants(ctx: SandboxContext, email: string): number {
  let count = 0;
  for (const grant of ctx.refreshTokens.values()) {
    if (grant.provider === 'google' && grant.email === email && !grant.revoked) count += 1;
  }
  return count;
}
