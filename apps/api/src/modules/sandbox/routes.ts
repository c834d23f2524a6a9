import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  formatPeso,
  manilaDate,
  phoneSchema,
  sandboxClockRequest,
  sandboxClockResponse,
  type Centavos,
  type CollectionChannel,
} from '@pisonow/domain';
import {
  captchaChallenges,
  payouts,
  repayments,
  sandboxClock,
  sandboxSmsOutbox,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isMovable, MS, OffsetClock } from '../../lib/clock.ts';
import { errorSchema } from '../../lib/http.ts';
import { SandboxPayoutProvider } from '../../providers/payout/sandbox-payout.ts';
import {
  SandboxCollectionProvider,
  type SimulatedOutcome,
} from '../../providers/collection/sandbox-collection.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { jobsDueBetween } from '../../plugins/app/jobs-due.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
        response: {
          200: z.object({
            messages: z.array(
              z.object({ id: z.string(), phone: z.string(), body: z.string(), createdAt: z.string() }),
            ),
          }),
          400: errorSchema,
        },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(sandboxSmsOutbox)
        .where(eq(sandboxSmsOutbox.phone, request.query.phone))
        .orderBy(desc(sandboxSmsOutbox.createdAt))
        .limit(50);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          body: r.body,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );

  const callbackBody = z.object({
    state: z.enum(['succeeded', 'failed', 'reversed']),
    failureCode: z.string().max(40).optional(),
  });
  const deliverPayoutCallback = async (
    payout: typeof payouts.$inferSelect | undefined,
    callback: z.infer<typeof callbackBody>,
  ) => {
    const provider = app.providers.payouts;
    if (!payout || payout.provider !== 'sandbox' || !(provider instanceof SandboxPayoutProvider))
      throw new AppError('NOT_FOUND');
    const body = {
      providerPayoutId: payout.providerPayoutId ?? payout.id,
      referenceId: payout.id,
      state: callback.state,
      ...(callback.failureCode ? { failureCode: callback.failureCode } : {}),
    };
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payouts/callbacks',
      headers: { 'content-type': 'application/json', ...provider.signCallback(body) },
      payload: JSON.stringify(body),
    });
    return { result: String((delivered.json() as { result?: string }).result ?? delivered.statusCode) };
  };

  // What a provider's webhook would do for a payout left "accepted" (sandbox account numbers …1111),
  // or a later reversal (…2222): a callback signed with the sandbox provider's key, delivered to the
  // real webhook route (which accepts nothing unsigned).
  app.post(
    '/sandbox/payouts/:payoutId/callback',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Simulate the payout provider webhook for one payout',
        params: z.object({ payoutId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: callbackBody,
        response: { 200: z.object({ result: z.string() }), 404: errorSchema },
      },
    },
    async (request) => {
      const [payout] = await app.db.select().from(payouts).where(eq(payouts.id, request.params.payoutId));
      return deliverPayoutCallback(payout, request.body);
    },
  );

  // The same for an order's latest attempt: a tester (or the browser suite) knows the order, not the
  // attempt's id (the borrower's order view does not show it).
  app.post(
    '/sandbox/orders/:orderId/payout/callback',
    {
      schema: {
        tags: ['sandbox'],
        summary: "Simulate the payout provider webhook for an order's latest payout attempt",
        params: z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: callbackBody,
        response: { 200: z.object({ result: z.string() }), 404: errorSchema },
      },
    },
    async (request) => {
      const [payout] = await app.db
        .select()
        .from(payouts)
        .where(eq(payouts.orderId, request.params.orderId))
        .orderBy(desc(payouts.attempt))
        .limit(1);
      return deliverPayoutCallback(payout, request.body);
    },
  );

  app.get(
    '/sandbox/captcha/:captchaId',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The answer of a captcha (for browser tests)',
        params: z.object({ captchaId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: z.object({ answer: z.string() }), 404: errorSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ answer: captchaChallenges.sandboxAnswer })
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, request.params.captchaId));
      if (!row?.answer) throw new AppError('NOT_FOUND');
      return { answer: row.answer };
    },
  );

  // A request that takes a while, to prove graceful shutdown: SIGTERM during it still answers it.
  // Hidden from the OpenAPI document (not part of the API; the fuzzers read the document).
  app.get(
    '/sandbox/slow',
    {
      schema: {
        hide: true,
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(5000) }),
        response: { 200: z.object({ waitedMs: z.number() }) },
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waitedMs: request.query.ms };
    },
  );
};

export default sandboxRoutes;

/**
 * BE-09: the test clock and the simulated collection provider. Moving the clock moves the whole
 * system's time (kept across restarts) and runs, at the new time, every scheduled job whose
 * schedule fired during the move, so a browser test can watch a loan fall due, go overdue, accrue
 * and be repaid, and a tester who moves to the 2nd of next month finds last month's CIC file.
 */
