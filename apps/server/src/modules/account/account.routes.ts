import { AccountInfo } from '@warrantly/contract/account';
import { ErrorBody } from '@warrantly/contract/common';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './account.service';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsync<{ deps: service.AccountDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/account/',
    {
      schema: {
        tags,
        summary: 'Your account and whether the app still reads your mailbox',
        response: { 200: AccountInfo, 401: ErrorBody },
      },
    },
    (req) => service.getAccount(deps, req.userId),
  );
  app.get(
    '/api/v1/account/export/',
    {
      schema: {
        tags,
        summary:
          'Download everything: a ZIP of purchases (JSON and CSV), reminders, settings and every receipt file',
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const { filename, stream } = await service.exportAccount(deps, req.userId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  app.post(
    '/api/v1/account/disconnect/',
    {
      schema: {
        tags,
        summary:
          'Stop mail sync and calendar writes and delete the stored provider tokens; your data stays. Signing in again reconnects',
        response: { 200: AccountInfo, 401: ErrorBody },
      },
    },
    (req) => service.disconnectMailbox(deps, req.userId),
  );
  app.delete(
    '/api/v1/account/',
    {
      schema: {
        tags,
        summary:
          'Delete your account: purchases, receipts, reminders, the calendar events this app made, the feed, and the provider grant',
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (req, reply) => {
      await service.deleteAccount(deps, req.userId);
      return reply.code(204).send(null);
    },
  );
};
