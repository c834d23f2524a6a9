import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Db as BossDb } from 'pg-boss';
import type { Tx } from '../../db/client.ts';
import type { JobData, JobPayload, JobType, ScheduledJobType } from './job-types.ts';
// before pg-boss computes a schedule: luxon is told its locale and zone, so it never asks Intl
import './schedule-zone.ts';

/** what a handler may answer: a one-line account of its run, for whoever ran it by hand */
type JobOutcome = string | void;

interface JobDefinition {
  type: JobType;
  handler: (data: unknown) => Promise<JobOutcome>;
}

/**
 * pg-boss on the caller's transaction (its drizzle adapter): the job row is written by the same
 * database transaction as the business change, so it exists exactly when that change committed.
 */
function onTransaction(tx: Tx): BossDb {
  // drizzle types `execute` as unknown rows; both drivers answer `{ rows }`, which the adapter reads
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
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
  define<J extends JobType>(type: J, handler: (data: JobData<J>) => Promise<JobOutcome>): void;
  /**
   * Runs a scheduled job now, in this process, through the handler the queue runs, with the
   * payload its schedule sends: the sandbox test clock makes up the runs a move of time skipped.
   * No queue is involved, so it works with JOBS=0 too; the handlers are safe to run twice, so a
   * run of the queue at the same moment does no harm. Answers the handler's account of the run.
   */
  runNow(type: ScheduledJobType): Promise<string | undefined>;
  send<J extends JobType>(
    type: J,
    data: JobPayload<J>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** queue inside a business transaction: committed with it, or not at all */
  sendInTx<J extends JobType>(
    tx: Tx,
    type: J,
    data: JobPayload<J>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** the underlying queue, for tests and the operator console */
  boss(): PgBoss | undefined;
}

export default fp(
  async (app) => {
    const definitions: JobDefinition[] = [];
    let boss: PgBoss | undefined;
    let started = false;
    const enabled = app.config.JOBS;

    const queue = async (type: JobType, data: unknown, options: { singletonKey?: string; db?: BossDb }) => {
      // A job nobody defined would sit in a queue that does not exist: a programming error.
      if (!definitions.some((d) => d.type.name === type.name))
        throw new Error(`no job named ${type.name} is defined`);
      const payload = type.payload.parse(data) as object;
      if (!boss) {
        app.log.warn({ job: type.name }, 'jobs are off (JOBS=0); job not queued');
        return null;
      }
      // the job carries its registry retry policy itself, not only through its queue's: a queue
      // made before the job had one, or a retry sent before the queue was updated, still retries
      return boss.send(type.name, payload, { ...type.retry, ...options });
    };

    const jobs: Jobs = {
      enabled,
      get started() {
        return started;
      },
      define(type, handler) {
        definitions.push({ type, handler: (data) => handler(type.payload.parse(data) as never) });
      },
      async runNow(type) {
        const definition = definitions.find((d) => d.type.name === type.name);
        if (!definition) throw new Error(`no job named ${type.name} is defined`);
        // a schedule sends {} (boss.schedule below)
        return (await definition.handler({})) ?? undefined;
      },
      async send(type, data, options = {}) {
        return queue(type, data, options);
      },
      async sendInTx(tx, type, data, options = {}) {
        return queue(type, data, { ...options, db: onTransaction(tx) });
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
      for (const { type, handler } of definitions) {
        await boss.createQueue(type.name, type.retry);
        // createQueue leaves a queue that already exists as it was: a database whose queues were
        // made before the job had its retries is given them here
        if (type.retry) await boss.updateQueue(type.name, type.retry);
        await boss.work(type.name, async (batch) => {
          for (const item of batch) await handler(item.data);
        });
        if (type.schedule)
          await boss.schedule(
            type.name,
            type.schedule.cron,
            {},
            { tz: type.schedule.tz, missed: type.schedule.missed },
          );
      }
      started = true;
      app.log.info({ jobs: definitions.map((d) => d.type.name) }, 'job queue started');
    });

    app.addHook('onClose', async () => {
      started = false;
      // graceful: no new jobs are fetched and running ones may finish (within the shutdown budget)
      await boss?.stop({ graceful: true, timeout: app.config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
