import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditListResponse,
  auditQuery,
  borrowerPageResponse,
  borrowerSearchQuery,
  borrowerSearchResponse,
  consoleDashboardResponse,
  consoleSessionResponse,
  consoleSignInRequest,
  operatorListResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { consoleContext } from './console-context.ts';
import { clearedCookie, csrfTokenFor, sessionCookie } from './console-tokens.ts';
import { getBorrowerPage } from './get-borrower-page.ts';
import { getDashboard } from './get-dashboard.ts';
import { exportAuditCsv, listAudit } from './list-audit.ts';
import { listOperators } from './list-operators.ts';
import { revokeBorrowerSession } from './revoke-borrower-session.ts';
import { searchBorrowers } from './search-borrowers.ts';
import { signIn, signOut } from './sign-in.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };
const customerParams = z.object({ customerId: z.uuid({ error: 'NOT_FOUND' }) });

/**
 * The operator console's API (issue 11, BE-08, RO-04) under /api/console. Who may call what is the
 * CONSOLE_ACCESS map (packages/domain), enforced by the operator-auth plugin before a handler runs.
 * HTTP only here: parse, call the use case, reply.
 */
const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = consoleContext(app);
  const secure = app.config.NODE_ENV === 'production';

  app.post(
    '/console/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Operator sign-in: e-mail, password and TOTP code; sets the httpOnly session cookie',
        body: consoleSignInRequest,
        response: { 200: consoleSessionResponse, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await signIn(ctx, {
        request: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
      });
      reply.header(
        'set-cookie',
        sessionCookie(result.token, { secure, maxAgeSeconds: ctx.sessionHours * 3600 }),
      );
      return {
        operator: result.operator,
        csrfToken: result.csrfToken,
        idleTimeoutSeconds: ctx.idleTimeoutSeconds,
      };
    },
  );

  app.post(
    '/console/auth/sign-out',
    {
      schema: {
        tags,
        summary: 'Ends this console session (x-csrf-token required)',
        security,
        response: { 204: z.null(), ...denied },
      },
    },
    async (request, reply) => {
      await signOut(ctx, { actor: actorOf(request), sessionId: request.operator!.sessionId });
      reply.header('set-cookie', clearedCookie(secure));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/console/me',
    {
      schema: {
        tags,
        summary: 'The signed-in operator and the CSRF token of the session',
        security,
        response: { 200: consoleSessionResponse, ...denied },
      },
    },
    async (request) => {
      const op = request.operator!;
      return {
        operator: { id: op.operatorId, email: op.email, role: op.role },
        csrfToken: csrfTokenFor(app.secretKey, op.sessionToken),
        idleTimeoutSeconds: ctx.idleTimeoutSeconds,
      };
    },
  );

  app.get(
    '/console/dashboard',
    {
      schema: {
        tags,
        summary: "Today's applications, approvals, disbursements and collections; loans by days past due",
        security,
        response: { 200: consoleDashboardResponse, ...denied },
      },
    },
    async (request) => getDashboard(ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/console/borrowers',
    {
      schema: {
        tags,
        summary: 'Find borrowers by phone, name, order id, last 4 digits or whole ID number',
        security,
        querystring: borrowerSearchQuery,
        response: { 200: borrowerSearchResponse, 400: errorSchema, ...denied },
      },
    },
    async (request) => searchBorrowers(ctx, { actor: actorOf(request), q: request.query.q }),
  );

  app.get(
    '/console/borrowers/:customerId',
    {
      schema: {
        tags,
        summary:
          'One borrower: profile, application, photos, decisions, loans and ledger, repayments, consents, sessions',
        security,
        params: customerParams,
        response: { 200: borrowerPageResponse, 404: errorSchema, ...denied },
      },
    },
    async (request) =>
      getBorrowerPage(ctx, { actor: actorOf(request), customerId: request.params.customerId }),
  );

  app.post(
    '/console/borrowers/:customerId/sessions/:sessionId/revoke',
    {
      schema: {
        tags,
        summary: 'Signs the borrower out of one device (audited; x-csrf-token required)',
        security,
        params: customerParams.extend({ sessionId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: z.object({ id: z.string(), revokedAt: z.string() }), 404: errorSchema, ...denied },
      },
    },
    async (request) =>
      revokeBorrowerSession(ctx, {
        actor: actorOf(request),
        customerId: request.params.customerId,
        sessionId: request.params.sessionId,
      }),
  );

  app.get(
    '/console/audit',
    {
      schema: {
        tags,
        summary: 'The audit trail, newest first; filter by operator, action, date range',
        security,
        querystring: auditQuery,
        response: { 200: auditListResponse, 400: errorSchema, ...denied },
      },
    },
    async (request) => listAudit(ctx, { actor: actorOf(request), filter: request.query }),
  );

  app.get(
    '/console/audit/export',
    {
      schema: {
        tags,
        summary: 'The audit trail as CSV (same filters)',
        security,
        querystring: auditQuery,
        response: { 200: z.string(), 400: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const csv = await exportAuditCsv(ctx, { actor: actorOf(request), filter: request.query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(csv);
    },
  );

  app.get(
    '/console/operators',
    {
      schema: {
        tags,
        summary: 'Operators and their roles (admin)',
        security,
        response: { 200: operatorListResponse, ...denied },
      },
    },
    async (request) => listOperators(ctx, { actor: actorOf(request) }),
  );
};

export default consoleRoutes;
