/** Whole days left until the end of the window (rounded up), 0 once it has closed. */
export function daysLeft(validUntilIso: string, now: Date): number {
  const ms = new Date(validUntilIso).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
