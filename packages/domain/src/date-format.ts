import type { Locale } from './locale.ts';
import { MANILA_OFFSET_MS } from './time.ts';

/*
 * Dates and times in the borrower's language, the one place for them: the app's pages, the loan
 * documents and the messages all write dates through these functions (issue 9, clarity item 7).
 * They are written from tables, not Intl.DateTimeFormat. The first Intl.DateTimeFormat a page
 * makes loads the browser's locale and time-zone data: ~25 ms of main thread on a desktop and
 * ~100 ms on a phone-class CPU, inside the first render of /allWithdraw, /loan, home and the bill.
 * The output is exactly what Intl writes for our three languages (`date-format.test.ts` compares
 * every day of several years, and instants across them, with Intl), so nothing on screen changes.
 */

const MONTHS: Record<Locale, readonly string[]> = {
  'en-US': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fil: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
  // zh-CN writes the month as a number (2026年12月7日)
  'zh-CN': [],
};

/** Year, month (1–12), day as the borrower reads them: "Dec 7, 2026", "Dis 7, 2026", "2026年12月7日". */
function calendarDay(year: number, month: number, day: number, locale: Locale): string {
  if (locale === 'zh-CN') return `${year}年${month}月${day}日`;
  return `${MONTHS[locale][month - 1]} ${day}, ${year}`;
}

/** "4:30 PM" (en-US, fil) or "16:30" (zh-CN): the time style each language's short form uses. */
function clockTime(hours: number, minutes: number, locale: Locale): string {
  const mm = String(minutes).padStart(2, '0');
  if (locale === 'zh-CN') return `${String(hours).padStart(2, '0')}:${mm}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Manila's wall clock for an instant. The Philippines keeps UTC+8 all year (no daylight saving
 * since 1978), so the offset is a constant; the test checks it against Intl's Asia/Manila.
 */
function manilaClock(iso: string): Date | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  // a Date whose UTC fields read as Manila's wall clock
  return new Date(at.getTime() + MANILA_OFFSET_MS);
}

/**
 * Clarity item 7: a calendar date (YYYY-MM-DD, Manila) in the borrower's language: "Dec 7, 2026",
 * "Dis 7, 2026", "2026年12月7日". The date is a calendar day, not an instant: no time zone moves it
 * by a day. Anything that is not a date is returned unchanged.
 */
export function formatDate(isoDate: string | null | undefined, locale: Locale): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return calendarDay(Number(match[1]), Number(match[2]), Number(match[3]), locale);
}

/** The Manila calendar day of an instant, in the borrower's language ("Nov 23, 2026"). */
export function formatManilaDate(iso: string, locale: Locale): string {
  const wall = manilaClock(iso);
  if (!wall) return iso;
  return calendarDay(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), locale);
}

/**
 * An instant as a Manila date and time in the borrower's language ("Nov 23, 2026, 4:30 PM",
 * "2026年11月23日 16:30"): when a message came, when a reward was granted, when a coupon expires.
 * Shared so every page writes times the same way.
 */
export function formatManilaDateTime(iso: string, locale: Locale): string {
  const wall = manilaClock(iso);
  if (!wall) return iso;
  const day = calendarDay(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), locale);
  const time = clockTime(wall.getUTCHours(), wall.getUTCMinutes(), locale);
  return locale === 'zh-CN' ? `${day} ${time}` : `${day}, ${time}`;
}

/**
 * An instant as a Manila date and 24-hour time ("Dec 8, 2026, 00:30", "2026年12月8日 00:30"): a
 * receipt's paid-at and a payment code's expiry, where a minute matters and AM/PM could mislead.
 */
export function formatManilaTime24(iso: string, locale: Locale): string {
  const wall = manilaClock(iso);
  if (!wall) return iso;
  const day = calendarDay(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), locale);
  const hh = String(wall.getUTCHours()).padStart(2, '0');
  const mm = String(wall.getUTCMinutes()).padStart(2, '0');
  return locale === 'zh-CN' ? `${day} ${hh}:${mm}` : `${day}, ${hh}:${mm}`;
}
