import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  monthReportQuery,
  monthReportResponse,
  portfolioReportQuery,
  portfolioReportResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { consoleContext } from '../console/console-context.ts';
import { getMonthReport, monthCsv } from './get-month-report.ts';
import { getPortfolioReport, portfolioCsv } from './get-portfolio-report.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Portfolio and month-end reports (BE-15): finance and admin per CONSOLE_ACCESS; JSON or CSV. HTTP only here. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);

  app.get(
    '/console/reports/portfolio',
    {
      schema: {
        tags,
        summary: 'Aging by days-past-due bucket and PAR1/7/30 as of a day (?format=csv for a file)',
        security,
        querystring: portfolioReportQuery,
        response: { 200: z.union([portfolioReportResponse, z.string()]), ...refused },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'json';
      const report = await getPortfolioReport(ctx, {
        actor: actorOf(request),
        asOf: request.query.asOf,
        format,
      });
      if (format === 'json') return report;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="portfolio-${report.asOf}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(portfolioCsv(report));
    },
  );

  app.get(
    '/console/reports/month',
    {
      schema: {
        tags,
        summary:
          'A month: roll rates, collection efficiency, write-offs and recoveries, trial balance, income statement (?format=csv)',
        security,
        querystring: monthReportQuery,
        response: { 200: z.union([monthReportResponse, z.string()]), ...refused },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'json';
      const report = await getMonthReport(ctx, {
        actor: actorOf(request),
        month: request.query.month,
        format,
      });
      if (format === 'json') return report;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="month-${report.month}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(monthCsv(report));
    },
  );
};

export default reportRoutes;
