import { Meta } from '@warrantly/contract/meta';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database>; sandboxUrl: string | null }> = async (
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
      await sql`select 1`.execute(db);
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
