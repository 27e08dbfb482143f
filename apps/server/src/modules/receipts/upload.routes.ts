import type { RateLimitOptions } from '@fastify/rate-limit';
import { ErrorBody, MAX_UPLOAD_BYTES } from '@warrantly/contract/common';
import { Purchase } from '@warrantly/contract/purchases';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { checkedPdf, readForm } from '../../http/multipart';
import * as service from './upload.service';

export const documentsRoutes: FastifyPluginAsync<{
  deps: service.DocumentDeps;
  now: () => Date;
  /** The route's per-user rate limit. */
  limit: { rateLimit: RateLimitOptions };
}> = async (fastify, { deps, now, limit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/ai-order-extract/',
    {
      config: limit,
      schema: {
        tags: ['receipts'],
        summary: 'Upload a receipt PDF (multipart field `file`): its purchases, or [] when none was found',
        consumes: ['multipart/form-data'],
        response: {
          200: z.array(Purchase),
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req) => {
      // Let in (or refused) by its declared size before its body is read; a body without a length counts
      // as the largest allowed, and one longer than declared is cut off by the parser's limit.
      const declared = Number(req.headers['content-length']);
      const release = deps.pool.admitUpload(
        Number.isFinite(declared) && declared > 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES,
      );
      try {
        const { file } = await readForm(req, ['file']);
        const pdf = checkedPdf(file);
        if (!pdf) throw new AppError('invalid_input', 'file: choose a PDF receipt to upload');
        return await service.importPdf(deps, req.userId, pdf, now());
      } finally {
        release();
      }
    },
  );
};
