import { ErrorBody } from '@warrantly/contract/common';
import { FeedUrl } from '@warrantly/contract/reminders';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { EncryptionKeys } from '../../storage/envelope';
import * as service from './feed.service';

export const feedRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  encryptionKey: EncryptionKeys;
  publicUrl: string | undefined;
  now: () => Date;
}> = async (fastify, { db, encryptionKey, publicUrl, now }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];
  const origin = (req: FastifyRequest) => publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
  const feedUrl = (req: FastifyRequest, secret: string) =>
    `${origin(req)}/api/v1/calendar/feed/${secret}.ics`;

  app.get(
    '/api/v1/calendar/feed/',
    {
      schema: {
        tags,
        summary: 'The secret iCalendar address of your reminders',
        response: { 200: FeedUrl, 401: ErrorBody },
      },
    },
    async (req) => ({ url: feedUrl(req, await service.feedSecret(db, encryptionKey, req.userId)) }),
  );
  app.post(
    '/api/v1/calendar/feed/rotate/',
    {
      schema: {
        tags,
        summary: 'Replace the feed address; the old one stops working',
        response: { 200: FeedUrl, 401: ErrorBody },
      },
    },
    async (req) => ({ url: feedUrl(req, await service.rotateFeedSecret(db, encryptionKey, req.userId)) }),
  );
  app.get(
    '/api/v1/calendar/feed/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The iCalendar feed (public: the secret in the address is the key)',
        security: [],
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const secret = req.params.file.replace(/\.ics$/, '');
      const body = /^[A-Za-z0-9_-]{16,64}$/.test(secret)
        ? await service.renderFeed(db, secret, origin(req), now())
        : null;
      if (body === null) throw new AppError('not_found', 'No calendar feed at this address');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="warrantly.ics"')
        .send(body);
    },
  );
};
