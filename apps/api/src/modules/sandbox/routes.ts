import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { phoneSchema } from '@pisonow/domain';
import { captchaChallenges, sandboxSmsOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema } from '../../lib/http.ts';

/**
 * Sandbox-only routes (registered only when SANDBOX=1): read what the simulated providers did, so
 * a developer or a browser test can log in without a phone.
 */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sandbox/outbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: "A number's SMS messages, newest first",
        querystring: z.object({ phone: phoneSchema }),
        response: { 200: z.object({ messages: z.array(z.object({ id: z.string(), phone: z.string(), body: z.string(), createdAt: z.string() })) }), 400: errorSchema },
      },
    },
    async (request) => {
      const rows = await app.db.select().from(sandboxSmsOutbox).where(eq(sandboxSmsOutbox.phone, request.query.phone)).orderBy(desc(sandboxSmsOutbox.createdAt)).limit(50);
      return { messages: rows.map((r) => ({ id: r.id, phone: r.phone, body: r.body, createdAt: r.createdAt.toISOString() })) };
    },
  );

  app.get(
    '/sandbox/captcha/:captchaId',
    { schema: { tags: ['sandbox'], summary: 'The answer of a captcha (for browser tests)', params: z.object({ captchaId: z.uuid({ error: 'NOT_FOUND' }) }), response: { 200: z.object({ answer: z.string() }), 404: errorSchema } } },
    async (request) => {
      const [row] = await app.db.select({ answer: captchaChallenges.sandboxAnswer }).from(captchaChallenges).where(eq(captchaChallenges.id, request.params.captchaId));
      if (!row?.answer) throw new AppError('NOT_FOUND');
      return { answer: row.answer };
    },
  );
};

export default sandboxRoutes;
