import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { phoneSchema } from '@pisonow/domain';
import { captchaChallenges, payouts, sandboxSmsOutbox } from '../../db/schema/index.ts';
import { receivePayoutCallback } from '../orders/receive-payout-callback.ts';
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

  // What a provider's webhook would do for a payout left "accepted" (sandbox account numbers …1111),
  // or a later reversal (…2222): sent through the same callback path a real provider uses.
  app.post(
    '/sandbox/payouts/:payoutId/callback',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Simulate the payout provider webhook for one payout',
        params: z.object({ payoutId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: z.object({ state: z.enum(['succeeded', 'failed', 'reversed']), failureCode: z.string().max(40).optional() }),
        response: { 200: z.object({ result: z.string() }), 404: errorSchema },
      },
    },
    async (request) => {
      const [payout] = await app.db.select().from(payouts).where(eq(payouts.id, request.params.payoutId));
      if (!payout || payout.provider !== 'sandbox') throw new AppError('NOT_FOUND');
      const body = { providerPayoutId: payout.providerPayoutId ?? payout.id, referenceId: payout.id, state: request.body.state, failureCode: request.body.failureCode };
      return { result: await receivePayoutCallback({ db: app.db, provider: app.providers.payouts }, { 'x-sandbox-callback': '1' }, body, app.clock.now()) };
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

  // A request that takes a while, to prove graceful shutdown: SIGTERM during it still answers it.
  // Hidden from the OpenAPI document (not part of the API; the fuzzers read the document).
  app.get(
    '/sandbox/slow',
    { schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(5000) }), response: { 200: z.object({ waitedMs: z.number() }) } } },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waitedMs: request.query.ms };
    },
  );
};

export default sandboxRoutes;
