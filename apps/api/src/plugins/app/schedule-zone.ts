import { createRequire } from 'node:module';

/**
 * The zone every job schedule is computed in, as luxon reads it (pg-boss computes schedules with
 * cron-parser, which computes with luxon). The schedules run on Manila time, and the Philippines
 * keeps UTC+8 all year (no daylight saving since 1978), so the fixed offset is the same clock as
 * 'Asia/Manila' (schedule-zone.test.ts compares a year of every job's fire times). It is written
 * as an offset because luxon can read a named zone's rules only from Intl.DateTimeFormat, and the
 * first one a process makes pages in ~6 MB of ICU's locale and time-zone data that stays resident
 * for the life of the server (issue 8: RSS ≤ 200 MB under load; bench/soak-memory.md).
 */
export const SCHEDULE_ZONE = 'UTC+8';

/**
 * Luxon also asks Intl for the process's locale and zone the first time it makes a date, unless it
 * is told them. Schedules need neither (a cron field is a number, not a word), so luxon is told:
 * the instance cron-parser loads (resolved from cron-parser's own folder, so it is the same copy
 * however npm lays the folders out) gets a default locale and zone. Nothing else here uses luxon.
 */
interface LuxonSettings {
  defaultLocale: string;
  defaultZone: unknown;
}
const cronParserRequire = createRequire(createRequire(import.meta.url).resolve('cron-parser'));
const { Settings } = cronParserRequire('luxon') as { Settings: LuxonSettings };
Settings.defaultLocale = 'en-US';
Settings.defaultZone = 'UTC';
