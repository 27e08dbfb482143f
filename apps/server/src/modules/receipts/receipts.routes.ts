import { ErrorBody, OrderIdParams } from '@warrantly/contract/common';
import {
  RECEIPT_PAGE_PARAMS,
  ReceiptDetail,
  ReceiptList,
  ReceiptPage,
  ReceiptPageQuery,
} from '@warrantly/contract/receipts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asksForPage, type CursorCodec, pageStart, parsePageQuery } from '../../http/cursor';
import type { VersionedRead } from '../../http/read-cache';
import type { UserVersion } from '../purchases/data-versions.service';
import * as service from './receipts.service';
import { sendStoredFile } from './send-file';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['receipts'];

export const receiptsRoutes: FastifyPluginAsync<{
  deps: service.ReceiptDeps;
  now: () => Date;
  cursors: CursorCodec;
  versioned: VersionedRead<UserVersion>;
}> = async (fastify, { deps, now, cursors, versioned }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/invoice/',
    {
      schema: {
        tags,
        summary: 'Orders that carry a receipt file; with limit, cursor or q, one page of them',
        description:
          'Without parameters: every receipt (ReceiptList). With any of limit (1..100, default 6), cursor ' +
          '(from a page, or `last`) and q: a ReceiptPage, newest first.',
        response: { 200: z.union([ReceiptList, ReceiptPage]), ...errors },
      },
    },
    (req, reply) => {
      if (!asksForPage(req.query, RECEIPT_PAGE_PARAMS)) {
        return versioned(req, reply, ({ defaultCurrency }, at) =>
          service.listReceipts(deps.db, req.userId, defaultCurrency, at),
        );
      }
      const { limit, cursor, q } = parsePageQuery(ReceiptPageQuery, req);
      const scope = ['receipts', req.userId, q ?? null];
      const start = pageStart(cursors, scope, cursor);
      return versioned(req, reply, async ({ defaultCurrency }, at) => {
        const page = await service.receiptPage(deps.db, req.userId, { limit, q }, start, defaultCurrency, at);
        return {
          items: page.items,
          next_cursor: page.next && cursors.encode(scope, page.next),
          prev_cursor: page.prev && cursors.encode(scope, page.prev),
          total: page.total,
          total_orders_this_month: page.thisMonth,
          total_categories: page.categories,
        };
      });
    },
  );
  app.get(
    '/api/v1/invoice/:id/',
    {
      schema: {
        tags,
        summary: 'A receipt by its order_id',
        params: OrderIdParams,
        response: { 200: ReceiptDetail, ...errors },
      },
    },
    (req) => service.getReceipt(deps, req.userId, req.params.id, now()),
  );
  app.get(
    '/api/v1/invoice/:id/file/',
    { schema: { tags, summary: 'Download the stored receipt file', params: OrderIdParams } },
    async (req, reply) => {
      return sendStoredFile(reply, await service.receiptFile(deps, req.userId, req.params.id));
    },
  );
  app.delete(
    '/api/v1/invoice/:id/delete/',
    {
      schema: {
        tags,
        summary: 'Delete a receipt: its purchase lines and its file',
        params: OrderIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deleteReceipt(deps, req.userId, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
