import { ErrorBody } from '@warrantly/contract/common';
import {
  ActiveWarrantyCount,
  PURCHASE_PAGE_PARAMS,
  Purchase,
  PurchaseCreate,
  PurchasePage,
  PurchasePageQuery,
  PurchaseUpdate,
  TotalPrice,
  UpcomingWarrantyCount,
} from '@warrantly/contract/purchases';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDate } from '../../dates';
import { asksForPage, type CursorCodec, pageStart, withoutBlanks } from '../../http/cursor';
import { dataEtag, isFresh, setCacheHeaders } from '../../http/etag';
import { checkedPdf, readForm } from '../../http/multipart';
import { parseId, parseInput } from '../../http/parse-input';
import * as pages from './pages.service';
import * as service from './purchases.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['purchases'];

export const purchasesRoutes: FastifyPluginAsync<{
  deps: service.PurchaseDeps;
  now: () => Date;
  cursors: CursorCodec;
}> = async (fastify, { deps, now, cursors }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /**
   * Conditional GET: one primary-key read decides between 304 and computing the answer, so an unchanged
   * dashboard costs no list query and no serialisation.
   */
  async function conditional<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    produce: (defaultCurrency: string) => Promise<T>,
  ): Promise<T | undefined> {
    const { version, defaultCurrency } = await service.dataVersion(db, req.userId);
    const etag = dataEtag(req.userId, version, isoDate(now()));
    setCacheHeaders(reply, etag);
    if (isFresh(req, etag)) {
      reply.code(304).send();
      return undefined;
    }
    return produce(defaultCurrency);
  }

  app.get(
    '/api/v1/user-orders/',
    {
      schema: {
        tags,
        summary: 'List purchases, newest first; with any page parameter, one page of them',
        description:
          'Without parameters: every purchase (the array). With any of limit, cursor, sort, q, status, store, ' +
          'from, to: a PurchasePage of `limit` (1..100, default 6) rows. Cursors come from a page and hold ' +
          'only with the same filters and sort; `cursor=last` is the last page, aligned to the first.',
        response: { 200: z.union([z.array(Purchase), PurchasePage]), ...errors },
      },
    },
    (req, reply) => {
      if (!asksForPage(req.query, PURCHASE_PAGE_PARAMS)) {
        return conditional(req, reply, () => service.listPurchases(db, req.userId, now()));
      }
      const { cursor, limit, sort, q, status, store, from, to } = parseInput(
        PurchasePageQuery,
        withoutBlanks(req.query),
      );
      // A cursor holds for the user, sort and filters it was made with; the page size may change.
      const scope = ['purchases', req.userId, sort, q ?? null, status ?? null, store ?? null, from, to];
      const start = pageStart(cursors, scope, cursor);
      return conditional(req, reply, async () => {
        const filters = { sort, limit, q, status, store, from, to };
        const page = await pages.purchasePage(db, req.userId, filters, start, now());
        return {
          items: page.items,
          next_cursor: page.next && cursors.encode(scope, page.next),
          prev_cursor: page.prev && cursors.encode(scope, page.prev),
          total: page.total,
        };
      });
    },
  );
  app.get(
    '/api/v1/user-orders/total-price/',
    { schema: { tags, summary: 'Sum of purchase amounts', response: { 200: TotalPrice, ...errors } } },
    (req, reply) => conditional(req, reply, (currency) => service.totalPrice(db, req.userId, currency)),
  );
  app.get(
    '/api/v1/user-orders/active-warranty-count/',
    {
      schema: {
        tags,
        summary: 'Purchases under warranty',
        response: { 200: ActiveWarrantyCount, ...errors },
      },
    },
    (req, reply) => conditional(req, reply, () => service.activeWarrantyCount(db, req.userId, now())),
  );
  app.get(
    '/api/v1/user-orders/total-upcoming-warranty/',
    {
      schema: {
        tags,
        summary: 'Warranties ending in 30 days',
        response: { 200: UpcomingWarrantyCount, ...errors },
      },
    },
    (req, reply) => conditional(req, reply, () => service.upcomingWarrantyCount(db, req.userId, now())),
  );

  app.post(
    '/api/v1/orders/create/',
    {
      schema: {
        tags,
        summary: 'Add a purchase by hand (multipart; optional PDF in `invoice`)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: Purchase, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (req, reply) => {
      const { fields, file } = await readForm(req, ['invoice']);
      const input = parseInput(PurchaseCreate, fields);
      const purchase = await service.createPurchase(deps, req.userId, input, checkedPdf(file), now());
      return reply.code(201).send(purchase);
    },
  );

  app.put(
    '/api/v1/user-orders/update/:orderId/',
    {
      schema: {
        tags,
        summary: 'Change some fields of a purchase (multipart; optional PDF in `invoice_pdf`)',
        consumes: ['multipart/form-data', 'application/json'],
        params: z.object({ orderId: z.string() }),
        response: { 200: Purchase, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (req) => {
      const id = parseId(req.params.orderId);
      const { fields, file } = await readForm(req, ['invoice_pdf']);
      const input = parseInput(PurchaseUpdate, fields);
      return service.updatePurchase(deps, req.userId, id, input, checkedPdf(file), now());
    },
  );

  app.delete(
    '/api/v1/user-delete-order/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a purchase (and its file with the last line of its order)',
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deletePurchase(deps, req.userId, parseId(req.params.id));
      return reply.code(204).send(null);
    },
  );
};
