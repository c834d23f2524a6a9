import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideApplication, decidePendingApplications } from './decide-application.ts';
import { seedDefaultProduct } from './product-config.ts';
import { lendingContext } from './lending-context.ts';
import { JOBS } from '../../plugins/app/job-types.ts';

/** Lending: the product in force and the underwriting jobs. (Withdrawal, signing and payout routes come next.) */
const lendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = lendingContext(app);
  app.addHook('onReady', async () => seedDefaultProduct(ctx));

  // Queued by the submit route; the cron sweep catches anything a lost message left behind.
  app.jobs.define(
    JOBS.decideApplication,
    async ({ applicationId }) => void (await decideApplication(ctx, { applicationId })),
  );
  app.jobs.define(JOBS.decidePending, async () => {
    const n = await decidePendingApplications(ctx);
    if (n) ctx.log.info({ decided: n }, 'applications decided by the sweep');
    return `${n} decided`;
  });
};

export default lendingRoutes;
