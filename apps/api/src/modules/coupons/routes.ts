import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponListQuery, couponListResponse, reportStandaloneResponse } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { couponsContext } from './coupons-context.ts';
import { expireCoupons } from './expire-coupons.ts';
import { listCoupons } from './list-coupons.ts';
import { reportStandaloneLaunch } from './report-standalone-launch.ts';

const security = [{ bearer: [] }];

/** Coupons (EN-07, SH-15): the borrower's lists and the home-screen launch. No issuing route. */
const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = couponsContext(app);

  app.jobs.define(JOBS.couponsExpire, async () => {
    const expired = await expireCoupons(ctx);
    if (expired) app.log.info({ expired }, 'coupons expired');
    return `${expired} expired`;
  });

  app.get(
    '/coupons',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'My coupons: usable (/coupon) or used, expired and invalid (/couponInvalid)',
        security,
        querystring: couponListQuery,
        response: { 200: couponListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      listCoupons(ctx, { customerId: request.customer!.customerId, status: request.query.status }),
  );

  app.post(
    '/coupons/standalone-launch',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'SH-15: the app was opened from the home screen (grants the installation coupon once)',
        security,
        body: z.strictObject({ via: z.enum(['display-mode', 'navigator', 'query']) }),
        response: { 200: reportStandaloneResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      reportStandaloneLaunch(ctx, { customerId: request.customer!.customerId, via: request.body.via }),
  );
};

export default couponRoutes;
