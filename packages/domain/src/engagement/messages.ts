import { z } from 'zod';
import type { Locale } from '../locale.ts';
import { formatPeso } from '../money.ts';
import { formatDate } from '../date-format.ts';
import { DISPUTE_REJECTION_REASONS } from '../contracts/disputes.ts';
import { translate } from '../catalogue/index.ts';
import { EASY_RELOAN_MISSES_TOLD } from './easy-reloan.ts';

/**
 * The message centre (EN-08): what the borrower is told at every event of their loan. A message is
 * stored as its event and parameters, and rendered when read, in the language of the request:
 * a borrower who switches to Filipino reads every earlier message in Filipino too, and a wording fix
 * reaches old messages. The texts are the catalogue's `notifications` namespace (docs/i18n.md).
 */
export const MESSAGE_KINDS = ['activity', 'notify'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_EVENTS = [
  'application_approved',
  'application_rejected',
  'identity_retake',
  'loan_disbursed',
  'payout_failed',
  'due_soon',
  'due_today',
  'overdue',
  'loan_repaid',
  'loan_extended',
  'coupon_granted',
  'coupon_expiring',
  'easy_reloan_booked',
  'easy_reloan_missed',
  /** written by an operator in the console (BE-08), in all three languages; the kind is theirs to choose */
  'operator_notice',
  'loan_cancelled',
  /** BE-10: a payment the borrower reported was found and applied / could not be confirmed */
  'payment_dispute_matched',
  'payment_dispute_rejected',
  /** BE-15: a hardship plan was approved: no late charges until the date to pay by */
  'hardship_plan_approved',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Activity: offers and rewards. Notify: the borrower's loan and account. */
export const MESSAGE_KIND_OF: Readonly<Record<MessageEvent, MessageKind>> = {
  application_approved: 'notify',
  application_rejected: 'notify',
  identity_retake: 'notify',
  loan_disbursed: 'notify',
  payout_failed: 'notify',
  due_soon: 'notify',
  due_today: 'notify',
  overdue: 'notify',
  loan_repaid: 'notify',
  loan_extended: 'notify',
  coupon_granted: 'activity',
  coupon_expiring: 'activity',
  easy_reloan_booked: 'notify',
  easy_reloan_missed: 'notify',
  operator_notice: 'notify',
  loan_cancelled: 'notify',
  payment_dispute_matched: 'notify',
  payment_dispute_rejected: 'notify',
  hardship_plan_approved: 'notify',
};

/**
 * The parameters a message may carry: amounts in centavos (decimal strings), Manila dates
 * (YYYY-MM-DD), a count of days.
 */
const noticeText = z.object({
  title: z.string().trim().min(1, { error: 'REQUIRED' }).max(80, { error: 'VALIDATION_FAILED' }),
  body: z.string().trim().min(1, { error: 'REQUIRED' }).max(1000, { error: 'VALIDATION_FAILED' }),
});
/** An operator's notice in every language of the app (SH-01: a borrower never reads a missing one). */
export const operatorNoticeText = z.object({ 'en-US': noticeText, fil: noticeText, 'zh-CN': noticeText });
export type OperatorNoticeText = z.infer<typeof operatorNoticeText>;

export const messageParams = z
  .object({
    amount: z.string().regex(/^-?\d+$/),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    days: z.number().int().min(0),
    /** operator_notice only: the texts as written, per language */
    text: operatorNoticeText,
    /** payment_dispute_rejected: why (DISPUTE_REJECTION_REASONS) */
    reason: z.enum(DISPUTE_REJECTION_REASONS),
    /**
     * easy_reloan_missed: a miss the borrower can put right themselves, told with what to do (the
     * other reasons are the rules' or the order path's, and stay with the lender)
     */
    missReason: z.enum(EASY_RELOAN_MISSES_TOLD),
    /** loan_cancelled: the loan was undone because its transfer came back (`amount`: refunded) */
    cancelReason: z.enum(['payout_returned']),
  })
  .partial();
export type MessageParams = z.infer<typeof messageParams>;

interface Rendered {
  title: string;
  body: string;
}

/**
 * A message's title and body in the reader's language: the catalogue's `notifications:<event>.*`
 * (issue 10), the count of days choosing the plural form.
 */
export function renderMessage(event: MessageEvent, params: MessageParams, locale: Locale): Rendered {
  if (event === 'operator_notice') {
    const text = params.text?.[locale];
    return { title: text?.title ?? '', body: text?.body ?? '' };
  }
  const vars = {
    amount: params.amount !== undefined ? formatPeso(BigInt(params.amount)) : '',
    date: formatDate(params.date, locale),
    count: params.days ?? 0,
    reason: params.reason ? translate(locale, `notifications:rejectionReason.${params.reason}`) : '',
  };
  const body =
    event === 'loan_cancelled' && params.cancelReason === 'payout_returned'
      ? `${event}.${params.amount ? 'bodyPayoutReturned' : 'bodyPayoutReturnedNothingPaid'}`
      : event === 'loan_cancelled' && !params.amount
        ? `${event}.bodyNothingSent`
        : event === 'easy_reloan_missed' && params.missReason === 'agreement_outdated'
          ? `${event}.bodyAgreementOutdated`
          : `${event}.body`;
  return {
    title: translate(locale, `notifications:${event}.title`, vars),
    body: translate(locale, `notifications:${body}`, vars),
  };
}
