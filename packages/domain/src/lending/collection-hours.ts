import { MANILA_OFFSET_MS } from '../time.ts';

/**
 * SEC MC 18 s.2019 (fair debt collection): a borrower may be contacted about a debt only between
 * 06:00 and 22:00 Manila time. Half-open: 06:00:00 is allowed, 22:00:00 is not.
 */
export const COLLECTION_HOURS = { fromMinute: 6 * 60, untilMinute: 22 * 60 } as const;

export function withinCollectionHours(at: Date): boolean {
  const minute = Math.floor((at.getTime() + MANILA_OFFSET_MS) / 60_000) % (24 * 60);
  return minute >= COLLECTION_HOURS.fromMinute && minute < COLLECTION_HOURS.untilMinute;
}
