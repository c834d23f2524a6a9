import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummaryResponse } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { AppError } from '../../lib/app-error.ts';
import { getHomeSummary } from './get-home-summary.ts';
import { homeContext } from './home-context.ts';

/** GET /api/home: the home screen in one request (issue 9). */
const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = homeContext(app);
  app.get(
    '/home',
    {
      // the session is checked inside the home query: one round trip (issue 8)
      config: { auth: 'in-query' },
      schema: {
        tags: ['home'],
        summary: 'My home screen: application status, limit, the current order and support contacts',
        security: [{ bearer: [] }],
        response: { 200: homeSummaryResponse, 401: errorSchema },
      },
    },
    async (request) => {
      const summary = await getHomeSummary(ctx, {
        sessionTokenHash: request.sessionTokenHash!,
        locale: request.locale,
      });
      if (!summary) throw new AppError('UNAUTHENTICATED');
      return summary;
    },
  );
};

export default homeRoutes;
