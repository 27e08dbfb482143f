import { ErrorBody, IdParams, OrderIdParams } from '@warrantly/contract/common';
import { EmailView, PurchaseDocumentList } from '@warrantly/contract/review';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FileStoreDeps } from './receipt-files.service';
import * as service from './receipts.service';
import { sendStoredFile } from './send-file';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['documents'];

/** The documents of a purchase: listed, downloaded, and an e-mail read for display. */
export const purchaseDocumentsRoutes: FastifyPluginAsync<{
  deps: FileStoreDeps;
  viewEmail: (bytes: Uint8Array) => Promise<EmailView>;
  now: () => Date;
}> = async (fastify, { deps, viewEmail, now }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/purchases/:id/documents/',
    {
      schema: {
        tags,
        summary: "An order's documents (by order_id): its receipt first, then the others",
        params: OrderIdParams,
        response: { 200: PurchaseDocumentList, ...errors },
      },
    },
    (req) => service.purchaseDocuments(deps.db, req.userId, req.params.id, now()),
  );
  app.get(
    '/api/v1/documents/:id/file/',
    { schema: { tags, summary: 'Download a document as stored (an e-mail as its .eml)', params: IdParams } },
    async (req, reply) => {
      return sendStoredFile(reply, await service.documentDownload(deps, req.userId, req.params.id));
    },
  );
  app.get(
    '/api/v1/documents/:id/email/',
    {
      schema: {
        tags,
        summary: 'An e-mail document read for display: headers, text, and the HTML as sent (sanitise it!)',
        params: IdParams,
        response: { 200: EmailView, ...errors },
      },
    },
    (req) => service.emailView(deps, viewEmail, req.userId, req.params.id),
  );
};
