import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummaryResponse } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { getHomeSummary } from './get-home-summary.ts';
import { homeContext } from './home-context.ts';

/** GET /api/home: the home screen in one request (issue 9). */
const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = homeContext(app);
  app.get(
    '/home',
    {
      config: { auth: true },
      schema: {
        tags: ['home'],
        summary: 'My home screen: application status, limit, the current order and support contacts',
        security: [{ bearer: [] }],
        response: { 200: homeSummaryResponse, 401: errorSchema },
      },
    },
    async (request) =>
      getHomeSummary(ctx, { customerId: request.customer!.customerId, locale: request.locale }),
  );
};

export default homeRoutes;
