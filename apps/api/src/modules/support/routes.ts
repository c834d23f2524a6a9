import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackRequest, feedbackResponse } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { sendFeedback } from './send-feedback.ts';
import { supportContext } from './support-context.ts';

/** Support (VAL-11, CO-04): feedback from the app. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = supportContext(app);
  app.post(
    '/feedback',
    {
      config: { auth: true, idempotency: 'required' },
      schema: {
        tags: ['support'],
        summary: 'Send feedback (at least 10 characters; Idempotency-Key required)',
        security: [{ bearer: [] }],
        body: feedbackRequest,
        response: { 201: feedbackResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await sendFeedback(ctx, {
        customerId: request.customer!.customerId,
        request: request.body,
        locale: request.locale,
      });
      return reply.status(201).send(saved);
    },
  );
};

export default supportRoutes;
