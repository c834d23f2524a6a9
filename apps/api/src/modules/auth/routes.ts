import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaResponse,
  loginRequest,
  loginResponse,
  meResponse,
  sendLoginCodeRequest,
  sendLoginCodeResponse,
  sessionListResponse,
} from '@pisonow/domain';
import { sendLoginCode } from './send-login-code.ts';
import { logInWithCode } from './log-in-with-code.ts';
import { issueCaptcha } from './captcha.ts';
import { getMe, listSessions, logOut, revokeSession } from './sessions.ts';
import { cleanUpLoginData } from './clean-up-login-data.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { errorSchema } from '../../lib/http.ts';
import { authContext } from './auth-context.ts';

/** HTTP only: parse, call the use case, reply. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContext(app);
  app.jobs.define(JOBS.cleanUpLoginData, async () => {
    const deleted = await cleanUpLoginData(ctx);
    ctx.log.info({ deleted }, 'login data cleaned up');
    return `${Object.values(deleted).reduce((sum, n) => sum + n, 0)} deleted`;
  });

  app.post(
    '/auth/login-code',
    {
      config: { idempotency: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Send a 4-digit login code by SMS',
        body: sendLoginCodeRequest,
        response: { 200: sendLoginCodeResponse, 400: errorSchema, 428: errorSchema, 429: errorSchema },
      },
    },
    async (request) =>
      sendLoginCode(ctx, {
        phone: request.body.phone,
        ip: request.ip,
        locale: request.locale,
        captchaId: request.body.captchaId,
        captchaAnswer: request.body.captchaAnswer,
      }),
  );

  app.get(
    '/auth/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'A graphic captcha, demanded on unusual activity',
        response: { 200: captchaResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueCaptcha(ctx);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { idempotency: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Log in (and register on first login) with the code',
        body: loginRequest,
        response: { 200: loginResponse, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) =>
      logInWithCode(ctx, {
        phone: request.body.phone,
        code: request.body.code,
        privacyPolicyVersion: request.body.privacyPolicyVersion,
        promotion: request.body.promotion,
        // a request without Accept-Language says nothing of the borrower's language: keep theirs
        locale: request.headers['accept-language'] ? request.locale : undefined,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/auth/logout',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Log out: revokes this session',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await logOut(ctx, { who: request.customer! });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in borrower',
        security: [{ bearer: [] }],
        response: { 200: meResponse, 401: errorSchema },
      },
    },
    async (request) => getMe(request.customer!),
  );

  app.get(
    '/sessions',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'My signed-in devices',
        security: [{ bearer: [] }],
        response: { 200: sessionListResponse, 401: errorSchema },
      },
    },
    async (request) => listSessions(ctx, { who: request.customer! }),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of my devices',
        security: [{ bearer: [] }],
        params: z.object({ sessionId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await revokeSession(ctx, { who: request.customer!, sessionId: request.params.sessionId });
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
