import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleComplaintItem, consoleComplaintList, consoleComplaintProgress } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { complaintsContext } from './complaints-context.ts';
import { listComplaintQueue } from './list-complaint-queue.ts';
import { progressComplaint } from './progress-complaint.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The console's complaint queue (BE-11): support and admin, per CONSOLE_ACCESS. HTTP only here. */
const consoleComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = complaintsContext(app);

  app.get(
    '/console/complaints',
    {
      schema: {
        tags,
        summary: 'Complaints: unresolved first by promised date (days left, overdue), then resolved',
        security,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(100) }),
        response: { 200: consoleComplaintList, ...refused },
      },
    },
    async (request) => listComplaintQueue(ctx, { actor: actorOf(request), limit: request.query.limit }),
  );

  app.post(
    '/console/complaints/:complaintId/progress',
    {
      schema: {
        tags,
        summary:
          'Mark a complaint in progress or resolved (an answer is required to resolve; audited; the borrower is told)',
        security,
        params: z.object({ complaintId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: consoleComplaintProgress,
        response: { 200: consoleComplaintItem, ...refused },
      },
    },
    async (request) =>
      progressComplaint(ctx, {
        actor: actorOf(request),
        complaintId: request.params.complaintId,
        request: request.body,
      }),
  );
};

export default consoleComplaintRoutes;
