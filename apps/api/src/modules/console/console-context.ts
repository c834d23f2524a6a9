import type { DelinquencyBucket } from '@pisonow/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

/** What the console use cases need, built once by the console routes; every use case takes `(ctx, input)`. */
export interface ConsoleContext {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  secretKey: Buffer;
  idleTimeoutSeconds: number;
  sessionHours: number;
  lockFailures: number;
  lockMinutes: number;
  photoLinkSeconds: number;
  /** the configured days-past-due buckets (BE-15): the dashboard and the portfolio report */
  delinquencyBuckets: readonly DelinquencyBucket[];
  /** the configured non-working days besides weekends and regular holidays (STR deadlines) */
  nonWorkingDays: readonly string[];
}

export function consoleContext(app: FastifyInstance): ConsoleContext {
  const c = app.config;
  return {
    db: app.db,
    clock: app.clock,
    log: app.log,
    secretKey: app.secretKey,
    idleTimeoutSeconds: c.CONSOLE_IDLE_MINUTES * 60,
    sessionHours: c.CONSOLE_SESSION_HOURS,
    lockFailures: c.CONSOLE_LOCK_FAILURES,
    lockMinutes: c.CONSOLE_LOCK_MINUTES,
    photoLinkSeconds: c.PHOTO_LINK_SECONDS,
    delinquencyBuckets: c.DELINQUENCY_BUCKETS,
    nonWorkingDays: c.NON_WORKING_DAYS,
  };
}
