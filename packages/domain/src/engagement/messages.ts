import { z } from 'zod';
import type { Locale } from '../locale.ts';
import { formatPeso } from '../money.ts';
import { DISPUTE_REJECTION_REASONS, type DisputeRejectionReason } from '../contracts/disputes.ts';

/**
 * The message centre (EN-08): what the borrower is told at every event of their loan. A message is
 * stored as its event and parameters, and rendered when read, in the language of the request:
 * a borrower who switches to Filipino reads every earlier message in Filipino too, and a wording fix
 * reaches old messages. The texts live here, beside the rules, in all three languages.
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
  })
  .partial();
export type MessageParams = z.infer<typeof messageParams>;

interface Rendered {
  title: string;
  body: string;
}
type Texts = Record<
  Exclude<MessageEvent, 'operator_notice'>,
  (p: { amount: string; date: string; days: number; reason: string }) => Rendered
>;

/** The reasons a reported payment is not confirmed, as the borrower reads them. */
const REJECTION_REASON_TEXT: Record<Locale, Record<DisputeRejectionReason, string>> = {
  'en-US': {
    no_payment_found: 'we found no payment with that reference and amount',
    receipt_unreadable: 'we could not read the receipt photo',
    paid_to_another_account: 'the receipt shows a payment to another account, not to PisoNow',
    amount_differs: 'the amount we received differs from the receipt',
  },
  fil: {
    no_payment_found: 'wala kaming nakitang bayad na may ganoong reference at halaga',
    receipt_unreadable: 'hindi namin mabasa ang litrato ng resibo',
    paid_to_another_account: 'ipinapakita ng resibo na sa ibang account napunta ang bayad, hindi sa PisoNow',
    amount_differs: 'iba ang halagang natanggap namin sa nasa resibo',
  },
  'zh-CN': {
    no_payment_found: '我们未找到该参考编号和金额的付款',
    receipt_unreadable: '我们无法看清收据照片',
    paid_to_another_account: '收据显示款项付给了其他账户，而不是 PisoNow',
    amount_differs: '我们收到的金额与收据不符',
  },
};

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
/** A Manila calendar date in the reader's language ("Dec 7, 2026", "Dis 7, 2026", "2026年12月7日"). */
function formatDay(isoDate: string | undefined, locale: Locale): string {
  if (!isoDate) return '';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

const en: Texts = {
  application_approved: (p) => ({
    title: 'Your application is approved',
    body: `You may borrow up to ${p.amount}. Choose an amount and term on the Withdraw page.`,
  }),
  application_rejected: (p) => ({
    title: 'Your application was not approved',
    body: `We cannot lend to you this time. You may apply again on ${p.date}.`,
  }),
  identity_retake: () => ({
    title: 'Please retake your ID photo',
    body: 'We could not read your ID photo. Upload a clear photo of the whole card to continue.',
  }),
  loan_disbursed: (p) => ({
    title: 'Your loan has been sent',
    body: `${p.amount} is on its way to your account. Your due date is ${p.date}.`,
  }),
  payout_failed: () => ({
    title: 'We could not send your loan',
    body: 'Your payout account could not receive the money. Check your account details and we will send it again.',
  }),
  due_soon: (p) => ({
    title: 'Your payment is due tomorrow',
    body: `${p.amount} is due on ${p.date}. Pay or extend in the app.`,
  }),
  due_today: (p) => ({
    title: 'Your payment is due today',
    body: `${p.amount} is due today. Pay or extend in the app to avoid late charges.`,
  }),
  overdue: (p) => ({
    title: p.days === 1 ? 'Your loan is 1 day overdue' : `Your loan is ${p.days} days overdue`,
    body: `Amount due now: ${p.amount}. Pay in the app, or contact customer service if you need help.`,
  }),
  loan_repaid: (p) => ({
    title: 'Loan settled',
    body: `We received ${p.amount}. Your loan is fully paid. Thank you!`,
  }),
  loan_extended: (p) => ({
    title: 'Loan extended',
    body: `We received your extension payment of ${p.amount}. Your new due date is ${p.date}.`,
  }),
  coupon_granted: (p) => ({
    title: 'You have a new coupon',
    body: `A ${p.amount} coupon is in My coupons, valid until ${p.date}.`,
  }),
  coupon_expiring: (p) => ({
    title: 'Your coupon expires soon',
    body: `Your ${p.amount} coupon expires on ${p.date}. Use it before then.`,
  }),
  easy_reloan_booked: (p) => ({
    title: 'Easy Re-loan: your next loan is booked',
    body: `Your next loan of ${p.amount} is on its way. Its disclosure statement is on the bill page.`,
  }),
  easy_reloan_missed: () => ({
    title: 'Easy Re-loan: no automatic loan this time',
    body: 'We could not book your next loan automatically. You can still apply for one on the Withdraw page.',
  }),
  loan_cancelled: (p) => ({
    title: 'Your loan has been cancelled',
    body: p.amount
      ? `Your loan is cancelled and we received the ${p.amount} you returned. You owe nothing on it.`
      : 'Your loan order is cancelled and no money was sent. You owe nothing on it.',
  }),
  payment_dispute_matched: (p) => ({
    title: 'We found your payment',
    body: `The ${p.amount} you reported is now applied to your loan. Thank you for telling us.`,
  }),
  payment_dispute_rejected: (p) => ({
    title: 'We could not confirm your payment',
    body: `We checked the payment you reported: ${p.reason}. Late charges run again from today. Report it again with a clear receipt, or contact customer service.`,
  }),
  hardship_plan_approved: (p) => ({
    title: 'Your payment plan is approved',
    body: `No late charge or penalty is added until ${p.date}. Please pay your loan in full by then.`,
  }),
};

const fil: Texts = {
  application_approved: (p) => ({
    title: 'Aprubado ang iyong aplikasyon',
    body: `Puwede kang humiram hanggang ${p.amount}. Pumili ng halaga at termino sa pahinang Withdraw.`,
  }),
  application_rejected: (p) => ({
    title: 'Hindi naaprubahan ang iyong aplikasyon',
    body: `Hindi ka namin mapapahiram ngayon. Puwede kang mag-apply ulit sa ${p.date}.`,
  }),
  identity_retake: () => ({
    title: 'Kumuha ulit ng litrato ng ID',
    body: 'Hindi namin mabasa ang litrato ng iyong ID. Mag-upload ng malinaw na litrato ng buong card para magpatuloy.',
  }),
  loan_disbursed: (p) => ({
    title: 'Naipadala na ang iyong loan',
    body: `Papunta na sa iyong account ang ${p.amount}. Ang due date mo ay ${p.date}.`,
  }),
  payout_failed: () => ({
    title: 'Hindi namin naipadala ang iyong loan',
    body: 'Hindi natanggap ng iyong payout account ang pera. Suriin ang detalye ng account at ipapadala namin ulit.',
  }),
  due_soon: (p) => ({
    title: 'Due bukas ang iyong bayad',
    body: `Ang ${p.amount} ay due sa ${p.date}. Magbayad o mag-extend sa app.`,
  }),
  due_today: (p) => ({
    title: 'Due ngayon ang iyong bayad',
    body: `Ang ${p.amount} ay due ngayon. Magbayad o mag-extend sa app para walang late charge.`,
  }),
  overdue: (p) => ({
    title: `${p.days} araw nang lampas sa due date ang iyong loan`,
    body: `Babayaran ngayon: ${p.amount}. Magbayad sa app, o tumawag sa customer service kung kailangan mo ng tulong.`,
  }),
  loan_repaid: (p) => ({
    title: 'Bayad na ang loan',
    body: `Natanggap namin ang ${p.amount}. Buo nang bayad ang iyong loan. Salamat!`,
  }),
  loan_extended: (p) => ({
    title: 'Na-extend ang loan',
    body: `Natanggap namin ang bayad sa extension na ${p.amount}. Ang bago mong due date ay ${p.date}.`,
  }),
  coupon_granted: (p) => ({
    title: 'May bago kang coupon',
    body: `May ${p.amount} na coupon sa Aking mga coupon, valid hanggang ${p.date}.`,
  }),
  coupon_expiring: (p) => ({
    title: 'Malapit nang mag-expire ang iyong coupon',
    body: `Mag-e-expire ang iyong ${p.amount} na coupon sa ${p.date}. Gamitin ito bago noon.`,
  }),
  easy_reloan_booked: (p) => ({
    title: 'Easy Re-loan: naka-book na ang susunod mong loan',
    body: `Papunta na ang susunod mong loan na ${p.amount}. Nasa pahina ng bill ang disclosure statement nito.`,
  }),
  easy_reloan_missed: () => ({
    title: 'Easy Re-loan: walang awtomatikong loan ngayon',
    body: 'Hindi namin awtomatikong na-book ang susunod mong loan. Puwede ka pa ring mag-apply sa pahinang Withdraw.',
  }),
  loan_cancelled: (p) => ({
    title: 'Nakansela na ang iyong loan',
    body: p.amount
      ? `Nakansela ang iyong loan at natanggap namin ang ibinalik mong ${p.amount}. Wala ka nang utang dito.`
      : 'Nakansela ang iyong loan order at walang perang naipadala. Wala kang utang dito.',
  }),
  payment_dispute_matched: (p) => ({
    title: 'Nakita namin ang bayad mo',
    body: `Nailapat na sa loan mo ang ${p.amount} na iniulat mo. Salamat sa pagsabi sa amin.`,
  }),
  payment_dispute_rejected: (p) => ({
    title: 'Hindi namin makumpirma ang bayad mo',
    body: `Sinuri namin ang bayad na iniulat mo: ${p.reason}. Tatakbo ulit ang late charges simula ngayon. Iulat ito ulit na may malinaw na resibo, o makipag-ugnayan sa customer service.`,
  }),
  hardship_plan_approved: (p) => ({
    title: 'Aprubado na ang iyong payment plan',
    body: `Walang late charge o penalty na idadagdag hanggang ${p.date}. Pakibayaran nang buo ang iyong loan bago noon.`,
  }),
};

const zh: Texts = {
  application_approved: (p) => ({
    title: '您的申请已通过',
    body: `您最多可借 ${p.amount}。请在提现页面选择金额和期限。`,
  }),
  application_rejected: (p) => ({
    title: '您的申请未获批准',
    body: `本次无法为您放款。您可于 ${p.date} 重新申请。`,
  }),
  identity_retake: () => ({
    title: '请重新拍摄证件照片',
    body: '我们无法识别您的证件照片。请上传完整、清晰的证件照片以继续。',
  }),
  loan_disbursed: (p) => ({
    title: '您的贷款已放款',
    body: `${p.amount} 正在转入您的账户。到期日为 ${p.date}。`,
  }),
  payout_failed: () => ({
    title: '放款未成功',
    body: '您的收款账户无法接收款项。请检查账户信息，我们将重新放款。',
  }),
  due_soon: (p) => ({
    title: '您的还款明天到期',
    body: `${p.amount} 将于 ${p.date} 到期。请在应用内还款或展期。`,
  }),
  due_today: (p) => ({
    title: '您的还款今天到期',
    body: `${p.amount} 今天到期。请在应用内还款或展期，以免产生滞纳金。`,
  }),
  overdue: (p) => ({
    title: `您的贷款已逾期 ${p.days} 天`,
    body: `当前应还：${p.amount}。请在应用内还款；如需帮助请联系客服。`,
  }),
  loan_repaid: (p) => ({ title: '贷款已结清', body: `我们已收到 ${p.amount}，您的贷款已全部还清。谢谢！` }),
  loan_extended: (p) => ({
    title: '贷款已展期',
    body: `我们已收到展期费用 ${p.amount}。新的到期日为 ${p.date}。`,
  }),
  coupon_granted: (p) => ({
    title: '您获得了一张新优惠券',
    body: `${p.amount} 优惠券已放入"我的优惠券"，有效期至 ${p.date}。`,
  }),
  coupon_expiring: (p) => ({
    title: '您的优惠券即将过期',
    body: `您的 ${p.amount} 优惠券将于 ${p.date} 过期，请尽快使用。`,
  }),
  easy_reloan_booked: (p) => ({
    title: '轻松续借：下一笔贷款已办理',
    body: `您的下一笔贷款 ${p.amount} 正在放款中。其披露声明可在账单页面查看。`,
  }),
  easy_reloan_missed: () => ({
    title: '轻松续借：本次未能自动办理',
    body: '我们未能自动办理您的下一笔贷款。您仍可在提现页面申请。',
  }),
  loan_cancelled: (p) => ({
    title: '您的借款已取消',
    body: p.amount
      ? `您的借款已取消，我们已收到您退回的 ${p.amount}。该笔借款您无需再还款。`
      : '您的借款订单已取消，未放出任何款项。该笔借款您无需还款。',
  }),
  payment_dispute_matched: (p) => ({
    title: '我们找到了您的付款',
    body: `您报告的 ${p.amount} 已计入您的借款。感谢您告知我们。`,
  }),
  payment_dispute_rejected: (p) => ({
    title: '我们无法确认您的付款',
    body: `我们核实了您报告的付款：${p.reason}。逾期费用自今日起恢复计算。您可以附上清晰的收据再次报告，或联系客服。`,
  }),
  hardship_plan_approved: (p) => ({
    title: '您的还款计划已获批准',
    body: `在 ${p.date} 之前不会增加逾期费或罚息。请在此日期前还清借款。`,
  }),
};

const TEXTS: Record<Locale, Texts> = { 'en-US': en, fil, 'zh-CN': zh };

/** A message's title and body in the reader's language. */
export function renderMessage(event: MessageEvent, params: MessageParams, locale: Locale): Rendered {
  if (event === 'operator_notice') {
    const text = params.text?.[locale];
    return { title: text?.title ?? '', body: text?.body ?? '' };
  }
  return TEXTS[locale][event]({
    amount: params.amount !== undefined ? formatPeso(BigInt(params.amount)) : '',
    date: formatDay(params.date, locale),
    days: params.days ?? 0,
    reason: params.reason ? REJECTION_REASON_TEXT[locale][params.reason] : '',
  });
}
