import { ErrorBody } from '@warrantly/contract/common';
import { MainProductList } from '@warrantly/contract/parts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireSignedInWith } from '../auth/provider-accounts.service';
import * as service from './parts.service';

export const partsRoutes: FastifyPluginAsync<{ db: Kysely<Database>; now: () => Date }> = async (
  fastify,
  { db, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = (provider: string) => ({
    tags: ['parts'],
    summary: `Main products and their replacement parts (${provider} users)`,
    response: { 200: MainProductList, 401: ErrorBody, 409: ErrorBody },
  });
  app.get('/google-auth/google/main-product/', { schema: schema('Google') }, async (req) => {
    await requireSignedInWith(db, req.userId, 'google');
    return service.listMainProducts(db, req.userId, now());
  });
  app.get('/microsoft-auth/main-product/', { schema: schema('Microsoft') }, async (req) => {
    await requireSignedInWith(db, req.userId, 'microsoft');
    return service.listMainProducts(db, req.userId, now());
  });
};
