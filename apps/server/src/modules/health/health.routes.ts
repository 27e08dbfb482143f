import { Meta } from '@warrantly/contract/meta';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/database';
import type { Db } from '../../db/schema';

export const healthRoutes: FastifyPluginAsync<{ db: Db; sandboxUrl: string | null }> = async (
  fastify,
  { db, sandboxUrl },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: { tags: ['meta'], security: [], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async (_req, reply) => {
      await ping(db);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
    },
  );
  app.get(
    '/api/v1/meta/',
    { config: { public: true }, schema: { tags: ['meta'], security: [], response: { 200: Meta } } },
    async () => ({
      sandbox: sandboxUrl !== null,
      ...(sandboxUrl ? { sandbox_url: sandboxUrl } : {}),
      version: '1.0.0',
    }),
  );
};
