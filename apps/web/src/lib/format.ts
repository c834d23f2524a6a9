import type { Locale } from '@pisonow/domain/locale';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Clarity item 7: a calendar date (YYYY-MM-DD, Manila) in the borrower's language: "Dec 7, 2026",
 * "Dis 7, 2026", "2026年12月7日". The date is a calendar day, not an instant: formatted in UTC so
 * no time zone moves it by a day. Anything that is not a date is returned unchanged.
 */
export function formatDate(isoDate: string | null | undefined, locale: Locale): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a Manila date and time in the borrower's language ("Nov 23, 2026, 4:30 PM"): when a
 * message came, when a reward was granted. Shared so every page writes times the same way.
 */
export function formatManilaDateTime(iso: string, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Manila',
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
