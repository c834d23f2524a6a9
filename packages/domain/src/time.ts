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

/** The Manila calendar date of an instant, `YYYY-MM-DD`. */
export function manilaDate(at: Date): string {
  return new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A Manila calendar date `n` days after `isoDate` (YYYY-MM-DD); plain arithmetic, no time zones. */
export function addDays(isoDate: string, n: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `YYYY-MM-DD HH:mm` in Asia/Manila (receipts). */
export function manilaDateTime(at: Date): string {
  return new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
