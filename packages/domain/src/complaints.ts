import type { Locale } from './locale.ts';
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
 * Where a borrower can take a complaint we did not resolve to their satisfaction. The exact contact
 * details are for counsel to confirm (docs/compliance.md, BE-11); kept as text here, in one place.
 */
export const COMPLAINT_ESCALATION: Record<Locale, string> = {
  'en-US':
    'If you are not satisfied with our answer, or we have not resolved your complaint by the promised date, you may bring it to the Securities and Exchange Commission (SEC), Financing and Lending Companies Department, through SEC i-Message or the SEC complaint channel on www.sec.gov.ph. Please mention your ticket number.',
  fil: 'Kung hindi ka nasiyahan sa aming sagot, o hindi namin naresolba ang iyong reklamo sa ipinangakong petsa, maaari mo itong iparating sa Securities and Exchange Commission (SEC), Financing and Lending Companies Department, sa pamamagitan ng SEC i-Message o ng complaint channel ng SEC sa www.sec.gov.ph. Banggitin ang iyong ticket number.',
  'zh-CN':
    '如果您对我们的答复不满意，或我们未能在承诺日期前解决您的投诉，您可以通过 SEC i-Message 或 www.sec.gov.ph 上的 SEC 投诉渠道，向菲律宾证券交易委员会（SEC）融资及贷款公司部（Financing and Lending Companies Department）投诉。请注明您的工单号。',
};

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
  const texts: Record<Locale, { title: string; body: string }> =
    status === 'resolved'
      ? {
          'en-US': {
            title: `Complaint ${ticket} resolved`,
            body: fit(`Our answer to your complaint ${ticket} (also on the Complaints page): `, r),
          },
          fil: {
            title: `Naresolba ang reklamo ${ticket}`,
            body: fit(`Ang sagot namin sa iyong reklamo ${ticket} (nasa pahinang Mga Reklamo rin): `, r),
          },
          'zh-CN': {
            title: `投诉 ${ticket} 已解决`,
            body: fit(`我们对您的投诉 ${ticket} 的答复（也可在"投诉"页面查看）：`, r),
          },
        }
      : {
          'en-US': {
            title: `We are working on complaint ${ticket}`,
            body: fit(`Your complaint ${ticket} is being handled. `, r),
          },
          fil: {
            title: `Inaasikaso na ang reklamo ${ticket}`,
            body: fit(`Inaasikaso na ang iyong reklamo ${ticket}. `, r),
          },
          'zh-CN': {
            title: `投诉 ${ticket} 正在处理中`,
            body: fit(`您的投诉 ${ticket} 正在处理中。`, r),
          },
        };
  for (const t of Object.values(texts)) t.title = t.title.slice(0, NOTICE_TITLE_MAX);
  return texts;
}
