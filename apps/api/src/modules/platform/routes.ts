import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { publicConfigResponse, OTP_LENGTH } from '@pisonow/domain';

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }), 503: z.object({ status: z.literal('down'), database: z.string() }) } } },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind, time: app.clock.now().toISOString() };
      } catch {
        return reply.status(503).send({ status: 'down' as const, database: app.database.kind });
      }
    },
  );

  app.get('/config/public', { schema: { tags: ['platform'], summary: 'What the app needs before login', response: { 200: publicConfigResponse } } }, async (_request, reply) => {
    const c = app.config;
    reply.header('cache-control', 'public, max-age=300');
    return {
      productName: c.PRODUCT_NAME,
      company: { name: c.COMPANY_NAME, secRegistrationNo: c.COMPANY_SEC_REG_NO, certificateOfAuthorityNo: c.COMPANY_CA_NO },
      supportEmail: c.SUPPORT_EMAIL,
      hotline: c.HOTLINE,
      webEmail: c.WEB_EMAIL,
      website: c.WEBSITE,
      supportHours: '09:00-18:00 Asia/Manila, every day',
      privacyPolicyVersion: c.PRIVACY_POLICY_VERSION,
      routeAliases: c.ROUTE_ALIASES,
      sandbox: c.SANDBOX,
      otp: { resendSeconds: c.OTP_RESEND_SECONDS, length: OTP_LENGTH },
    };
  });
};

export default platformRoutes;
