import { ErrorBody, OrderIdParams } from '@warrantly/contract/common';
import {
  RestoreBody,
  ReviewActionResult,
  ReviewBulkBody,
  ReviewCount,
  ReviewInbox,
  ReviewSettings,
} from '@warrantly/contract/review';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import * as service from './review.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['review'];

export const reviewRoutes: FastifyPluginAsync<{ deps: service.ReviewDeps; now: () => Date }> = async (
  fastify,
  { deps, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/review/',
    {
      schema: {
        tags,
        summary: 'The review inbox: purchases read automatically that wait for a look, and what was rejected',
        response: { 200: ReviewInbox, ...errors },
      },
    },
    (req) => service.reviewInbox(deps, req.userId, now()),
  );
  app.get(
    '/api/v1/review/count/',
    {
      schema: {
        tags,
        summary: 'How many purchases wait for review',
        response: { 200: ReviewCount, ...errors },
      },
    },
    async (req) => ({ pending_count: await service.pendingCount(deps.db, req.userId) }),
  );
  app.post(
    '/api/v1/review/accept/',
    {
      schema: {
        tags,
        summary: 'Accept waiting purchases by order id',
        body: ReviewBulkBody,
        response: { 200: ReviewActionResult, ...errors },
      },
    },
    (req) => service.acceptOrders(deps, req.userId, req.body.order_ids, now()),
  );
  app.post(
    '/api/v1/review/reject/',
    {
      schema: {
        tags,
        summary:
          'Reject waiting purchases by order id: their lines and documents go, a tombstone stays 30 days',
        body: ReviewBulkBody,
        response: { 200: ReviewActionResult, ...errors },
      },
    },
    (req) => service.rejectOrders(deps, req.userId, req.body.order_ids, now()),
  );
  app.post(
    '/api/v1/review/:id/accept/',
    {
      schema: {
        tags,
        summary: 'Accept one waiting purchase',
        params: OrderIdParams,
        response: { 200: ReviewActionResult, ...errors },
      },
    },
    (req) => single(service.acceptOrders(deps, req.userId, [req.params.id], now())),
  );
  app.post(
    '/api/v1/review/:id/reject/',
    {
      schema: {
        tags,
        summary: 'Reject one waiting purchase',
        params: OrderIdParams,
        response: { 200: ReviewActionResult, ...errors },
      },
    },
    (req) => single(service.rejectOrders(deps, req.userId, [req.params.id], now())),
  );
  app.post(
    '/api/v1/review/restore/',
    {
      schema: {
        tags,
        summary:
          'Restore rejected documents: a message is fetched again on the next sync, a file may be uploaded again',
        body: RestoreBody,
        response: { 200: ReviewActionResult, ...errors },
      },
    },
    (req) => service.restoreRejected(deps, req.userId, req.body.ids, now()),
  );
  app.put(
    '/api/v1/review/settings/',
    {
      schema: {
        tags,
        summary: 'Whether purchases waiting for review count in the totals',
        body: ReviewSettings,
        response: { 200: ReviewSettings, ...errors },
      },
    },
    async (req) => {
      await service.setCountPending(deps.db, req.userId, req.body.count_pending_in_totals);
      return req.body;
    },
  );
};

/** One order named: 404 when it is not waiting (gone, another user's, or reviewed already). */
async function single(result: Promise<{ changed: number }>) {
  const answer = await result;
  if (answer.changed === 0)
    throw new AppError('not_found', 'No purchase waiting for review has this order id');
  return answer;
}
