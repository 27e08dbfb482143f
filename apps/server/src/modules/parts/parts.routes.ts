import { ErrorBody } from '@warrantly/contract/common';
import { MainProductList } from '@warrantly/contract/parts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VersionedRead } from '../../http/read-cache';
import { requireSignedInWith } from '../auth/provider-accounts.service';
import * as service from './parts.service';

export const partsRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  /** Main products depend only on the user's data and the day: answered through the read cache. */
  versioned: VersionedRead<unknown>;
}> = async (fastify, { db, versioned }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = (provider: string) => ({
    tags: ['parts'],
    summary: `Main products and their replacement parts (${provider} users)`,
    response: { 200: MainProductList, 401: ErrorBody, 409: ErrorBody },
  });
  app.get('/google-auth/google/main-product/', { schema: schema('Google') }, async (req, reply) => {
    await requireSignedInWith(db, req.userId, 'google');
    return versioned(req, reply, (_, at) => service.listMainProducts(db, req.userId, at));
  });
  app.get('/microsoft-auth/main-product/', { schema: schema('Microsoft') }, async (req, reply) => {
    await requireSignedInWith(db, req.userId, 'microsoft');
    return versioned(req, reply, (_, at) => service.listMainProducts(db, req.userId, at));
  });
};
