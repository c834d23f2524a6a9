import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { consoleContext } from '../console/console-context.ts';
import { AML_RISK_LEVELS, AML_RISK_REASONS, STR_REASONS, STR_STATUSES } from '@pisonow/domain';
import { listAmlScreenings, resolveAmlScreening } from './aml-queue.ts';
import { borrowerAml, listRiskRatings, recomputeRiskRating } from './aml-risk.ts';
import { changeStrCase, exportStrCase, listStrCases, openStrCase } from './str-cases.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const screening = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  phone: z.string(),
  screenedAt: z.string(),
  hits: z.array(
    z.object({
      reference: z.string(),
      name: z.string(),
      score: z.number(),
      birthDate: z.enum(['match', 'differs', 'not_listed']),
    }),
  ),
  resolution: z.enum(['cleared', 'confirmed']).nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});

const rating = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  level: z.enum(AML_RISK_LEVELS),
  reasons: z.array(
    z.object({ code: z.enum(AML_RISK_REASONS), level: z.enum(['medium', 'high']), text: z.string() }),
  ),
  enhancedDueDiligence: z.boolean(),
  trigger: z.string(),
  computedAt: z.string(),
});
const txRef = z.object({ kind: z.enum(['order', 'repayment']), id: z.uuid() });
const strCase = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  phone: z.string(),
  status: z.enum(STR_STATUSES),
  reason: z.enum(STR_REASONS),
  narrative: z.string(),
  transactions: z.array(txRef),
  determinedOn: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
  openedAt: z.string(),
  filingReference: z.string().nullable(),
  closeNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
const customerId = z.object({ customerId: z.uuid({ error: 'NOT_FOUND' }) });
const strCaseId = z.object({ strCaseId: z.uuid({ error: 'NOT_FOUND' }) });
const text = (min: number, max: number) =>
  z
    .string({ error: 'VALIDATION_FAILED' })
    .trim()
    .min(min, { error: 'VALIDATION_FAILED' })
    .max(max, { error: 'VALIDATION_FAILED' });

