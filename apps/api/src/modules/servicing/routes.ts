import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputeListResponse,
  disputeView,
  openDisputeRequest,
  extensionQuoteResponse,
  payoutAccountResponse,
  repaymentChannelsResponse,
  repaymentListResponse,
  repaymentViewResponse,
  startRepaymentRequest,
  REPAYMENT_PARTNERS,
} from '@pisonow/domain';
import { baseContext } from '../../lib/base-context.ts';
import { errorSchema } from '../../lib/http.ts';
import { documentFormatQuery, sendDocument } from '../../lib/pdf/send-document.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { changePayoutAccount, getPayoutAccount } from './change-payout-account.ts';
import { getClearanceLetter } from './get-clearance-letter.ts';
import { getExtensionDisclosure } from './get-extension-disclosure.ts';
import { getExtensionQuote } from './get-extension-quote.ts';
import { getLoanStatement } from './get-loan-statement.ts';
import { listPaymentDisputes } from './list-payment-disputes.ts';
import { openPaymentDispute } from './open-payment-dispute.ts';
import { receiveCollectionWebhook } from './receive-collection-webhook.ts';
import { getRepayment, listRepayments } from './repayment-view.ts';
import { runServicingDay, runServicingHour } from './run-servicing-day.ts';
import type { ServicingContext } from './servicing-context.ts';
import { startRepayment } from './start-repayment.ts';

