import { z } from 'zod';
import { SCHEDULE_ZONE } from './schedule-zone.ts';

/**
 * Every background job of the server, in one typed registry (issue 7): its queue name, the zod
 * schema of its payload (checked when sent and again when run), and its schedule. Schedules run on
 * Manila time (UTC+8 all year, written as that offset: schedule-zone.ts says why): "the day" of
 * the day job is a Manila day, not UTC.
 */
export interface JobType<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  readonly schedule?: { cron: string; tz: typeof SCHEDULE_ZONE; missed: 'skip' | 'once' };
  /**
   * How a failed run is tried again (pg-boss queue options; delays in seconds). Without it,
   * pg-boss's defaults: two retries at once, so a provider or database down for a minute used up
   * the job. A minute sweep needs none: the next minute is its retry.
   */
  readonly retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax?: number };
}

/**
 * A job that runs on its schedule: its type says so, so that what runs every scheduled job (the
 * sandbox test clock) is offered exactly these and a job needing a payload is refused at compile time.
 */
export type ScheduledJobType<S extends z.ZodType = z.ZodType> = JobType<S> & {
  readonly schedule: NonNullable<JobType['schedule']>;
};

function job<S extends z.ZodType>(name: string, payload: S): JobType<S>;
function job<S extends z.ZodType>(
  name: string,
  payload: S,
  cron: string,
  missed?: 'skip' | 'once',
): ScheduledJobType<S>;
function job<S extends z.ZodType>(
  name: string,
  payload: S,
  cron?: string,
  missed: 'skip' | 'once' = 'skip',
): JobType<S> {
  return { name, payload, ...(cron ? { schedule: { cron, tz: SCHEDULE_ZONE, missed } } : {}) };
}

const none = z.object({}).strict();

/**
 * For a job whose failure someone waits on (a borrower's money, the day's due dates): ten more
 * tries, 1–2 minutes apart at first, doubling up to an hour apart: about five to six hours in all,
 * so an outage of some hours is ridden out.
 */
const patient = { retryLimit: 10, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 } as const;

export const JOBS = {
  cleanUpLoginData: job('auth.clean-up-login-data', none, '*/15 * * * *'),
  decideApplication: job('lending.decide-application', z.object({ applicationId: z.uuid() })),
  decidePending: job('lending.decide-pending', none, '* * * * *'),
  /** ST-01: a payout the provider could not take yet is sent again, well within the 24 hours */
  disburseOrder: { ...job('lending.disburse-order', z.object({ orderId: z.uuid() })), retry: patient },
  disbursePending: job('lending.disburse-pending', none, '* * * * *'),
  /** BE-06: due/overdue transitions and overdue charges, just after Manila midnight; a missed run is made up once */
  servicingDay: { ...job('servicing.day', none, '5 0 * * *', 'once'), retry: patient },
  /** reminders inside 06:00–22:00 Manila and expired collections (accrual is the day job's) */
  servicingHourly: job('servicing.hourly', none, '10 * * * *'),
  /** ST-08: settled loans of borrowers with Easy Re-loan on get their automatic re-loan */
  easyReloanBook: job('engagement.easy-reloan-book', none, '* * * * *'),
  /** EN-07: coupons past their window become expired, just after Manila midnight; safe to run twice */
  couponsExpire: job('engagement.coupons-expire', none, '6 0 * * *', 'once'),
  /** BE-12: erase inactive applicants never paid out; record paid-out borrowers' retention dates (02:30 Manila) */
  retention: job('privacy.retention', none, '30 2 * * *', 'once'),
  /** BE-13: the previous month's CIC file, made once, on the 1st–5th of each month (01:15 Manila) */
  creditReportMonthly: job('credit-reports.monthly', none, '15 1 1-5 * *', 'once'),
} as const;

export type JobPayload<J extends JobType> = z.input<J['payload']>;
export type JobData<J extends JobType> = z.output<J['payload']>;
