import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale.ts';
import { formatDate, formatManilaDate, formatManilaDateTime, formatManilaTime24 } from './date-format.ts';

const DAY_MS = 86_400_000;

describe('SH-01 formatDate (issue 9, clarity item 7)', () => {
  it('formats a calendar date in each language, never as 2026-12-07', () => {
    expect(formatDate('2026-12-07', 'en-US')).toBe('Dec 7, 2026');
    expect(formatDate('2026-12-07', 'fil')).toBe('Dis 7, 2026');
    expect(formatDate('2026-12-07', 'zh-CN')).toBe('2026年12月7日');
  });

  it('keeps the day whatever the time zone; leaves non-dates alone', () => {
    expect(formatDate('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
    expect(formatDate('', 'en-US')).toBe('');
    expect(formatDate('soon', 'en-US')).toBe('soon');
  });

  // The tables replace Intl.DateTimeFormat (its first use costs a page ~25 ms of locale data): they
  // must write exactly what Intl writes, every day of several years, in every language.
  it('writes what Intl.DateTimeFormat writes, every day of 2024-2031, in every language', () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      const days: number[] = [];
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2032, 0, 1); t += DAY_MS) days.push(t);
      expect(days.map((t) => formatDate(new Date(t).toISOString().slice(0, 10), locale))).toEqual(
        days.map((t) => intl.format(new Date(t))),
      );
    }
  });
});

describe('Manila instants (issue 9): the same text as Intl in Asia/Manila', () => {
  // every 37 minutes over two years: every hour of the clock, both sides of midnight and noon in
  // Manila and in UTC, month and year ends
  const instants: string[] = [];
  for (let t = Date.UTC(2025, 11, 1); t < Date.UTC(2027, 11, 31); t += 37 * 60_000)
    instants.push(new Date(t).toISOString());

  /** `format` writes, for every instant and language, what Intl writes with `options` in Manila */
  const expectSameAsIntl = (
    format: (iso: string, locale: Locale) => string,
    options: Intl.DateTimeFormatOptions,
  ) => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Manila' });
      expect(instants.map((iso) => format(iso, locale))).toEqual(
        instants.map((iso) => intl.format(new Date(iso))),
      );
    }
  };

  it('a date and time ("Nov 23, 2026, 4:30 PM", "2026年11月23日 16:30")', () => {
    expectSameAsIntl(formatManilaDateTime, { dateStyle: 'medium', timeStyle: 'short' });
    // 16:30 UTC is 00:30 the next day in Manila (UTC+8)
    expect(formatManilaDateTime('2026-12-07T16:30:00.000Z', 'en-US')).toBe('Dec 8, 2026, 12:30 AM');
  });

  it('a date and 24-hour time ("Dec 8, 2026, 00:30")', () => {
    expectSameAsIntl(formatManilaTime24, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
  });

  it('the Manila calendar day of an instant (the complaint form wrote "Nov 23, 20" before)', () => {
    expectSameAsIntl(formatManilaDate, { year: 'numeric', month: 'short', day: 'numeric' });
    expect(formatManilaDate('2026-11-23T16:05:00Z', 'en-US')).toBe('Nov 24, 2026');
  });

  it('leaves what is not an instant alone', () => {
    expect(formatManilaDateTime('not a time', 'en-US')).toBe('not a time');
  });
});