export const sandboxServicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const clockView = (jobsRun: string[]) => {
    const now = app.clock.now();
    return {
      now: now.toISOString(),
      manilaDate: manilaDate(now),
      offsetMs: app.clock instanceof OffsetClock ? app.clock.offsetMs : 0,
      jobsRun,
    };
  };

  app.get(
    '/sandbox/clock',
    { schema: { tags: ['sandbox'], summary: 'The test clock', response: { 200: sandboxClockResponse } } },
    async () => clockView([]),
  );

  app.post(
    '/sandbox/clock',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Move the test clock (whole system) and run the jobs that became due',
        body: sandboxClockRequest,
        response: { 200: sandboxClockResponse, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const clock = app.clock;
      if (!isMovable(clock)) throw new AppError('NOT_FOUND');
      const body = request.body;
      const before = clock.now();
      if ('to' in body) {
        const to = new Date(body.to);
        if (to < before) throw new AppError('VALIDATION_FAILED'); // time only moves forward: the ledger is dated
        clock.set(to);
      } else clock.advance('advanceDays' in body ? body.advanceDays * MS.day : body.advanceHours * MS.hour);
      if (clock instanceof OffsetClock) {
        const offsetMs = BigInt(clock.offsetMs);
        // the larger offset wins: two moves at once must not store the earlier one last (after a
        // restart the clock would go back a day)
        await app.db
          .insert(sandboxClock)
          .values({ id: 1, offsetMs, updatedAt: clock.now() })
          .onConflictDoUpdate({
            target: sandboxClock.id,
            set: {
              offsetMs: sql`greatest(${sandboxClock.offsetMs}, excluded.offset_ms)`,
              updatedAt: clock.now(),
            },
          });
      }
      // The queue's schedules follow the real clock, not this one: the runs the move skipped are
      // made here, each job once (they catch up: a day job skipped over ten days runs once, as a
      // missed run 'once' does) and in the order their first skipped run falls, in this process,
      // through the handler the queue runs. A move of nothing runs nothing. A job that fails is
      // listed as failed and the others still run, as the queue would run them: the clock has
      // moved already, and the tester sees which one to look at. The failed one is also sent to
      // the queue, which tries it again by the job's retry policy as it would a scheduled run that
      // failed: run only here, a day job failing partway left some loans without the day's flip
      // and charges until its next natural run (the handlers are safe to run twice).
      const jobsRun: string[] = [];
      for (const { type } of jobsDueBetween(JOBS, before, clock.now())) {
        try {
          const account = await app.jobs.runNow(type);
          jobsRun.push(account ? `${type.name} (${account})` : type.name);
        } catch (error) {
          request.log.error({ err: error, job: type.name }, 'test clock: a job that became due failed');
          const retry = await app.jobs.send(type, {}).then(
            (id) => (id ? `queued for retry (job ${id})` : 'not queued for retry: the job queue is off'),
            (queueError: unknown) => `not queued for retry: ${messageOf(queueError)}`,
          );
          jobsRun.push(`${type.name} failed: ${messageOf(error)}; ${retry}`);
        }
      }
      return clockView(jobsRun);
    },
  );

  const collectionOf = async (providerCollectionId: string) => {
    const provider = app.providers.collections;
    if (!(provider instanceof SandboxCollectionProvider)) throw new AppError('NOT_FOUND');
    const [row] = await app.db
      .select()
      .from(repayments)
      .where(
        and(eq(repayments.provider, 'sandbox'), eq(repayments.providerCollectionId, providerCollectionId)),
      );
    if (!row) throw new AppError('NOT_FOUND');
    return { provider, row };
  };
  const deliver = async (
    provider: SandboxCollectionProvider,
    row: typeof repayments.$inferSelect,
    outcome: SimulatedOutcome,
    options: { paidAt?: Date; amount?: Centavos } = {},
  ) => {
    const hook = provider.simulate(row.providerCollectionId!, outcome, {
      now: app.clock.now(),
      ...options,
      collection: {
        referenceId: row.id,
        amount: row.amount,
        channel: row.channel as CollectionChannel,
        providerCode: row.providerCode,
      },
    });
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/collections/webhook',
      headers: hook.headers,
      payload: hook.rawBody,
    });
    return String((delivered.json() as { result?: string }).result ?? delivered.statusCode);
  };

  // The sandbox e-wallet checkout: what GCash or Maya would show. Plain HTML forms (no script, CSP-clean).
  app.get(
    '/sandbox/checkout/:providerCollectionId',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox e-wallet checkout page',
        params: z.object({ providerCollectionId: z.string().regex(/^[\w-]{4,80}$/, { error: 'NOT_FOUND' }) }),
      },
    },
    async (request, reply) => {
      const { row } = await collectionOf(request.params.providerCollectionId);
      const id = esc(request.params.providerCollectionId);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox checkout</title>
<style>body{font:16px system-ui,sans-serif;margin:0;background:#f3f6fb;color:#1b2430}main{max-width:420px;margin:0 auto;padding:24px}h1{font-size:20px}.amount{font-size:32px;font-weight:700;margin:16px 0}button{width:100%;padding:14px;font-size:17px;border-radius:10px;border:0;margin-top:12px}.pay{background:#0b5cff;color:#fff}.cancel{background:#e3e8f0;color:#1b2430}p{color:#3d4a5c}</style></head>
<body><main><h1>${esc(row.providerCode)} · sandbox checkout</h1><p>PisoNow loan ${esc(row.purpose === 'extension' ? 'extension' : 'repayment')}</p><div class="amount">${esc(formatPeso(row.amount))}</div>
<form method="post" action="/api/sandbox/checkout/${id}/pay"><button class="pay" type="submit">Pay ${esc(formatPeso(row.amount))}</button></form>
<form method="post" action="/api/sandbox/checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p>Sandbox: no money moves. Pay sends the provider's signed webhook to the server.</p></main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  await app.register(async (plain) => {
    const forms = plain.withTypeProvider<ZodTypeProvider>();
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    for (const action of ['pay', 'cancel'] as const) {
      forms.post(
        `/sandbox/checkout/:providerCollectionId/${action}`,
        {
          schema: {
            tags: ['sandbox'],
            summary: `Sandbox checkout: ${action}`,
            params: z.object({
              providerCollectionId: z.string().regex(/^[\w-]{4,80}$/, { error: 'NOT_FOUND' }),
            }),
          },
        },
        async (request, reply) => {
          const { provider, row } = await collectionOf(request.params.providerCollectionId);
          await deliver(provider, row, action === 'pay' ? 'pay' : 'fail');
          return reply.redirect(`/repaidDetail?repayment=${row.id}`, 303);
        },
      );
    }
  });

  // BE-05: money that names no borrower, as a payment link made in the provider's dashboard brings
  // it (its reference none of ours): for a tester, or the browser suite, to assign it in the console.
  app.post(
    '/sandbox/collections/dashboard-payment',
    {
      schema: {
        tags: ['sandbox'],
        summary: "Simulate a payment on a link made in the provider's dashboard: money naming no borrower",
        body: z.strictObject({
          amount: z.string().regex(/^[1-9]\d{0,11}$/),
          providerCode: z
            .string()
            .regex(/^[A-Z0-9_]{2,20}$/)
            .default('GCASH'),
        }),
        response: {
          200: z.object({ result: z.string(), providerCollectionId: z.string() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const provider = app.providers.collections;
      if (!(provider instanceof SandboxCollectionProvider)) throw new AppError('NOT_FOUND');
      const providerCollectionId = `sbxc_dashboard_${randomUUID()}`;
      const hook = provider.simulate(providerCollectionId, 'pay', {
        now: app.clock.now(),
        collection: {
          referenceId: `LINK-${providerCollectionId.slice(-8)}`,
          amount: BigInt(request.body.amount),
          channel: 'ewallet',
          providerCode: request.body.providerCode,
        },
      });
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/collections/webhook',
        headers: hook.headers,
        payload: hook.rawBody,
      });
      const result = String((delivered.json() as { result?: string }).result ?? delivered.statusCode);
      return { result, providerCollectionId };
    },
  );

  app.post(
    '/sandbox/repayments/:repaymentId/simulate',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          "Simulate the collection provider's webhook for one repayment (bank transfer, over the counter, late or different payments)",
        params: z.object({ repaymentId: z.uuid({ error: 'NOT_FOUND' }) }),
        body: z.strictObject({
          outcome: z.enum(['pay', 'pay_late', 'pay_different', 'expire', 'fail']),
          // centavos, at least one: "0" passed and the simulator threw (a 500)
          amount: z
            .string()
            .regex(/^[1-9]\d{0,11}$/)
            .optional(),
          paidAt: z.iso.datetime({ offset: true }).optional(),
        }),
        response: { 200: z.object({ result: z.string() }), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(repayments)
        .where(eq(repayments.id, request.params.repaymentId));
      if (!row?.providerCollectionId) throw new AppError('NOT_FOUND');
      const { provider } = await collectionOf(row.providerCollectionId);
      const { outcome, amount, paidAt } = request.body;
      if ((outcome === 'pay_different' && !amount) || (outcome === 'pay_late' && !paidAt))
        throw new AppError('VALIDATION_FAILED');
      return {
        result: await deliver(provider, row, outcome, {
          ...(amount ? { amount: BigInt(amount) } : {}),
          ...(paidAt ? { paidAt: new Date(paidAt) } : {}),
        }),
      };
    },
  );
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
