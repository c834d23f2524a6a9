const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as a Manila date and time in the borrower's language. */
export function manilaDateTime(iso: string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Manila',
    });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** Whole days left until the end of the window (rounded up), 0 once it has closed. */
export function daysLeft(validUntilIso: string, now: Date): number {
  const ms = new Date(validUntilIso).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
