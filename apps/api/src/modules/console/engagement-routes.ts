import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleBulkResult,
  consoleCouponGrantRequest,
  consoleFeedbackItem,
  consoleFeedbackList,
  consoleFeedbackQuery,
  consoleHandleFeedbackRequest,
  consoleNoticeRequest,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { consoleContext } from './console-context.ts';
import { grantCoupons } from './grant-coupons.ts';
import { handleFeedback } from './handle-feedback.ts';
import { listFeedback } from './list-feedback.ts';
import { sendNotice } from './send-notice.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/**
 * The console's engagement tools (issue 11, BE-08): coupons and notices to a borrower or a segment,
 * and the feedback queue.
 * Who may call them is CONSOLE_ACCESS; HTTP only here.
 */
const consoleEngagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);

  app.post(
    '/console/coupons',
    {
      schema: {
        tags,
        summary: 'Give a coupon to a borrower or a segment (once per request key and borrower; audited)',
        security,
        body: consoleCouponGrantRequest,
        response: { 200: consoleBulkResult, ...refused },
      },
    },
    async (request) => grantCoupons(ctx, { actor: actorOf(request), request: request.body }),
  );

  app.post(
    '/console/notices',
    {
      schema: {
        tags,
        summary:
          'Send a message in three languages to a borrower or a segment (once per request key; audited)',
        security,
        body: consoleNoticeRequest,
        response: { 200: consoleBulkResult, ...refused },
      },
    },
    async (request) => sendNotice(ctx, { actor: actorOf(request), request: request.body }),
  );

  app.get(
    '/console/feedback',
    {
      schema: {
        tags,
        summary: 'The feedback queue: open items oldest first, or handled ones newest first',
        security,
        querystring: consoleFeedbackQuery,
        response: { 200: consoleFeedbackList, ...refused },
      },
    },
    async (request) => listFeedback(ctx, { actor: actorOf(request), ...request.query }),
  );

  app.post(
    '/console/feedback/:feedbackId/handle',
    {
      schema: {
        tags,
        summary: 'Mark one piece of feedback dealt with, with a note (once; audited)',
        security,
        params: z.object({ feedbackId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: consoleHandleFeedbackRequest,
        response: { 200: consoleFeedbackItem, ...refused },
      },
    },
    async (request) =>
      handleFeedback(ctx, {
        actor: actorOf(request),
        feedbackId: request.params.feedbackId,
        note: request.body.note,
      }),
  );
};

export default consoleEngagementRoutes;