/** The AML queue (BE-14): possible designated-persons matches and their resolution. */
const amlRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);
  app.get(
    '/console/aml/screenings',
    {
      schema: {
        tags,
        summary: 'Possible list matches waiting for a person (audited)',
        security,
        response: {
          200: z.object({
            items: z.array(screening),
            list: z
              .object({
                importedAt: z.string(),
                people: z.number().int(),
                generatedAt: z.string().nullable(),
              })
              .nullable(),
          }),
          ...refused,
        },
      },
    },
    async (request) => listAmlScreenings(ctx, { actor: actorOf(request) }),
  );
  app.post(
    '/console/aml/screenings/:screeningId/resolve',
    {
      schema: {
        tags,
        summary: 'Clear a possible match (another person) or confirm it (listed: no loan); once; audited',
        security,
        params: z.object({ screeningId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: z.strictObject({
          resolution: z.enum(['cleared', 'confirmed'], { error: 'VALIDATION_FAILED' }),
          note: z
            .string({ error: 'VALIDATION_FAILED' })
            .trim()
            .min(5, { error: 'VALIDATION_FAILED' })
            .max(1000),
        }),
        response: { 200: screening, ...refused },
      },
    },
    async (request) =>
      resolveAmlScreening(ctx, {
        actor: actorOf(request),
        screeningId: request.params.screeningId,
        resolution: request.body.resolution,
        note: request.body.note,
      }),
  );
};

/**
 * Risk ratings and suspicious-transaction cases (BE-14). Underwriters and admins only; every read
 * and action audited; nothing here is ever shown to the borrower (no tipping off, RA 9160 s.9(c)).
 */
const amlStrRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);
  const company = {
    name: app.config.COMPANY_NAME,
    secRegistrationNo: app.config.COMPANY_SEC_REG_NO,
    certificateOfAuthorityNo: app.config.COMPANY_CA_NO,
  };
  app.get(
    '/console/aml/risk-ratings',
    {
      schema: {
        tags,
        summary: 'Borrowers rated medium or high, with the reasons (audited)',
        security,
        response: { 200: z.object({ items: z.array(rating.extend({ phone: z.string() })) }), ...refused },
      },
    },
    async (request) => listRiskRatings(ctx, { actor: actorOf(request) }),
  );
  app.get(
    '/console/aml/borrowers/:customerId',
    {
      schema: {
        tags,
        summary: "A borrower's risk rating in force and the transactions a case may concern (audited)",
        security,
        params: customerId,
        response: {
          200: z.object({
            rating,
            transactions: z.array(
              txRef.extend({
                date: z.string(),
                amount: z.string(),
                type: z.string(),
                channel: z.string(),
                reference: z.string(),
              }),
            ),
          }),
          ...refused,
        },
      },
    },
    async (request) => borrowerAml(ctx, { actor: actorOf(request), customerId: request.params.customerId }),
  );
  app.post(
    '/console/aml/borrowers/:customerId/risk-rating',
    {
      schema: {
        tags,
        summary: "Recompute a borrower's risk rating now (audited)",
        security,
        params: customerId,
        body: z.strictObject({}).optional(),
        response: { 200: rating, ...refused },
      },
    },
    async (request) =>
      recomputeRiskRating(ctx, { actor: actorOf(request), customerId: request.params.customerId }),
  );
  app.get(
    '/console/aml/str-cases',
    {
      schema: {
        tags,
        summary: 'Suspicious-transaction cases, open first by deadline (audited)',
        security,
        querystring: z.object({ customerId: z.uuid({ error: 'VALIDATION_FAILED' }).optional() }),
        response: { 200: z.object({ items: z.array(strCase) }), ...refused },
      },
    },
    async (request) =>
      listStrCases(ctx, {
        actor: actorOf(request),
        ...(request.query.customerId ? { customerId: request.query.customerId } : {}),
      }),
  );
  app.post(
    '/console/aml/str-cases',
    {
      schema: {
        tags,
        summary: 'Open a suspicious-transaction case on a borrower (once per request key; audited)',
        security,
        body: z.strictObject({
          requestKey: z.uuid({ error: 'VALIDATION_FAILED' }),
          customerId: z.uuid({ error: 'VALIDATION_FAILED' }),
          reason: z.enum(STR_REASONS, { error: 'VALIDATION_FAILED' }),
          narrative: text(20, 5000),
          transactions: z.array(txRef, { error: 'VALIDATION_FAILED' }).max(100),
        }),
        response: { 201: strCase, ...refused },
      },
    },
    async (request, reply) => {
      const opened = await openStrCase(ctx, { actor: actorOf(request), ...request.body });
      return reply.code(201).send(opened);
    },
  );
  app.post(
    '/console/aml/str-cases/:strCaseId/narrative',
    {
      schema: {
        tags,
        summary: 'Rewrite the narrative of an open case (audited)',
        security,
        params: strCaseId,
        body: z.strictObject({ narrative: text(20, 5000) }),
        response: { 200: strCase, 409: errorSchema, ...refused },
      },
    },
    async (request) =>
      changeStrCase(ctx, {
        actor: actorOf(request),
        caseId: request.params.strCaseId,
        change: { kind: 'narrative', narrative: request.body.narrative },
      }),
  );
  app.post(
    '/console/aml/str-cases/:strCaseId/report',
    {
      schema: {
        tags,
        summary: 'Mark a case reported to the AMLC, with the filing reference (once; audited)',
        security,
        params: strCaseId,
        body: z.strictObject({ filingReference: text(3, 100) }),
        response: { 200: strCase, 409: errorSchema, ...refused },
      },
    },
    async (request) =>
      changeStrCase(ctx, {
        actor: actorOf(request),
        caseId: request.params.strCaseId,
        change: { kind: 'report', filingReference: request.body.filingReference },
      }),
  );
  app.post(
    '/console/aml/str-cases/:strCaseId/close',
    {
      schema: {
        tags,
        summary: 'Close a case without a report, saying why (once; audited)',
        security,
        params: strCaseId,
        body: z.strictObject({ note: text(5, 1000) }),
        response: { 200: strCase, 409: errorSchema, ...refused },
      },
    },
    async (request) =>
      changeStrCase(ctx, {
        actor: actorOf(request),
        caseId: request.params.strCaseId,
        change: { kind: 'close', note: request.body.note },
      }),
  );
  app.get(
    '/console/aml/str-cases/:strCaseId/export',
    {
      schema: {
        tags,
        summary: "A case in the shape of the AMLC's STR, JSON or CSV, for filing (audited)",
        security,
        params: strCaseId,
        querystring: z.object({
          format: z.enum(['json', 'csv'], { error: 'VALIDATION_FAILED' }).default('json'),
        }),
      },
    },
    async (request, reply) => {
      const file = await exportStrCase(
        { ...ctx, company },
        { actor: actorOf(request), caseId: request.params.strCaseId, format: request.query.format },
      );
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-str-problems', String(file.problems.length))
        .type(file.contentType)
        .send(file.content);
    },
  );
};

export { amlStrRoutes };
export default amlRoutes;
