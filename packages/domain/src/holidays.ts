import { addDays } from './time.ts';

/**
 * Philippine non-working days for counting working days (the STR filing deadline, BE-14).
 *
 * The regular holidays of the Administrative Code as amended by RA 9492, observed on their dates
 * as the yearly proclamations of recent years have kept them: New Year's Day, Maundy Thursday and
 * Good Friday (from Easter), Araw ng Kagitingan (9 April), Labor Day (1 May), Independence Day
 * (12 June), National Heroes Day (the last Monday of August), Bonifacio Day (30 November),
 * Christmas Day and Rizal Day (30 December). The yearly proclamation decides the rest: the special
 * non-working days, Eid'l Fitr and Eid'l Adha (proclaimed on the NCMF's advice) and any moved date go
 * into NON_WORKING_DAYS, which operations update when the proclamation is out (docs/compliance.md).
 */
export function regularHolidays(year: number): string[] {
  const iso = (month: number, day: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const easter = easterSunday(year);
  const lastMondayOfAugust = (() => {
    const last = new Date(Date.UTC(year, 7, 31));
    return iso(8, 31 - ((last.getUTCDay() + 6) % 7));
  })();
  return [
    iso(1, 1),
    addDays(easter, -3),
    addDays(easter, -2),
    iso(4, 9),
    iso(5, 1),
    iso(6, 12),
    lastMondayOfAugust,
    iso(11, 30),
    iso(12, 25),
    iso(12, 30),
  ].sort();
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whether a Manila date is a working day: not a Saturday or Sunday, not a regular holiday, not one
 * of the configured non-working days.
 */
export function isWorkingDay(iso: string, nonWorkingDays: readonly string[] = []): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (nonWorkingDays.includes(iso)) return false;
  return !regularHolidays(Number(iso.slice(0, 4))).includes(iso);
}

/** The date `n` working days after `from` (not counting `from` itself). */
export function addWorkingDays(from: string, n: number, nonWorkingDays: readonly string[] = []): string {
  let day = from;
  let left = n;
  while (left > 0) {
    day = addDays(day, 1);
    if (isWorkingDay(day, nonWorkingDays)) left -= 1;
  }
  return day;
}
