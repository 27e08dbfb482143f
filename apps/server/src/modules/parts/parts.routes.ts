import { ErrorBody } from '@warrantly/contract/common';
import {
  MAIN_PRODUCT_PAGE_PARAMS,
  MainProductList,
  MainProductPage,
  MainProductPageQuery,
} from '@warrantly/contract/parts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { asksForPage, type CursorCodec, pageStart, parsePageQuery } from '../../http/cursor';
import type { VersionedRead } from '../../http/read-cache';
import type { ProviderName } from '../../providers/endpoints';
import { requireSignedInWith } from '../auth/provider-accounts.service';
import * as service from './parts.service';

export const partsRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  cursors: CursorCodec;
  /** Main products depend only on the user's data and the day: answered through the read cache. */
  versioned: VersionedRead<unknown>;
}> = async (fastify, { db, cursors, versioned }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = (provider: string) => ({
    tags: ['parts'],
    summary: `Main products and their replacement parts (${provider} users); with limit or cursor, one page`,
    description:
      'Without parameters: every main product (MainProductList). With limit (1..100, default 6) or cursor ' +
      '(from a page, or `last`): a MainProductPage, newest main product first.',
    response: {
      200: z.union([MainProductList, MainProductPage]),
      400: ErrorBody,
      401: ErrorBody,
      409: ErrorBody,
    },
  });

  async function answer(req: FastifyRequest, reply: FastifyReply, provider: ProviderName) {
    await requireSignedInWith(db, req.userId, provider);
    if (!asksForPage(req.query, MAIN_PRODUCT_PAGE_PARAMS)) {
      return versioned(req, reply, (_, at) => service.listMainProducts(db, req.userId, at));
    }
    const { limit, cursor } = parsePageQuery(MainProductPageQuery, req);
    const scope = ['main-products', req.userId];
    const start = pageStart(cursors, scope, cursor);
    return versioned(req, reply, async (_, at) => {
      const page = await service.listMainProductPage(db, req.userId, at, start, limit);
      return {
        items: page.items,
        total: page.total,
        next_cursor: page.next && cursors.encode(scope, page.next),
        prev_cursor: page.prev && cursors.encode(scope, page.prev),
      };
    });
  }

  app.get('/google-auth/google/main-product/', { schema: schema('Google') }, (req, reply) =>
    answer(req, reply, 'google'),
  );
  app.get('/microsoft-auth/main-product/', { schema: schema('Microsoft') }, (req, reply) =>
    answer(req, reply, 'microsoft'),
  );
};
