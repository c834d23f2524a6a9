/** CO-04: customer service every day 09:00–18:00, Manila time (UTC+8 all year, no daylight saving). */
export const SUPPORT_HOURS = { opens: 9, closes: 18 } as const;

/** Whether customer service is open at `now` (Manila hours, whatever the phone's time zone). */
export function supportOpenAt(now: Date): boolean {
  const manilaHour = (now.getUTCHours() + 8) % 24;
  return manilaHour >= SUPPORT_HOURS.opens && manilaHour < SUPPORT_HOURS.closes;
}
