import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_STEPS, applicationViewResponse as applicationResponse } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { applicationView } from './application-view.ts';
import { saveApplicationStep } from './save-application-step.ts';
import { submitApplication } from './submit-application.ts';
import { applicationContext } from './application-context.ts';

const security = [{ bearer: [] }];

/** The borrower's own application: read, save a step, submit. Owner-only: the customer comes from the session. */
const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = applicationContext(app);

  app.get(
    '/application',
    {
      config: { auth: true },
      schema: {
        tags: ['application'],
        summary: 'My application: status, saved steps, where to resume',
        security,
        response: { 200: applicationResponse, 401: errorSchema },
      },
    },
    async (request) => applicationView(ctx, { customerId: request.customer!.customerId }),
  );

  app.put(
    '/application/steps/:step',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['application'],
        summary: 'Save one step (validated with the step contract from @pisonow/domain)',
        description: `Steps: ${APPLICATION_STEPS.join(', ')}. The body is the step's contract; errors name each field in details[].`,
        security,
        params: z.object({ step: z.enum(APPLICATION_STEPS, { error: 'NOT_FOUND' }) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: applicationResponse, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      saveApplicationStep(ctx, {
        customerId: request.customer!.customerId,
        step: request.params.step,
        body: request.body,
      }),
  );

  app.post(
    '/application/submit',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['application'],
        summary: 'Submit for review',
        security,
        response: {
          200: applicationResponse,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    // Underwriting runs as a job queued inside the submission's transaction (seconds in sandbox).
    async (request) => submitApplication(ctx, { customerId: request.customer!.customerId }),
  );
};

export default applicationRoutes;
