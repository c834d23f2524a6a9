import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportingMonth } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { consoleContext } from '../console/console-context.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { generateCreditReport } from './generate-credit-report.ts';
import { generateScheduledCreditReport } from './generate-scheduled-credit-report.ts';
import { downloadCreditReport, listCreditReports } from './list-credit-reports.ts';
import { markCreditReportSubmitted } from './mark-credit-report-submitted.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};
const report = z.object({
  id: z.uuid(),
  month: z.string(),
  asOf: z.string(),
  format: z.string(),
  records: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  submissionReference: z.string().nullable(),
  scheduled: z.boolean(),
});
const monthStatus = z.object({
  month: z.string(),
  submitBy: z.string(),
  state: z.enum(['due', 'generated', 'submitted', 'overdue']),
  generatedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
const reportId = z.object({ reportId: z.uuid({ error: 'NOT_FOUND' }) });

/** The monthly credit-data file for the Credit Information Corporation (BE-13, RA 9510). */
const creditReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = {
    ...consoleContext(app),
    providerCode: app.config.COMPANY_SEC_REG_NO,
    submitByDay: app.config.CREDIT_REPORT_SUBMIT_BY_DAY,
  };

  app.jobs.define(JOBS.creditReportMonthly, async () => {
    const { month, report } = await generateScheduledCreditReport(ctx);
    if (report) app.log.info({ month, reportId: report.id, records: report.records }, 'CIC file made');
    return report ? `${month} file made, ${report.records} records` : `${month} file made already`;
  });

  app.post(
    '/console/credit-reports',
    {
      schema: {
        tags,
        summary: 'Make and validate the credit-data file of an ended month (kept sealed, with its hash)',
        security,
        body: z.strictObject({ month: reportingMonth }),
        response: { 201: report, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await generateCreditReport(ctx, { actor: actorOf(request), month: request.body.month })),
  );

  app.get(
    '/console/credit-reports',
    {
      schema: {
        tags,
        summary: 'The credit-data files made, newest first',
        security,
        response: { 200: z.object({ items: z.array(report), months: z.array(monthStatus) }), ...refused },
      },
    },
    async (request) => listCreditReports(ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/console/credit-reports/:reportId/file',
    { schema: { tags, summary: 'Download one credit-data file (audited)', security, params: reportId } },
    async (request, reply) => {
      const file = await downloadCreditReport(ctx, {
        actor: actorOf(request),
        reportId: request.params.reportId,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-sha256', file.sha256)
        .type('text/plain; charset=utf-8')
        .send(file.content);
    },
  );

  app.post(
    '/console/credit-reports/:reportId/submitted',
    {
      schema: {
        tags,
        summary: 'Record that a file was sent to the CIC, with the portal reference (once)',
        security,
        params: reportId,
        body: z.strictObject({
          reference: z
            .string({ error: 'VALIDATION_FAILED' })
            .trim()
            .min(3, { error: 'VALIDATION_FAILED' })
            .max(100),
        }),
        response: { 200: report, ...refused },
      },
    },
    async (request) =>
      markCreditReportSubmitted(ctx, {
        actor: actorOf(request),
        reportId: request.params.reportId,
        reference: request.body.reference,
      }),
  );
};

export default creditReportRoutes;
