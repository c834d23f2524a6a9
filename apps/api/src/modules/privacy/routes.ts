import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletionRequestBody, deletionRequestView, manilaDate } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { sendDocument } from '../../lib/pdf/send-document.ts';
import { exportMyData } from './export-my-data.ts';
import { getDeletionRequest } from './get-deletion-request.ts';
import { myDataHtml } from './my-data-document.ts';
import { privacyContext, retentionContext } from './privacy-context.ts';
import { applyRetention } from './apply-retention.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { requestDeletion } from './request-deletion.ts';

const security = [{ bearer: [] }];

/** My data (BE-12, NPC): download everything we hold about me; ask for it to be deleted. */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = privacyContext(app);

  const retention = retentionContext(app);
  app.jobs.define(JOBS.retention, async () => {
    const run = await applyRetention(retention);
    return `${run.erased} applicants erased, ${run.finished} erasures finished, ${run.recorded} retention dates recorded`;
  });

  app.get(
    '/me/data',
    {
      config: { auth: true },
      schema: {
        tags: ['privacy'],
        summary: 'Everything held about me: JSON (machine-readable), or readable as HTML or PDF',
        security,
        querystring: z.object({
          format: z.enum(['json', 'html', 'pdf'], { error: 'VALIDATION_FAILED' }).default('json'),
        }),
      },
    },
    async (request, reply) => {
      const data = await exportMyData(ctx, { customerId: request.customer!.customerId });
      const date = manilaDate(ctx.clock.now());
      if (request.query.format === 'json')
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="my-data-${date}.json"`)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      return sendDocument(reply, myDataHtml(data, request.locale, date), {
        format: request.query.format,
        filename: `my-data-${date}`,
        footer: `PisoNow · ${date}`,
        locale: request.locale,
      });
    },
  );

  app.get(
    '/me/data-deletion',
    {
      config: { auth: true },
      schema: {
        tags: ['privacy'],
        summary: 'My deletion request, and what would be erased or kept (and until when) if I asked',
        security,
        response: { 200: deletionRequestView, 401: errorSchema },
      },
    },
    async (request) => getDeletionRequest(ctx, { customerId: request.customer!.customerId }),
  );

  app.post(
    '/me/data-deletion',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['privacy'],
        summary: 'Ask for my data to be deleted: opens a case for the console (one open at a time)',
        security,
        body: deletionRequestBody,
        response: { 200: deletionRequestView, 201: deletionRequestView, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { created, view } = await requestDeletion(ctx, { customerId: request.customer!.customerId });
      return reply.status(created ? 201 : 200).send(view);
    },
  );
};

export default privacyRoutes;
