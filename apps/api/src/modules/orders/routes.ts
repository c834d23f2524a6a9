import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loanDocumentsResponse,
  loanOfferResponse,
  orderViewResponse,
  placeOrderRequest,
} from '@pisonow/domain';
import { documentFormatQuery, sendDocument } from '../../lib/pdf/send-document.ts';
import { errorSchema } from '../../lib/http.ts';
import { disburseOrder, disbursePendingOrders } from './disburse-order.ts';
import { fixPayoutAccount } from './fix-payout-account.ts';
import { loanOffer } from './loan-offer.ts';
import { listOrders, orderDocument, orderView } from './order-view.ts';
import { ordersContext } from './orders-context.ts';
import { placeOrder, previewOrderDocuments } from './place-order.ts';
import { receivePayoutCallback } from './receive-payout-callback.ts';
import { JOBS } from '../../plugins/app/job-types.ts';

const security = [{ bearer: [] }];
const orderId = z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) });
const anyObject = z.record(z.string(), z.unknown());

/** Withdrawal, orders, documents and the payout webhook. HTTP only: the use cases hold the rules. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  // Queued by placeOrder and fixPayoutAccount inside their transactions; the sweep covers what
  // those jobs cannot (see disbursePendingOrders).
  app.jobs.define(
    JOBS.disburseOrder,
    async ({ orderId: id }) => void (await disburseOrder(ctx, { orderId: id })),
  );
  app.jobs.define(
    JOBS.disbursePending,
    async () => `${await disbursePendingOrders(ctx)} payouts sent or tried`,
  );

  app.get(
    '/loans/offer',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary: 'What I may withdraw now: limit and every priced offer',
        security,
        response: { 200: loanOfferResponse, 401: errorSchema },
      },
    },
    async (request) => loanOffer(ctx, { customerId: request.customer!.customerId }),
  );

  app.get(
    '/loans/documents',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary:
          'Preview of the disclosure statement, agreement and sanction letter for an offer (read before signing)',
        security,
        querystring: z.object({
          amount: z.string().regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' }),
          termDays: z.coerce.number().int({ error: 'VALIDATION_FAILED' }),
          couponId: z.uuid({ error: 'COUPON_UNAVAILABLE' }).optional(),
        }),
        response: {
          200: loanDocumentsResponse,
          422: errorSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) =>
      previewOrderDocuments(ctx, {
        customerId: request.customer!.customerId,
        amount: request.query.amount,
        termDays: request.query.termDays,
        ...(request.query.couponId ? { couponId: request.query.couponId } : {}),
        locale: request.locale,
      }),
  );

  app.post(
    '/orders',
    {
      config: { auth: true, idempotency: 'required' },
      schema: {
        tags: ['lending'],
        summary: 'Withdraw: sign and submit an order (Idempotency-Key required)',
        security,
        body: placeOrderRequest,
        response: { 201: orderViewResponse, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.customerId;
      // the key names the order: a retry after a crash finds the order its first attempt committed
      const id = await placeOrder(ctx, {
        customerId,
        request: request.body,
        orderId: request.idempotencyClaim?.effectId,
        locale: request.locale,
      });
      return reply
        .status(201)
        .send(await orderView(ctx, { customerId, orderId: id, locale: request.locale }));
    },
  );

  app.get(
    '/orders',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary: 'My orders, newest first',
        security,
        response: { 200: z.object({ orders: z.array(orderViewResponse) }), 401: errorSchema },
      },
    },
    async (request) => ({
      orders: await listOrders(ctx, { customerId: request.customer!.customerId, locale: request.locale }),
    }),
  );

  app.get(
    '/orders/:orderId',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary: 'One of my orders',
        security,
        params: orderId,
        response: { 200: orderViewResponse, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      orderView(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        locale: request.locale,
      }),
  );

  app.get(
    '/orders/:orderId/documents/:kind',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary: 'A signed document of my order, as signed (HTML) or printed to PDF (BE-12)',
        security,
        params: orderId.extend({
          kind: z.enum(['disclosure', 'agreement', 'sanction_letter'], { error: 'NOT_FOUND' }),
        }),
        querystring: documentFormatQuery,
      },
    },
    async (request, reply) => {
      const doc = await orderDocument(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        kind: request.params.kind,
      });
      // the PDF carries the hash of what was signed on every page
      return sendDocument(reply, doc.html, {
        format: request.query.format,
        filename: `${request.params.kind}-${request.params.orderId}`,
        footer: `${request.params.orderId} · SHA-256 ${doc.sha256.slice(0, 16)}…`,
        locale: doc.locale,
        sha256: doc.sha256,
      });
    },
  );

  app.put(
    '/orders/:orderId/payout-account',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['lending'],
        summary: 'After a failed payout: a new payout account; the same order is paid again',
        security,
        params: orderId,
        body: anyObject,
        response: {
          200: orderViewResponse,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const customerId = request.customer!.customerId;
      await fixPayoutAccount(ctx, { customerId, orderId: request.params.orderId, body: request.body });
      return orderView(ctx, { customerId, orderId: request.params.orderId, locale: request.locale });
    },
  );

  // Webhook: authenticated by the provider's token, not by a borrower session.
  app.post(
    '/payouts/callbacks',
    {
      config: { fromProvider: true },
      schema: { tags: ['lending'], summary: 'Payout provider webhook', hide: false },
    },
    async (request, reply) => {
      const result = await receivePayoutCallback(ctx, { headers: request.headers, body: request.body });
      if (result === 'forged')
        return reply.status(401).send({ code: 'UNAUTHENTICATED', message: 'callback not authentic' });
      return { received: true, result };
    },
  );
};

export default orderRoutes;
