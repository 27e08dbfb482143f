import { ErrorBody } from '@warrantly/contract/common';
import { ReceiptDetail, ReceiptList } from '@warrantly/contract/receipts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './receipts.service';

const errors = { 401: ErrorBody, 404: ErrorBody };
const tags = ['receipts'];
const OrderParams = z.object({ id: z.string().min(1).max(200) });

export const receiptsRoutes: FastifyPluginAsync<{ deps: service.ReceiptDeps; now: () => Date }> = async (
  fastify,
  { deps, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/invoice/',
    {
      schema: {
        tags,
        summary: 'Orders that carry a receipt file',
        response: { 200: ReceiptList, ...errors },
      },
    },
    (req) => service.listReceipts(deps.db, req.userId, now()),
  );
  app.get(
    '/api/v1/invoice/:id/',
    {
      schema: {
        tags,
        summary: 'A receipt by its order_id',
        params: OrderParams,
        response: { 200: ReceiptDetail, ...errors },
      },
    },
    (req) => service.getReceipt(deps, req.userId, req.params.id, now()),
  );
  app.get(
    '/api/v1/invoice/:id/file/',
    { schema: { tags, summary: 'Download the stored receipt file', params: OrderParams } },
    async (req, reply) => {
      const file = await service.receiptFile(deps, req.userId, req.params.id);
      return reply
        .type(file.mime)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
  app.delete(
    '/api/v1/invoice/:id/delete/',
    {
      schema: {
        tags,
        summary: 'Delete a receipt: its purchase lines and its file',
        params: OrderParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deleteReceipt(deps, req.userId, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
