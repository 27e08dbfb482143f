import { ErrorBody } from '@warrantly/contract/common';
import {
  ActiveWarrantyCount,
  PURCHASE_FIELD_LABELS,
  PURCHASE_PAGE_PARAMS,
  Purchase,
  PurchaseCreate,
  PurchasePage,
  PurchasePageQuery,
  PurchaseUpdate,
  TotalPrice,
  UpcomingWarrantyCount,
} from '@warrantly/contract/purchases';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asksForPage, type CursorCodec, pageStart, parsePageQuery } from '../../http/cursor';
import { checkedPdf, readForm } from '../../http/multipart';
import { parseId, parseInput } from '../../http/parse-input';
import type { VersionedRead } from '../../http/read-cache';
import type { UserVersion } from './data-versions.service';
import * as pages from './pages.service';
import * as service from './purchases.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['purchases'];

export const purchasesRoutes: FastifyPluginAsync<{
  deps: service.PurchaseDeps;
  now: () => Date;
  cursors: CursorCodec;
  /** 304, else the cached body, else the answer computed: reads that depend only on the data version. */
  versioned: VersionedRead<UserVersion>;
}> = async (fastify, { deps, now, cursors, versioned }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

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
        return versioned(req, reply, (_, at) => service.listPurchases(db, req.userId, at));
      }
      const { cursor, limit, sort, q, status, store, from, to } = parsePageQuery(PurchasePageQuery, req);
      // A cursor holds for the user, sort and filters it was made with; the page size may change.
      const scope = ['purchases', req.userId, sort, q ?? null, status ?? null, store ?? null, from, to];
      const start = pageStart(cursors, scope, cursor);
      return versioned(req, reply, async (_, at) => {
        const filters = { sort, limit, q, status, store, from, to };
        const page = await pages.purchasePage(db, req.userId, filters, start, at);
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
    (req, reply) =>
      versioned(req, reply, ({ defaultCurrency }) => service.totalPrice(db, req.userId, defaultCurrency)),
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
    (req, reply) => versioned(req, reply, (_, at) => service.activeWarrantyCount(db, req.userId, at)),
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
    (req, reply) => versioned(req, reply, (_, at) => service.upcomingWarrantyCount(db, req.userId, at)),
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
      const input = parseInput(PurchaseCreate, fields, PURCHASE_FIELD_LABELS);
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
      const input = parseInput(PurchaseUpdate, fields, PURCHASE_FIELD_LABELS);
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
