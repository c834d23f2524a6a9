/** Asia/Manila is UTC+8 all year (no daylight saving), so day boundaries are plain arithmetic. */
export const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instant the Manila calendar day containing `at` began (00:00 Asia/Manila). */
export function manilaDayStart(at: Date): Date {
  const local = at.getTime() + MANILA_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - MANILA_OFFSET_MS);
}

/** The instant the next Manila day begins: "try again tomorrow" means after this. */
export function nextManilaDayStart(at: Date): Date {
  return new Date(manilaDayStart(at).getTime() + DAY_MS);
}

/*
 * The date functions below run many times for every loan read (GET /api/home, every bill, the day
 * job over the whole book), so they read and write `YYYY-MM-DD` by hand: `Date.parse` of a built
 * string and `toISOString().slice()` cost three to four times as much (issue 8). The results are
 * exactly theirs (time.test.ts compares them day by day); anything outside the plain four-digit
 * years goes through them as before.
 */
const two = (text: string, at: number) => (text.charCodeAt(at) - 48) * 10 + (text.charCodeAt(at + 1) - 48);
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `Date.parse(`${isoDate}T00:00:00Z`)`: midnight UTC of a `YYYY-MM-DD` date, in ms (NaN when it is none). */
function utcMidnight(isoDate: string): number {
  if (isoDate.length === 10 && ISO_DATE.test(isoDate)) {
    const year = two(isoDate, 0) * 100 + two(isoDate, 2);
    const month = two(isoDate, 5);
    const day = two(isoDate, 8);
    // Date.parse accepts day 31 in any month (Feb 30 is Mar 2), as Date.UTC does; years below 100
    // mean 19xx to Date.UTC, so those take the slow way
    if (year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 31)
      return Date.UTC(year, month - 1, day);
  }
  return Date.parse(`${isoDate}T00:00:00Z`);
}

/** `new Date(ms).toISOString().slice(0, 10)`: the UTC calendar date of an instant. */
function isoDateOf(ms: number): string {
  const at = new Date(ms);
  const year = at.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return at.toISOString().slice(0, 10);
  return `${year}-${pad2(at.getUTCMonth() + 1)}-${pad2(at.getUTCDate())}`;
}

/** The Manila calendar date of an instant, `YYYY-MM-DD`. */
export function manilaDate(at: Date): string {
  return isoDateOf(at.getTime() + MANILA_OFFSET_MS);
}

/** A Manila calendar date `n` days after `isoDate` (YYYY-MM-DD); plain arithmetic, no time zones. */
export function addDays(isoDate: string, n: number): string {
  return isoDateOf(utcMidnight(isoDate) + n * DAY_MS);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** `YYYY-MM-DD HH:mm` in Asia/Manila (receipts). */
export function manilaDateTime(at: Date): string {
  return new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
