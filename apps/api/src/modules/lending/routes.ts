import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideApplication, decidePendingApplications } from './decide-application.ts';
import { seedDefaultProduct } from './product-config.ts';
import { JOBS } from '../../plugins/app/job-types.ts';

/** Lending: the product in force and the underwriting jobs. (Withdrawal, signing and payout routes come next.) */
const lendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, clock: app.clock, sandbox: app.config.SANDBOX });
  app.addHook('onReady', async () => seedDefaultProduct(app.db, app.clock.now()));

  // Queued by the submit route; the cron sweep catches anything a lost message left behind.
  app.jobs.define(JOBS.decideApplication, async ({ applicationId }) => void (await decideApplication(deps(), applicationId)));
  app.jobs.define(JOBS.decidePending, async () => {
    const n = await decidePendingApplications(deps());
    if (n) app.log.info({ decided: n }, 'applications decided by the sweep');
  });
};

export default lendingRoutes;
