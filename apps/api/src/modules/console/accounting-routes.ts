import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingClosureList, accountingClosureView, closePeriodRequest } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { closeAccountingPeriod, listAccountingClosures } from './close-accounting-period.ts';
import { moneyContext } from './money-context.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };

/** Month-end (BE-15): the accounting closures. */
const consoleAccountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moneyContext(app);

  app.get(
    '/console/accounting/closures',
    {
      schema: {
        tags,
        summary: 'The months whose books are closed, latest first, each with its trial balance',
        security,
        response: { 200: accountingClosureList, ...denied },
      },
    },
    async (request) => listAccountingClosures(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/accounting/closures',
    {
      schema: {
        tags,
        summary:
          'Closes the books through the end of a month (ended, in order): no posting dated in it afterwards (admin; audited)',
        security,
        body: closePeriodRequest,
        response: { 200: accountingClosureView, 400: errorSchema, 409: errorSchema, ...denied },
      },
    },
    async (request) => closeAccountingPeriod(ctx, { actor: actorOf(request), month: request.body.month }),
  );
};

export default consoleAccountingRoutes;
