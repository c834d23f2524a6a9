import { execFileSync } from 'node:child_process';
import { CronExpressionParser } from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { JOBS } from './job-types.ts';
import { SCHEDULE_ZONE } from './schedule-zone.ts';

const scheduled = Object.values(JOBS).flatMap((type) =>
  type.schedule ? [{ name: type.name, schedule: type.schedule }] : [],
);

/** the fire times of `cron` in (from, until], in `tz`, as ISO instants */
function fireTimes(cron: string, tz: string, from: Date, until: Date): string[] {
  const interval = CronExpressionParser.parse(cron, { tz, currentDate: from, endDate: until });
  const times: string[] = [];
  while (interval.hasNext()) times.push(interval.next().toISOString() ?? '');
  return times;
}

describe('BE-09 the schedules run on Manila time, written as UTC+8', () => {
  it('BE-09 every scheduled job fires at the same instants as in Asia/Manila, for a year', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    const aYearOn = new Date('2027-12-01T00:00:00Z');
    const aDayOn = new Date('2026-12-02T00:00:00Z');
    for (const type of scheduled) {
      // a job that runs every minute: a day of it (what differs between zones is the hour and day)
      const until = type.schedule.cron.startsWith('* ') ? aDayOn : aYearOn;
      const ours = fireTimes(type.schedule.cron, type.schedule.tz, from, until);
      expect(ours.length, type.name).toBeGreaterThan(11);
      expect(ours, type.name).toEqual(fireTimes(type.schedule.cron, 'Asia/Manila', from, until));
      expect(type.schedule.tz).toBe(SCHEDULE_ZONE);
    }
    // the offset is read as Manila's, not ignored: 00:05 Manila is 16:05 UTC the day before
    expect(fireTimes(JOBS.servicingDay.schedule.cron, SCHEDULE_ZONE, from, aDayOn)).toEqual([
      '2026-12-01T16:05:00.000Z',
    ]);
    // the 1st to the 5th at 01:15 Manila begin on the last evening of the month before, in UTC
    const midDecember = new Date('2026-12-15T00:00:00Z');
    expect(fireTimes(JOBS.creditReportMonthly.schedule.cron, SCHEDULE_ZONE, midDecember, aYearOn)[0]).toBe(
      '2026-12-31T17:15:00.000Z',
    );
  });

  it('issue 8: computing the schedules as pg-boss does never makes an Intl object (no ICU data paged in)', () => {
    // A fresh process, since luxon caches what it once asked Intl: every Intl constructor is
    // counted, then the schedules are computed the ways pg-boss computes them (a parse with no
    // reference date in UTC, the zone check, the next fire times) and the test clock does.
    const script = `
      let made = [];
      for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'Locale']) {
        const Original = Intl[name];
        Intl[name] = new Proxy(Original, {
          construct(target, args) { made.push(name); return new target(...args); },
        });
      }
      const { JOBS } = await import(${JSON.stringify(new URL('./job-types.ts', import.meta.url).href)});
      const { jobsDueBetween } = await import(${JSON.stringify(new URL('./jobs-due.ts', import.meta.url).href)});
      const { CronExpressionParser } = await import('cron-parser');
      for (const type of Object.values(JOBS)) {
        if (!type.schedule) continue;
        CronExpressionParser.parse(type.schedule.cron, { tz: 'UTC', strict: false }).next();
        CronExpressionParser.parse('* * * * *', { tz: type.schedule.tz, strict: false, currentDate: new Date() });
        CronExpressionParser.parse(type.schedule.cron, { tz: type.schedule.tz, currentDate: new Date() }).next();
      }
      jobsDueBetween(JOBS, new Date('2027-03-31T17:00:00Z'), new Date('2027-04-02T17:00:00Z'));
      console.log(JSON.stringify(made));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: new URL('.', import.meta.url),
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual([]);
  }, 30_000);
});
