import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  easyReloanAgreementResponse,
  easyReloanViewResponse,
  switchEasyReloanRequest,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { bookDueAutomaticReloans } from './book-automatic-reloan.ts';
import { easyReloanContext } from './easy-reloan-context.ts';
import { easyReloanAgreement } from './easy-reloan-agreement.ts';
import { getEasyReloan } from './get-easy-reloan.ts';
import { switchEasyReloan } from './switch-easy-reloan.ts';

const security = [{ bearer: [] }];

/** Easy Re-loan (ST-08, ST-09, VAL-12): the agreement, the switch, the rewards earned. */
const easyReloanRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = easyReloanContext(app);

  app.jobs.define(JOBS.easyReloanBook, async () => {
    const results = await bookDueAutomaticReloans(ctx);
    if (results.length) app.log.info({ results }, 'easy re-loan bookings');
    // the sandbox test clock lists this line (the browser suite reads 'easy re-loan: booked')
    return results.length ? `easy re-loan: ${results.map((r) => r.outcome).join(', ')}` : 'none due';
  });

  app.get(
    '/easy-reloan',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'My Easy Re-loan: the switch, the reward ladder and the rewards earned',
        security,
        response: { 200: easyReloanViewResponse, 401: errorSchema },
      },
    },
    async (request) => getEasyReloan(ctx, { customerId: request.customer!.customerId }),
  );

  app.get(
    '/easy-reloan/agreement',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'The Easy Re-loan Agreement in force, in my language (VAL-12)',
        security,
        response: { 200: easyReloanAgreementResponse, 401: errorSchema },
      },
    },
    async (request) => easyReloanAgreement(request.locale, ctx.companyName),
  );

  app.put(
    '/easy-reloan',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['engagement'],
        summary: 'Switch Easy Re-loan on (with the agreement agreed) or off (ST-08)',
        security,
        body: switchEasyReloanRequest,
        response: { 200: easyReloanViewResponse, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      switchEasyReloan(ctx, {
        customerId: request.customer!.customerId,
        request: request.body,
        locale: request.locale,
      }),
  );
};

export default easyReloanRoutes;
