import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  productChangeRejectRequest,
  productChangeRequest,
  productChangeView,
  productPageResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { baseContext } from '../../lib/base-context.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { decideProductChange } from './decide-product-change.ts';
import { draftProductChange } from './draft-product-change.ts';
import { getProductPage } from './get-product-page.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };
const refused = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, ...denied };
const changeParams = z.object({ changeId: z.uuid({ error: 'NOT_FOUND' }) });

/**
 * Product configuration with maker-checker (issue 11, CO-06, BE-08), admin only (CONSOLE_ACCESS):
 * the version in force and its worst cases, drafting a change, and a second admin's decision.
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = baseContext(app);

  app.get(
    '/console/product',
    {
      schema: {
        tags,
        summary: 'The product version in force, its worst case against each cap, and the product changes',
        security,
        response: { 200: productPageResponse, ...denied },
      },
    },
    async (request) => getProductPage(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/product/changes',
    {
      schema: {
        tags,
        summary:
          'Drafts a product change for a second admin to approve (refused if it breaches a cap or the version changed)',
        security,
        body: productChangeRequest,
        response: { 200: productChangeView, ...refused },
      },
    },
    async (request) => draftProductChange(ctx, { actor: actorOf(request), ...request.body }),
  );

  app.post(
    '/console/product/changes/:changeId/approve',
    {
      schema: {
        tags,
        summary: "Approves another admin's product change: the next product version, in force for new orders",
        security,
        params: changeParams,
        response: { 200: productChangeView, ...refused },
      },
    },
    async (request) =>
      decideProductChange(ctx, {
        actor: actorOf(request),
        changeId: request.params.changeId,
        decision: 'approved',
      }),
  );

  app.post(
    '/console/product/changes/:changeId/reject',
    {
      schema: {
        tags,
        summary: "Rejects another admin's product change, with a reason",
        security,
        params: changeParams,
        body: productChangeRejectRequest,
        response: { 200: productChangeView, ...refused },
      },
    },
    async (request) =>
      decideProductChange(ctx, {
        actor: actorOf(request),
        changeId: request.params.changeId,
        decision: 'rejected',
        reason: request.body.reason,
      }),
  );
};

export default productRoutes;
