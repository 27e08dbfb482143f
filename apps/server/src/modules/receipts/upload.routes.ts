import type { RateLimitOptions } from '@fastify/rate-limit';
import { ErrorBody, MAX_UPLOAD_BYTES } from '@warrantly/contract/common';
import { Purchase } from '@warrantly/contract/purchases';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { checkedPdf, checkedPhoto, readForm } from '../../http/multipart';
import * as service from './upload.service';

const uploadSchema = (summary: string) => ({
  tags: ['receipts'],
  summary,
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
});

export const documentsRoutes: FastifyPluginAsync<{
  deps: service.DocumentDeps;
  now: () => Date;
  /** The per-user rate limit of uploads, PDFs and photos together. */
  limit: { rateLimit: RateLimitOptions };
}> = async (fastify, { deps, now, limit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One limiter for both routes: a user's uploads per minute count PDFs and photos alike.
  const uploadLimit = fastify.rateLimit(limit.rateLimit);

  /**
   * Lets an upload in (or refuses it) by its declared size before its body is read, then reads its form;
   * a body without a length counts as the largest allowed, and one longer than declared is cut off by
   * the parser's limit.
   */
  async function admitted<T>(
    req: FastifyRequest,
    read: (form: Awaited<ReturnType<typeof readForm>>) => Promise<T>,
  ) {
    const declared = Number(req.headers['content-length']);
    const release = deps.pool.admitUpload(
      Number.isFinite(declared) && declared > 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES,
    );
    try {
      return await read(await readForm(req, ['file']));
    } finally {
      release();
    }
  }

  app.post(
    '/api/v1/ai-order-extract/',
    {
      preHandler: uploadLimit,
      schema: uploadSchema(
        'Upload a receipt PDF (multipart field `file`): its purchases, or [] when none was found',
      ),
    },
    (req) =>
      admitted(req, ({ file }) => {
        const pdf = checkedPdf(file);
        if (!pdf) throw new AppError('invalid_input', 'file: choose a PDF receipt to upload');
        return service.importPdf(deps, req.userId, pdf, now());
      }),
  );

  app.post(
    '/api/v1/receipt-photo/',
    {
      preHandler: uploadLimit,
      schema: uploadSchema(
        'Upload a photo of a paper receipt (multipart field `file`: JPEG, PNG, WebP or HEIC, checked by its bytes): its purchases, or [] when none was found',
      ),
    },
    (req) =>
      admitted(req, ({ file }) => {
        const photo = checkedPhoto(file);
        if (!photo) throw new AppError('invalid_input', 'file: choose a photo of the receipt to upload');
        return service.importPhoto(deps, req.userId, photo, now());
      }),
  );
};
