import fp from 'fastify-plugin';
import { PgBoss, fromPglite } from 'pg-boss';

export interface JobDefinition<T extends object = object> {
  name: string;
  /** cron in UTC (pg-boss schedules), e.g. every 15 minutes: a star-slash-15 expression */
  cron?: string;
  handler: (data: T) => Promise<void>;
}

/**
 * Durable background jobs on pg-boss, on PGlite (embedded) and PostgreSQL alike. Areas define their
 * jobs while the app is built; the queue starts once the app is ready. Every handler must be safe
 * to run twice (a retried or re-scheduled run never creates a second effect).
 */
export interface Jobs {
  readonly enabled: boolean;
  /** the queue is running (readiness); false while starting, after stopping, and with JOBS=0 */
  readonly started: boolean;
  define<T extends object>(job: JobDefinition<T>): void;
  send(name: string, data?: object, options?: { singletonKey?: string }): Promise<string | null>;
  /** the underlying queue, for tests and the operator console */
  boss(): PgBoss | undefined;
}

export default fp(
  async (app) => {
    const definitions: JobDefinition[] = [];
    let boss: PgBoss | undefined;
    let started = false;
    const enabled = app.config.JOBS;

    const jobs: Jobs = {
      enabled,
      get started() {
        return started;
      },
      define(job) {
        definitions.push(job as JobDefinition);
      },
      async send(name, data = {}, options = {}) {
        // A job nobody defined would sit in a queue that does not exist: a programming error.
        if (!definitions.some((d) => d.name === name)) throw new Error(`no job named ${name} is defined`);
        if (!boss) {
          app.log.warn({ job: name }, 'jobs are off (JOBS=0); job not queued');
          return null;
        }
        return boss.send(name, data, options);
      },
      boss: () => boss,
    };
    app.decorate('jobs', jobs);

    if (!enabled) return;

    app.addHook('onReady', async () => {
      const database = app.database;
      boss =
        database.kind === 'pglite' && database.pglite
          ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
          : new PgBoss({ connectionString: database.connectionString!, max: 3 });
      boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const job of definitions) {
        await boss.createQueue(job.name);
        await boss.work(job.name, async (batch) => {
          for (const item of batch) await job.handler(item.data as object);
        });
        if (job.cron) await boss.schedule(job.name, job.cron);
      }
      started = true;
      app.log.info({ jobs: definitions.map((d) => d.name) }, 'job queue started');
    });

    app.addHook('onClose', async () => {
      started = false;
      // graceful: no new jobs are fetched and running ones may finish (within the shutdown budget)
      await boss?.stop({ graceful: true, timeout: app.config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
