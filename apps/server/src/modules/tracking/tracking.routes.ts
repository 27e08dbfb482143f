import { ErrorBody } from '@warrantly/contract/common';
import { TrackInteraction } from '@warrantly/contract/tracking';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import * as service from './tracking.service';

export const trackingRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (
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
      await service.recordInteraction(db, req.userId, req.body.tab_name, now());
      return reply.code(201).send({ tab_name: req.body.tab_name });
    },
  );
};
