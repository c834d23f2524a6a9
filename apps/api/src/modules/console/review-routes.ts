import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SWITCH_KEYS,
  collectionContact,
  collectionContactRequest,
  collectionLogResponse,
  reviewCaseResponse,
  reviewDecisionRequest,
  reviewQueueResponse,
  switchListResponse,
  switchUpdateRequest,
  switchView,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { listCollectionContacts, recordCollectionContact } from './collection-contacts.ts';
import { decideReviewCase } from './decide-review-case.ts';
import { getReviewCase } from './get-review-case.ts';
import { listReviewQueue } from './list-review-queue.ts';
import { listSwitches } from './list-switches.ts';
import { reviewContext } from './review-context.ts';
import { setSwitch } from './set-switch.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };
const caseParams = z.object({ caseId: z.uuid({ error: 'NOT_FOUND' }) });
const customerParams = z.object({ customerId: z.uuid({ error: 'NOT_FOUND' }) });

/**
 * The console's underwriting review queue, operational switches and collections log (issue 11,
 * BE-04, BE-08, RO-02, SEC MC 18 s.2019). Access per CONSOLE_ACCESS, enforced by operator-auth.
 * HTTP only here: parse, call the use case, reply.
 */
const consoleReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = reviewContext(app);

  app.get(
    '/console/review-cases',
    {
      schema: {
        tags,
        summary: 'The underwriting review queue: open cases, oldest first, with every rule’s outcome',
        security,
        response: { 200: reviewQueueResponse, ...denied },
      },
    },
    async (request) => listReviewQueue(ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/console/review-cases/:caseId',
    {
      schema: {
        tags,
        summary: 'One review case: the application’s facts, rules, possible duplicates, allowed limits',
        security,
        params: caseParams,
        response: { 200: reviewCaseResponse, 404: errorSchema, ...denied },
      },
    },
    async (request) => getReviewCase(ctx, { actor: actorOf(request), caseId: request.params.caseId }),
  );

  app.post(
    '/console/review-cases/:caseId/decision',
    {
      schema: {
        tags,
        summary:
          'Decides a review case once: approve with a limit, ask for a new ID photo, or reject with a retry date',
        security,
        params: caseParams,
        body: reviewDecisionRequest,
        response: {
          200: reviewCaseResponse,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          ...denied,
        },
      },
    },
    async (request) =>
      decideReviewCase(ctx, {
        actor: actorOf(request),
        caseId: request.params.caseId,
        request: request.body,
      }),
  );

  app.get(
    '/console/switches',
    {
      schema: {
        tags,
        summary: 'Operational switches (bank-change maintenance, pause new applications) and who set them',
        security,
        response: { 200: switchListResponse, ...denied },
      },
    },
    async (request) => listSwitches(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/switches/:key',
    {
      schema: {
        tags,
        summary: 'Turns an operational switch on or off, with a reason (audited before/after)',
        security,
        params: z.object({ key: z.enum(SWITCH_KEYS, { error: 'NOT_FOUND' }) }),
        body: switchUpdateRequest,
        response: { 200: switchView, 400: errorSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) =>
      setSwitch(ctx, {
        actor: actorOf(request),
        key: request.params.key,
        on: request.body.on,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/console/borrowers/:customerId/collection-contacts',
    {
      schema: {
        tags,
        summary: 'The collections log of one borrower and the only contact points allowed (their own)',
        security,
        params: customerParams,
        response: { 200: collectionLogResponse, 404: errorSchema, ...denied },
      },
    },
    async (request) =>
      listCollectionContacts(ctx, { actor: actorOf(request), customerId: request.params.customerId }),
  );

  app.post(
    '/console/borrowers/:customerId/collection-contacts',
    {
      schema: {
        tags,
        summary: 'Records a collection contact (only 06:00–22:00 Manila; the borrower’s own phone or e-mail)',
        security,
        params: customerParams,
        body: collectionContactRequest,
        response: { 200: collectionContact, 400: errorSchema, 404: errorSchema, 422: errorSchema, ...denied },
      },
    },
    async (request) =>
      recordCollectionContact(ctx, {
        actor: actorOf(request),
        customerId: request.params.customerId,
        request: request.body,
      }),
  );
};

export default consoleReviewRoutes;
