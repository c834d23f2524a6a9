import type { Locale } from '../locale.ts';
import { daysBetween } from '../time.ts';

/**
 * The order state machine (ST-01, ST-04, ST-06). Persisted states only; "due today" and "expires in
 * N days" are labels derived from the due date, not states. Anything not in TRANSITIONS is refused.
 */
export const ORDER_STATUSES = [
  'disbursing',
  'payout_failed',
  'repaying',
  'extended',
  'overdue',
  'settled',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent =
  | 'payout_succeeded'
  | 'payout_failed'
  | 'payout_account_fixed'
  | 'payout_reversed'
  | 'due_date_passed'
  | 'extension_paid'
  | 'repaid_in_full'
  | 'cancelled_by_operator';

export const TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  disbursing: {
    payout_succeeded: 'repaying',
    payout_failed: 'payout_failed',
    cancelled_by_operator: 'cancelled',
  },
  // ST-04: the borrower fixes the payout account, then the same order is paid out again
  payout_failed: { payout_account_fixed: 'disbursing', cancelled_by_operator: 'cancelled' },
  // A paid-out transfer the network bounces back: the money never arrived, so the account is fixed and it is paid again.
  repaying: {
    due_date_passed: 'overdue',
    extension_paid: 'extended',
    repaid_in_full: 'settled',
    cancelled_by_operator: 'cancelled',
    payout_reversed: 'payout_failed',
  },
  extended: { due_date_passed: 'overdue', extension_paid: 'extended', repaid_in_full: 'settled' },
  // CO-02: an extension is allowed after the due date too (the overdue charges so far are paid with its fee)
  overdue: { repaid_in_full: 'settled', extension_paid: 'extended' },
  settled: {},
  cancelled: {},
};

export class IllegalTransition extends Error {
  readonly from: OrderStatus;
  readonly event: OrderEvent;
  constructor(from: OrderStatus, event: OrderEvent) {
    super(`order in ${from} cannot take ${event}`);
    this.from = from;
    this.event = event;
  }
}

export function nextStatus(from: OrderStatus, event: OrderEvent): OrderStatus {
  const to = TRANSITIONS[from][event];
  if (!to) throw new IllegalTransition(from, event);
  return to;
}

/** An unpaid order blocks another withdrawal (ST-06). */
export function isOutstanding(status: OrderStatus): boolean {
  return status !== 'settled' && status !== 'cancelled';
}

export type OrderLabel =
  | { key: 'underReview' }
  | { key: 'canWithdraw' }
  | { key: 'rejected' }
  | { key: 'disbursing' }
  | { key: 'payoutFailed' }
  | { key: 'pendingRepayment' }
  | { key: 'dueToday' }
  | { key: 'expiresIn'; days: number }
  | { key: 'overdue'; days: number }
  | { key: 'extended'; days: number }
  | { key: 'settled' }
  | { key: 'cancelled' };

/** The label a borrower sees for an order on a Manila calendar day (dates are YYYY-MM-DD). */
export function orderLabel(status: OrderStatus, dueDate: string, today: string): OrderLabel {
  const daysLeft = daysBetween(today, dueDate);
  switch (status) {
    case 'disbursing':
      return { key: 'disbursing' };
    case 'payout_failed':
      return { key: 'payoutFailed' };
    case 'settled':
      return { key: 'settled' };
    case 'cancelled':
      return { key: 'cancelled' };
    case 'overdue':
      return { key: 'overdue', days: Math.max(1, -daysLeft) };
    case 'extended':
    case 'repaying':
      if (daysLeft < 0) return { key: 'overdue', days: -daysLeft };
      if (daysLeft === 0) return { key: 'dueToday' };
      return status === 'extended'
        ? { key: 'extended', days: daysLeft }
        : { key: 'expiresIn', days: daysLeft };
  }
}

/** ST-01 labels in the three languages (`{days}` is filled in). */
export const ORDER_LABEL_TEXT: Record<Locale, Record<OrderLabel['key'], string>> = {
  'en-US': {
    underReview: 'Under review',
    canWithdraw: 'Can be withdrawn',
    rejected: 'Rejected',
    disbursing: 'Disbursement in progress (arrives within 24 hours)',
    payoutFailed: 'Disbursement failed: please fix your payout account',
    pendingRepayment: 'Pending repayment',
    dueToday: 'Due today',
    expiresIn: 'Expires in {days} days',
    overdue: 'Overdue by {days} days',
    extended: 'Extended: due in {days} days',
    settled: 'All settled',
    cancelled: 'Cancelled',
  },
  fil: {
    underReview: 'Sinusuri',
    canWithdraw: 'Puwede nang i-withdraw',
    rejected: 'Tinanggihan',
    disbursing: 'Ipinapadala ang pera (darating sa loob ng 24 oras)',
    payoutFailed: 'Nabigo ang pagpapadala: ayusin ang iyong payout account',
    pendingRepayment: 'Naghihintay ng bayad',
    dueToday: 'Dapat bayaran ngayon',
    expiresIn: 'Mag-e-expire sa loob ng {days} araw',
    overdue: 'Lampas na ng {days} araw',
    extended: 'Na-extend: dapat bayaran sa loob ng {days} araw',
    settled: 'Bayad na lahat',
    cancelled: 'Kinansela',
  },
  'zh-CN': {
    underReview: '审核中',
    canWithdraw: '可提现',
    rejected: '已拒绝',
    disbursing: '放款中（24 小时内到账）',
    payoutFailed: '放款失败：请修改收款账户',
    pendingRepayment: '待还款',
    dueToday: '今日到期',
    expiresIn: '{days} 天后到期',
    overdue: '已逾期 {days} 天',
    extended: '已展期：{days} 天后到期',
    settled: '已结清',
    cancelled: '已取消',
  },
};

/** The singular forms ("1 day"): a count of one reads naturally in every language. */
export const ORDER_LABEL_TEXT_ONE: Record<Locale, Partial<Record<OrderLabel['key'], string>>> = {
  'en-US': { expiresIn: 'Expires in 1 day', overdue: 'Overdue by 1 day', extended: 'Extended: due in 1 day' },
  fil: {
    expiresIn: 'Mag-e-expire bukas',
    overdue: 'Lampas na ng 1 araw',
    extended: 'Na-extend: dapat bayaran bukas',
  },
  'zh-CN': { expiresIn: '1 天后到期', overdue: '已逾期 1 天', extended: '已展期：1 天后到期' },
};

export function orderLabelText(label: OrderLabel, locale: Locale): string {
  const one = 'days' in label && label.days === 1 ? ORDER_LABEL_TEXT_ONE[locale][label.key] : undefined;
  if (one) return one;
  const template = ORDER_LABEL_TEXT[locale][label.key];
  return 'days' in label ? template.replace('{days}', String(label.days)) : template;
}
