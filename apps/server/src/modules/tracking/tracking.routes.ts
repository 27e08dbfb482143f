import { ErrorBody } from '@warrantly/contract/common';
import { TrackInteraction } from '@warrantly/contract/purchases';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { timestamp } from '../../dates';
import type { Database } from '../../db/schema';

export const interactionsRoutes: FastifyPluginAsync<{ db: Kysely<Database>; now: () => Date }> = async (
  fastify,
  { db, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/track-interaction/',
    {
      schema: {
        tags: ['usage'],
        summary: 'Record that the user opened a dashboard tab',
        body: TrackInteraction,
        response: { 201: z.object({ tab_name: z.string() }), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      await db
        .insertInto('interactions')
        .values({ user_id: req.userId, tab_name: req.body.tab_name, created_at: timestamp(now()) })
        .execute();
      return reply.code(201).send({ tab_name: req.body.tab_name });
    },
  );
};
