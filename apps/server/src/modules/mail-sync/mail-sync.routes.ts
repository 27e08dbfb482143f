import type { RateLimitOptions } from '@fastify/rate-limit';
import { ErrorBody } from '@warrantly/contract/common';
import { SyncSummary } from '@warrantly/contract/mail-sync';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MailSync } from './mail-sync.service';

export const syncRoutes: FastifyPluginAsync<{
  mailSync: MailSync;
  /** Per user and route: a sync reads the whole mailbox's new mail. */
  limit: { rateLimit: RateLimitOptions };
}> = async (fastify, { mailSync, limit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = (provider: string) => ({
    tags: ['sync'],
    summary: `Sync purchases from the ${provider} mailbox; answers when done`,
    response: { 200: SyncSummary, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody },
  });
  app.get('/google-auth/google/sync/', { config: limit, schema: schema('Gmail') }, (req) =>
    mailSync.sync(req.userId, 'google'),
  );
  app.get('/microsoft-auth/warranty-sync/', { config: limit, schema: schema('Outlook') }, (req) =>
    mailSync.sync(req.userId, 'microsoft'),
  );
};
