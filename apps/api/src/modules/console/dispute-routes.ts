import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleDisputeListResponse, consoleDisputeView, resolveDisputeRequest } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { disputesContext } from './disputes-context.ts';
import { listDisputes } from './list-disputes.ts';
import { resolveDispute } from './resolve-dispute.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };

/** Payment disputes in the console (BE-10): the queue, and finance's match or rejection. */
const consoleDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = disputesContext(app);

  app.get(
    '/console/disputes',
    {
      schema: {
        tags,
        summary: 'Payment disputes: open ones oldest first (charges paused), then the latest resolved',
        security,
        response: { 200: consoleDisputeListResponse, ...denied },
      },
    },
    async (request) => listDisputes(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/disputes/:disputeId/resolve',
    {
      schema: {
        tags,
        summary:
          'Match a dispute to money held in suspense (applied to the loan) or reject it with a reason; charges resume (audited)',
        security,
        params: z.object({ disputeId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: resolveDisputeRequest,
        response: {
          200: consoleDisputeView,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...denied,
        },
      },
    },
    async (request) =>
      resolveDispute(ctx, {
        actor: actorOf(request),
        disputeId: request.params.disputeId,
        request: request.body,
      }),
  );
};

export default consoleDisputeRoutes;
