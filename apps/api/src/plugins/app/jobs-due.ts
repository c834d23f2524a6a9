import { CronExpressionParser } from 'cron-parser';
import type { JobType, ScheduledJobType } from './job-types.ts';

/** A scheduled job whose schedule fired at least once in an interval, and when it first did. */
export interface DueJob<J extends JobType = JobType> {
  readonly key: string;
  readonly type: J & ScheduledJobType;
  /** the first fire time inside the interval: the one a stopped queue missed first */
  readonly firstDueAt: Date;
}

type Scheduled<R extends Record<string, JobType>> = Extract<R[keyof R], ScheduledJobType>;

/**
 * The scheduled jobs of `registry` whose schedule fired in (from, to], each once, in the order of
 * their first fire time in it (registry order on a tie): when the test clock jumps from `from` to
 * `to`, these are the runs the queue missed. Once each, as a missed run 'once' is made up: every
 * job catches up in one run, so a day job skipped over ten days runs once, at `to`. Fire times are
 * cron-parser's (as pg-boss computes them) in the schedule's zone: Manila's UTC+8, not UTC.
 */
export function jobsDueBetween<R extends Record<string, JobType>>(
  registry: R,
  from: Date,
  to: Date,
): DueJob<Scheduled<R>>[] {
  const due: DueJob<Scheduled<R>>[] = [];
  if (!(to > from)) return due;
  for (const [key, type] of Object.entries(registry)) {
    if (!type.schedule) continue;
    // next() is strictly after currentDate: a fire time equal to `from` ran before the move
    const firstDueAt = CronExpressionParser.parse(type.schedule.cron, {
      tz: type.schedule.tz,
      currentDate: from,
    })
      .next()
      .toDate();
    if (firstDueAt <= to) due.push({ key, type: type as Scheduled<R> & ScheduledJobType, firstDueAt });
  }
  // Array.prototype.sort is stable: jobs due at the same minute keep the registry's order
  return due.sort((a, b) => a.firstDueAt.getTime() - b.firstDueAt.getTime());
}
