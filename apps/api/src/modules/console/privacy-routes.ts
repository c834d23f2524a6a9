import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleCompleteDataRequest,
  consoleDataRequestItem,
  consoleDataRequestList,
  consoleDataRequestQuery,
  consoleRetentionErasureList,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { completeDataRequest } from './complete-data-request.ts';
import { consoleContext } from './console-context.ts';
import { listDataRequests } from './list-data-requests.ts';
import { listRetentionErasures } from './list-retention-erasures.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The console's data requests (BE-12, NPC): borrowers' deletion requests and their completion. */
const consolePrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);

  app.get(
    '/console/data-requests',
    {
      schema: {
        tags,
        summary: 'Deletion requests: open ones by deadline, or completed ones newest first',
        security,
        querystring: consoleDataRequestQuery,
        response: { 200: consoleDataRequestList, ...refused },
      },
    },
    async (request) => listDataRequests(ctx, { actor: actorOf(request), status: request.query.status }),
  );

  app.post(
    '/console/data-requests/:requestId/complete',
    {
      schema: {
        tags,
        summary: 'Complete a deletion request: erase what its plan erases, with a note (once; audited)',
        security,
        params: z.object({ requestId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: consoleCompleteDataRequest,
        response: { 200: consoleDataRequestItem, ...refused },
      },
    },
    async (request) =>
      completeDataRequest(ctx, {
        actor: actorOf(request),
        requestId: request.params.requestId,
        note: request.body.note,
      }),
  );

  app.get(
    '/console/retention-erasures',
    {
      schema: {
        tags,
        summary: 'What the retention job erased (inactive applicants never paid out), newest first',
        security,
        response: { 200: consoleRetentionErasureList, ...refused },
      },
    },
    async (request) =>
      listRetentionErasures(
        { ...ctx, inactiveApplicantDays: app.config.RETENTION_INACTIVE_APPLICANT_DAYS },
        { actor: actorOf(request) },
      ),
  );
};

export default consolePrivacyRoutes;
