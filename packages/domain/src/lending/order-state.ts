import type { Locale } from '../locale.ts';
import { daysBetween } from '../time.ts';
import { translate } from '../catalogue/index.ts';

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

/**
 * The loan is being repaid, before, on or after its due date (an extension included): the states in
 * which it accrues charges, gets reminders, can be repaid, extended or disputed.
 */
export const SERVICING_STATUSES = [
  'repaying',
  'extended',
  'overdue',
] as const satisfies readonly OrderStatus[];

/** The loan is over: nothing is owed or paid out any more (ST-06: a borrower has one order not in these). */
export const CLOSED_STATUSES = ['settled', 'cancelled'] as const satisfies readonly OrderStatus[];

export function isServicing(status: string): boolean {
  return (SERVICING_STATUSES as readonly string[]).includes(status);
}

export type OrderEvent =
  | 'payout_succeeded'
  | 'payout_failed'
  | 'payout_account_fixed'
  | 'payout_reversed'
  | 'due_date_passed'
  | 'extension_paid'
  | 'repaid_in_full'
  | 'cancelled_by_operator'
  /**
   * Finance undoes a loan whose paid-out transfer came back after the borrower had paid something
   * (the automatic payout_reversed could not): it ends cancelled and what was paid is refunded.
   */
  | 'payout_reversal_unwound';

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
    payout_reversal_unwound: 'cancelled',
  },
  extended: {
    due_date_passed: 'overdue',
    extension_paid: 'extended',
    repaid_in_full: 'settled',
    payout_reversal_unwound: 'cancelled',
  },
  // CO-02: an extension is allowed after the due date too (the overdue charges so far are paid with its fee);
  // a transfer can also bounce back after the due date (the loan is undone with its charges)
  overdue: {
    repaid_in_full: 'settled',
    extension_paid: 'extended',
    payout_reversed: 'payout_failed',
    payout_reversal_unwound: 'cancelled',
  },
  // a loan repaid in full whose transfer then came back: the borrower repaid money they never had
  settled: { payout_reversal_unwound: 'cancelled' },
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

/**
 * The ST-01 label's text: the catalogue's `labels:order.*` (issue 10), with the plural form for the
 * count of days. A due date one day away reads as "tomorrow" where the language says so (Filipino
 * "bukas"), which is a different phrase rather than a plural form: `labels:orderTomorrow.*`.
 */
export function orderLabelText(label: OrderLabel, locale: Locale): string {
  if (!('days' in label)) return translate(locale, `labels:order.${label.key}`);
  if (label.days === 1 && label.key !== 'overdue')
    return translate(locale, `labels:orderTomorrow.${label.key}`);
  return translate(locale, `labels:order.${label.key}`, { count: label.days });
}
