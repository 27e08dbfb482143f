import { ErrorBody, IdParams } from '@warrantly/contract/common';
import { LearnedList } from '@warrantly/contract/memory';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import type { EncryptionKeys } from '../../storage/envelope';
import * as service from './memory.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['memory'];

/** What the user's corrections taught: listed on the Account page, and forgotten one by one. */
export const memoryRoutes: FastifyPluginAsync<{ db: Db; encryptionKey: EncryptionKeys }> = async (
  fastify,
  { db, encryptionKey },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/memory/',
    {
      schema: {
        tags,
        summary: 'What Warrantly learned from your corrections, newest first',
        response: { 200: LearnedList, ...errors },
      },
    },
    async (req) => ({ entries: await service.listLearned(db, encryptionKey, req.userId) }),
  );
  app.delete(
    '/api/v1/memory/:id/',
    {
      schema: {
        tags,
        summary: 'Forget one thing learned: it is used no more',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.forget(db, req.userId, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
