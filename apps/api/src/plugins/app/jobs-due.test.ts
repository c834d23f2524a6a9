import { describe, expect, it } from 'vitest';
import { JOBS } from './job-types.ts';
import { jobsDueBetween } from './jobs-due.ts';

/** the queue names due when the clock moves from `from` to `to` (instants in UTC) */
const due = (from: string, to: string) =>
  jobsDueBetween(JOBS, new Date(from), new Date(to)).map((d) => d.type.name);

const daily = ['servicing.day', 'engagement.coupons-expire', 'privacy.retention'];
const everyMinute = ['lending.decide-pending', 'lending.disburse-pending', 'engagement.easy-reloan-book'];

describe('BE-09 the jobs a move of the test clock makes due (Manila schedules)', () => {
  it('BE-09 a move across midnight in Manila runs the day jobs; across midnight UTC only, it does not', () => {
    // 23:50 → 00:10 Manila (15:50 → 16:10 UTC)
    const manilaMidnight = due('2027-03-09T15:50:00Z', '2027-03-09T16:10:00Z');
    expect(manilaMidnight).toEqual(
      expect.arrayContaining(['servicing.day', 'engagement.coupons-expire', 'servicing.hourly']),
    );
    expect(manilaMidnight).not.toContain('privacy.retention'); // 02:30 Manila
    // 23:50 → 00:10 UTC is 07:50 → 08:10 in Manila
    const utcMidnight = due('2027-03-09T23:50:00Z', '2027-03-10T00:10:00Z');
    expect(utcMidnight).toEqual(expect.arrayContaining(everyMinute));
    for (const name of daily) expect(utcMidnight).not.toContain(name);
  });

  it('BE-09 BE-13 a move across 01:15 Manila on the 1st to the 5th runs the monthly credit file; not on the 6th, nor at 01:15 UTC', () => {
    // 01:00 → 01:20 Manila on 1 April
    expect(due('2027-03-31T17:00:00Z', '2027-03-31T17:20:00Z')).toContain('credit-reports.monthly');
    // the 5th
    expect(due('2027-04-04T17:00:00Z', '2027-04-04T17:20:00Z')).toContain('credit-reports.monthly');
    // the 6th
    expect(due('2027-04-05T17:00:00Z', '2027-04-05T17:20:00Z')).not.toContain('credit-reports.monthly');
    // 01:00 → 01:20 UTC on the 1st is 09:00 → 09:20 in Manila: the file was due at 01:15 Manila
    expect(due('2027-04-01T01:00:00Z', '2027-04-01T01:20:00Z')).not.toContain('credit-reports.monthly');
  });

  it('BE-09 a move of an hour runs the hourly and per-minute jobs, not the day jobs', () => {
    // 10:00 → 11:00 Manila
    const hour = due('2027-03-10T02:00:00Z', '2027-03-10T03:00:00Z');
    expect(hour).toEqual(
      expect.arrayContaining(['servicing.hourly', 'auth.clean-up-login-data', ...everyMinute]),
    );
    for (const name of [...daily, 'credit-reports.monthly']) expect(hour).not.toContain(name);
  });

  it('BE-09 a move of 40 days runs every scheduled job once (a missed day job catches up in one run)', () => {
    const forty = due('2027-03-10T02:00:00Z', '2027-04-19T02:00:00Z');
    const scheduled = Object.values(JOBS)
      .filter((j) => 'schedule' in j)
      .map((j) => j.name);
    expect(forty).toHaveLength(scheduled.length);
    expect(new Set(forty)).toEqual(new Set(scheduled));
    // jobs that need a payload are queued by the business, never by the clock
    expect(forty).not.toContain('lending.decide-application');
    expect(forty).not.toContain('lending.disburse-order');
  });

  it('BE-09 jobs run in the order their first missed run falls: servicing.day before coupons-expire', () => {
    // 23:59:30 Manila on 9 March, three days on
    expect(due('2027-03-09T15:59:30Z', '2027-03-12T15:59:30Z')).toEqual([
      // 00:00 Manila: the quarter-hourly and per-minute jobs, in the registry's order
      'auth.clean-up-login-data',
      ...everyMinute,
      'servicing.day', // 00:05
      'engagement.coupons-expire', // 00:06
      'servicing.hourly', // 00:10
      'privacy.retention', // 02:30
    ]);
    // half-way through the day, the next day's 00:05 comes after that day's 00:06 missed first
    const afterFive = jobsDueBetween(
      JOBS,
      new Date('2027-03-09T16:05:30Z'),
      new Date('2027-03-11T16:00:00Z'),
    );
    const names = afterFive.map((d) => d.type.name);
    expect(names.indexOf('engagement.coupons-expire')).toBeLessThan(names.indexOf('servicing.day'));
    expect(afterFive.find((d) => d.type.name === 'servicing.day')?.firstDueAt).toEqual(
      new Date('2027-03-10T16:05:00Z'),
    );
  });

  it('BE-09 the interval is (from, to]: a run at `from` already happened, one at `to` is due; no move, no jobs', () => {
    // 00:05:00 Manila exactly
    expect(due('2027-03-09T16:05:00Z', '2027-03-09T16:05:30Z')).not.toContain('servicing.day');
    expect(due('2027-03-09T16:04:59.999Z', '2027-03-09T16:05:00Z')).toEqual(
      expect.arrayContaining(['servicing.day']),
    );
    expect(due('2027-03-09T16:05:00Z', '2027-03-09T16:05:00Z')).toEqual([]);
    expect(due('2027-03-12T00:00:00Z', '2027-03-09T00:00:00Z')).toEqual([]);
  });
});
