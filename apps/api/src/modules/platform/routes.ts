import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { publicConfigResponse, OTP_LENGTH } from '@pisonow/domain';
import { migrationsApplied } from '../../db/client.ts';
import { attributionConfig, tutorialConfig } from './client-config.ts';

const check = z.enum(['ok', 'failing', 'off']);
const readinessResponse = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({ database: check, migrations: check, jobs: check }),
});

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }),
          503: z.object({ status: z.literal('down'), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind, time: app.clock.now().toISOString() };
      } catch {
        return reply.status(503).send({ status: 'down' as const, database: app.database.kind });
      }
    },
  );

  // Liveness: the process is up and its event loop answers. No database call, so a database outage
  // does not get every replica restarted at once.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: send traffic here. The database answers, every committed migration is applied, and
  // the job queue is running (when JOBS=1). While the server drains after SIGTERM it stops answering
  // (Fastify refuses new requests with 503), so the proxy takes it out of rotation.
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database reachable, migrations applied, job queue started',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_request, reply) => {
      let database: 'ok' | 'failing' = 'ok';
      let migrations: 'ok' | 'failing' = 'failing';
      try {
        await app.db.execute(sql`select 1`);
        migrations = (await migrationsApplied(app.db)) ? 'ok' : 'failing';
      } catch {
        database = 'failing';
      }
      const jobs = !app.jobs.enabled
        ? ('off' as const)
        : app.jobs.started
          ? ('ok' as const)
          : ('failing' as const);
      const ready = database === 'ok' && migrations === 'ok' && jobs !== 'failing';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unready', checks: { database, migrations, jobs } });
    },
  );

  app.get(
    '/config/public',
    {
      schema: {
        tags: ['platform'],
        summary: 'What the app needs before login',
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      const c = app.config;
      reply.header('cache-control', 'public, max-age=300');
      return {
        productName: c.PRODUCT_NAME,
        company: {
          name: c.COMPANY_NAME,
          secRegistrationNo: c.COMPANY_SEC_REG_NO,
          certificateOfAuthorityNo: c.COMPANY_CA_NO,
        },
        supportEmail: c.SUPPORT_EMAIL,
        hotline: c.HOTLINE,
        webEmail: c.WEB_EMAIL,
        website: c.WEBSITE,
        supportHours: '09:00-18:00 Asia/Manila, every day',
        privacyPolicyVersion: c.PRIVACY_POLICY_VERSION,
        routeAliases: c.ROUTE_ALIASES,
        sandbox: c.SANDBOX,
        otp: { resendSeconds: c.OTP_RESEND_SECONDS, length: OTP_LENGTH },
        attribution: attributionConfig(c),
        tutorial: tutorialConfig(c),
      };
    },
  );
};

export default platformRoutes;