/** The servicing context, built once per app from its decorations. */
export function servicingContext(app: FastifyInstance): ServicingContext {
  const c = app.config;
  return {
    ...baseContext(app),
    collections: app.providers.collections,
    sms: app.providers.sms,
    publicBaseUrl: (
      c.PUBLIC_BASE_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`
    ).replace(/\/$/, ''),
    bankChangeMaintenance: c.BANK_CHANGE_MAINTENANCE,
    accrualParallelism: c.ACCRUAL_PARALLELISM,
    delinquencyBuckets: c.DELINQUENCY_BUCKETS,
    companyName: c.PRODUCT_NAME,
    company: c,
  };
}

const security = [{ bearer: [] }];
const orderId = z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) });
const anyObject = z.record(z.string(), z.unknown());

/** Loan servicing (issue 7): repay, extend, receipts, payout-account change, the day job, the collection webhook. */
const servicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = servicingContext(app);

  // what the run did, in one line: the sandbox test clock lists it after a move of time
  app.jobs.define(JOBS.servicingDay, async () => {
    const day = await runServicingDay(ctx);
    return `${day.today}: ${day.becameOverdue} overdue, ${day.charges} charges, ${day.expired} expired, ${day.reminders} reminders`;
  });
  app.jobs.define(JOBS.servicingHourly, async () => {
    const hour = await runServicingHour(ctx);
    return `${hour.expired} expired, ${hour.reminders} reminders`;
  });

  app.get(
    '/repayments/channels',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'The ways I can repay (e-wallet, bank transfer, over the counter)',
        security,
        response: { 200: repaymentChannelsResponse, 401: errorSchema },
      },
    },
    async () => ({
      channels: REPAYMENT_PARTNERS.filter((p) => ctx.collections.supports(p.channel, p.providerCode)).map(
        (p) => {
          const limits = ctx.collections.amountLimits(p.channel, p.providerCode);
          return limits
            ? { ...p, minAmount: limits.min.toString(), maxAmount: limits.max.toString() }
            : { ...p };
        },
      ),
    }),
  );

  app.post(
    '/orders/:orderId/repayments',
    {
      config: { auth: true, idempotency: 'required' },
      schema: {
        tags: ['servicing'],
        summary:
          'Repay in full or pay an extension: opens a collection for exactly the amount due (Idempotency-Key required)',
        security,
        params: orderId,
        body: startRepaymentRequest,
        response: {
          201: repaymentViewResponse,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await startRepayment(ctx, {
          customerId: request.customer!.customerId,
          orderId: request.params.orderId,
          request: request.body,
          locale: request.locale,
        }),
      ),
  );

  app.get(
    '/repayments',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'My repayment records of the last 3 months (ST-02)',
        security,
        response: { 200: repaymentListResponse, 401: errorSchema },
      },
    },
    async (request) => ({
      repayments: await listRepayments(ctx, { customerId: request.customer!.customerId }),
    }),
  );

  app.get(
    '/repayments/:repaymentId',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'One of my repayments, with its receipt once paid',
        security,
        params: z.object({ repaymentId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: repaymentViewResponse, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      getRepayment(ctx, {
        customerId: request.customer!.customerId,
        repaymentId: request.params.repaymentId,
      }),
  );

  app.get(
    '/orders/:orderId/extension',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'What extending my loan costs and does, with a fresh disclosure statement (CO-02)',
        security,
        params: orderId,
        response: { 200: extensionQuoteResponse, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      getExtensionQuote(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        locale: request.locale,
      }),
  );

  // RA 3765: the copy of an extension's disclosure statement kept when the borrower started paying
  app.get(
    '/orders/:orderId/extension-disclosures/:repaymentId',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary:
          'My copy of the disclosure statement of an extension, as shown when I started paying for it (HTML or PDF; CO-02)',
        security,
        params: orderId.extend({ repaymentId: z.uuid({ error: 'NOT_FOUND' }) }),
        querystring: documentFormatQuery,
      },
    },
    async (request, reply) => {
      const doc = await getExtensionDisclosure(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        repaymentId: request.params.repaymentId,
      });
      // the PDF carries the hash of what was shown on every page
      return sendDocument(reply, doc.html, {
        format: request.query.format,
        filename: `extension-disclosure-${request.params.repaymentId}`,
        footer: `${request.params.orderId} · SHA-256 ${doc.sha256.slice(0, 16)}…`,
        locale: doc.locale,
        sha256: doc.sha256,
      });
    },
  );

  // BE-12: the statement of account and the clearance letter, in the borrower's language
  app.get(
    '/orders/:orderId/statement',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'The statement of account of my loan: every charge, payment and balance (BE-12)',
        security,
        params: orderId,
        querystring: documentFormatQuery,
      },
    },
    async (request, reply) => {
      const { html } = await getLoanStatement(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        locale: request.locale,
      });
      return sendDocument(reply, html, {
        format: request.query.format,
        filename: `statement-${request.params.orderId}`,
        footer: request.params.orderId,
        locale: request.locale,
      });
    },
  );

  app.get(
    '/orders/:orderId/clearance-letter',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'The clearance letter of my loan once it is paid in full (BE-12)',
        security,
        params: orderId,
        querystring: documentFormatQuery,
      },
    },
    async (request, reply) => {
      const { html } = await getClearanceLetter(ctx, {
        customerId: request.customer!.customerId,
        orderId: request.params.orderId,
        locale: request.locale,
      });
      return sendDocument(reply, html, {
        format: request.query.format,
        filename: `clearance-${request.params.orderId}`,
        footer: request.params.orderId,
        locale: request.locale,
      });
    },
  );

  app.get(
    '/payout-account',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'My payout account and whether I may change it (RO-02)',
        security,
        response: { 200: payoutAccountResponse, 401: errorSchema },
      },
    },
    async (request) => getPayoutAccount(ctx, { customerId: request.customer!.customerId }),
  );

  app.put(
    '/payout-account',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['servicing'],
        summary: 'Change my payout account (re-loan borrowers; RO-02, VAL-07)',
        security,
        body: anyObject,
        response: {
          200: payoutAccountResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) =>
      changePayoutAccount(ctx, { customerId: request.customer!.customerId, body: request.body }),
  );

  // The collection webhook: authenticated by the provider's signature over the raw body, not by a session.
  await app.register(async (hook) => {
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    hook.post(
      '/collections/webhook',
      {
        config: { fromProvider: true },
        schema: { tags: ['servicing'], summary: 'Collection provider webhook (signed)' },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const result = await receiveCollectionWebhook(ctx, { headers: request.headers, rawBody });
        if (result === 'forged')
          return reply.status(401).send({ code: 'UNAUTHENTICATED', message: 'webhook not authentic' });
        return { received: true, result };
      },
    );
  });

  app.post(
    '/orders/:orderId/disputes',
    {
      config: { auth: true, idempotency: 'required' },
      schema: {
        tags: ['servicing'],
        summary:
          'Report a payment that is not showing, with a receipt photo: charges pause while it is checked (BE-10; Idempotency-Key required)',
        security,
        params: orderId,
        body: openDisputeRequest,
        response: {
          201: disputeView,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await openPaymentDispute(ctx, {
          customerId: request.customer!.customerId,
          orderId: request.params.orderId,
          request: request.body,
        }),
      ),
  );

  app.get(
    '/orders/:orderId/disputes',
    {
      config: { auth: true },
      schema: {
        tags: ['servicing'],
        summary: 'The payments I reported for this loan and what became of them (BE-10)',
        security,
        params: orderId,
        response: { 200: disputeListResponse, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      listPaymentDisputes(ctx, { customerId: request.customer!.customerId, orderId: request.params.orderId }),
  );
};

export default servicingRoutes;
