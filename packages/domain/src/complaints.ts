import { LOCALES, type Locale } from './locale.ts';
import { translate } from './catalogue/index.ts';
import { addDays, manilaDate } from './time.ts';

/**
 * Complaints (BE-11; RA 11765 Financial Products and Services Consumer Protection Act, SEC MC 5
 * s.2023 on complaints handling). A borrower files a complaint in the app, gets a ticket number, a
 * status, the date we promise to resolve it by, and where to go next if not satisfied. No zod here:
 * pages import it.
 */
export const COMPLAINT_CATEGORIES = [
  'payment_not_reflected',
  'charges_or_fees',
  'collection_conduct',
  'privacy',
  'app_or_account',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** THE list of complaint statuses (the database check and every screen use this one). */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved', 'escalated'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** What an operator may set from the console. */
export const COMPLAINT_PROGRESS_STATUSES = ['in_progress', 'resolved'] as const;
export type ComplaintProgressStatus = (typeof COMPLAINT_PROGRESS_STATUSES)[number];

export const COMPLAINT_DESCRIPTION_MIN = 10;
export const COMPLAINT_DESCRIPTION_MAX = 2_000;
export const COMPLAINT_RESPONSE_MAX = 1_000;
/** Calendar days from filing to the promised resolution date, unless configured otherwise. */
export const COMPLAINT_RESOLUTION_DAYS = 30;

/**
 * The promised resolution date: the Manila calendar date the complaint was filed plus `days`
 * calendar days (default 30), `YYYY-MM-DD`.
 */
export function complaintDeadline(createdAt: Date, days: number = COMPLAINT_RESOLUTION_DAYS): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('complaint resolution days must be ≥ 1');
  return addDays(manilaDate(createdAt), days);
}

/** The human-readable ticket number: `PN-C-<Manila year>-<sequence, six digits at least>`. */
export function complaintTicketNumber(createdAt: Date, sequence: number | bigint): string {
  return `PN-C-${manilaDate(createdAt).slice(0, 4)}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Where a borrower can take a complaint we did not resolve to their satisfaction: the catalogue's
 * `complaints:escalation.body`. The exact contact details are for counsel to confirm
 * (docs/compliance.md, BE-11).
 */
export function complaintEscalation(locale: Locale): string {
  return translate(locale, 'complaints:escalation.body');
}

/** The message-centre texts of a complaint's progress (sent as an operator notice, in every language). */
const NOTICE_TITLE_MAX = 80;
const NOTICE_BODY_MAX = 1_000;
function fit(prefix: string, response: string): string {
  const room = NOTICE_BODY_MAX - prefix.length;
  return prefix + (response.length > room ? `${response.slice(0, room - 1)}…` : response);
}
export function complaintNoticeText(
  status: ComplaintProgressStatus,
  ticket: string,
  response: string | null,
): Record<Locale, { title: string; body: string }> {
  const r = response ?? '';
  const texts = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        title: translate(locale, `notifications:complaint.${status}.title`, { ticket }).slice(
          0,
          NOTICE_TITLE_MAX,
        ),
        body: fit(translate(locale, `notifications:complaint.${status}.bodyPrefix`, { ticket }), r),
      },
    ]),
  ) as Record<Locale, { title: string; body: string }>;
  return texts;
}
