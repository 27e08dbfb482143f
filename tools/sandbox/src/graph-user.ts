import type { FastifyInstance } from 'fastify';
import { accountOf, type SandboxContext } from './context';
import { ME } from './graph-api';
import { microsoftUser } from './microsoft-identity';

/** Graph's `/me`: the signed-in user's profile. */
export function registerGraphUser(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(ME, async (req, reply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return reply;
    const a = accountOf(ctx, 'microsoft', email);
    return {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
      id: a?.id,
      displayName: a?.name,
      givenName: a?.givenName,
      surname: a?.familyName,
      mail: a?.email,
      userPrincipalName: a?.email,
      businessPhones: [],
      jobTitle: null,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-US',
    };
  });
}
