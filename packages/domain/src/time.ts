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
