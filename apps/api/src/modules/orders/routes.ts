import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loanDocumentsResponse, loanOfferResponse, orderViewResponse, placeOrderRequest } from '@pisonow/domain';
import { and, eq } from 'drizzle-orm';
import { orderDocuments, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema } from '../../lib/http.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { disburseOrder } from './disburse-order.ts';
import { fixPayoutAccount } from './fix-payout-account.ts';
import { loanOffer } from './loan-offer.ts';
import { orderView } from './order-view.ts';
import { placeOrder, previewOrderDocuments } from './place-order.ts';
import { receivePayoutCallback } from './receive-payout-callback.ts';
import { JOBS } from '../../plugins/app/job-types.ts';

const security = [{ bearer: [] }];
const orderId = z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) });
const anyObject = z.record(z.string(), z.unknown());

/** Withdrawal, orders, documents and the payout webhook. HTTP only: the use cases hold the rules. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const queueDisbursement = async (id: string) => {
    // The order is committed; if the queue is unreachable the sweep sends it, so never fail the request.
    await app.jobs.send(JOBS.disburseOrder, { orderId: id }, { singletonKey: id }).catch((err: unknown) => app.log.error({ err, orderId: id }, 'disbursement not queued; the sweep will send it'));
  };

  app.jobs.define(JOBS.disburseOrder, async ({ orderId: id }) => void (await disburseOrder({ db: app.db, clock: app.clock, payouts: app.providers.payouts, log: app.log }, id)));
  app.jobs.define(JOBS.disbursePending, async () => {
    const pending = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'disbursing'));
    for (const { id } of pending) await disburseOrder({ db: app.db, clock: app.clock, payouts: app.providers.payouts, log: app.log }, id);
  });

  app.get('/loans/offer', { config: { auth: true }, schema: { tags: ['lending'], summary: 'What I may withdraw now: limit and every priced offer', security, response: { 200: loanOfferResponse, 401: errorSchema } } }, async (request) =>
    loanOffer(app.db, request.customer!.customerId, app.clock.now()),
  );

  app.get(
    '/loans/documents',
    {
      config: { auth: true },
      schema: {
        tags: ['lending'],
        summary: 'Preview of the disclosure statement, agreement and sanction letter for an offer (read before signing)',
        security,
        querystring: z.object({ amount: z.string().regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' }), termDays: z.coerce.number().int({ error: 'VALIDATION_FAILED' }) }),
        response: { 200: loanDocumentsResponse, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => previewOrderDocuments({ db: app.db, clock: app.clock, config: app.config, payoutProvider: app.providers.payouts.name }, request.customer!.customerId, request.query, request.locale),
  );

  app.post(
    '/orders',
    {
      config: { auth: true, idempotency: 'required' },
      schema: { tags: ['lending'], summary: 'Withdraw: sign and submit an order (Idempotency-Key required)', security, body: placeOrderRequest, response: { 201: orderViewResponse, 400: errorSchema, 401: errorSchema, 409: errorSchema } },
    },
    async (request, reply) => {
      const customerId = request.customer!.customerId;
      // the key names the order: a retry after a crash finds the order its first attempt committed
      const id = await placeOrder({ db: app.db, clock: app.clock, config: app.config, payoutProvider: app.providers.payouts.name }, customerId, request.body, { orderId: request.idempotencyClaim?.effectId, locale: request.locale });
      await queueDisbursement(id);
      return reply.status(201).send(await orderView(app.db, customerId, id, app.clock.now(), request.locale));
    },
  );

  app.get('/orders', { config: { auth: true }, schema: { tags: ['lending'], summary: 'My orders, newest first', security, response: { 200: z.object({ orders: z.array(orderViewResponse) }), 401: errorSchema } } }, async (request) => {
    const customerId = request.customer!.customerId;
    const mine = await app.db.select({ id: orders.id }).from(orders).where(ownedBy(orders, customerId)).orderBy(orders.createdAt);
    const views = await Promise.all(mine.reverse().map((o) => orderView(app.db, customerId, o.id, app.clock.now(), request.locale)));
    return { orders: views };
  });

  app.get('/orders/:orderId', { config: { auth: true }, schema: { tags: ['lending'], summary: 'One of my orders', security, params: orderId, response: { 200: orderViewResponse, 401: errorSchema, 404: errorSchema } } }, async (request) =>
    orderView(app.db, request.customer!.customerId, request.params.orderId, app.clock.now(), request.locale),
  );

  app.get(
    '/orders/:orderId/documents/:kind',
    { config: { auth: true }, schema: { tags: ['lending'], summary: 'A signed document of my order (HTML)', security, params: orderId.extend({ kind: z.enum(['disclosure', 'agreement', 'sanction_letter'], { error: 'NOT_FOUND' }) }) } },
    async (request, reply) => {
      const [order] = await app.db.select({ id: orders.id }).from(orders).where(ownedBy(orders, request.customer!.customerId, eq(orders.id, request.params.orderId)));
      if (!order) throw new AppError('NOT_FOUND');
      const [doc] = await app.db.select().from(orderDocuments).where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, request.params.kind)));
      if (!doc) throw new AppError('NOT_FOUND');
      return reply.header('cache-control', 'private, no-store').header('x-content-sha256', doc.sha256).type('text/html; charset=utf-8').send(doc.html);
    },
  );

  app.put(
    '/orders/:orderId/payout-account',
    { config: { auth: true, idempotency: 'optional' }, schema: { tags: ['lending'], summary: 'After a failed payout: a new payout account; the same order is paid again', security, params: orderId, body: anyObject, response: { 200: orderViewResponse, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema } } },
    async (request) => {
      const customerId = request.customer!.customerId;
      await fixPayoutAccount({ db: app.db, clock: app.clock, payoutProvider: app.providers.payouts.name }, customerId, request.params.orderId, request.body);
      await queueDisbursement(request.params.orderId);
      return orderView(app.db, customerId, request.params.orderId, app.clock.now(), request.locale);
    },
  );

  // Webhook: authenticated by the provider's token, not by a borrower session.
  app.post('/payouts/callbacks', { schema: { tags: ['lending'], summary: 'Payout provider webhook', hide: false } }, async (request, reply) => {
    const result = await receivePayoutCallback({ db: app.db, provider: app.providers.payouts }, request.headers, request.body, app.clock.now());
    if (result === 'forged') return reply.status(401).send({ code: 'UNAUTHENTICATED', message: 'callback not authentic' });
    return { received: true, result };
  });
};

export default orderRoutes;
