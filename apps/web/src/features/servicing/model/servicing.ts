import {
  REPAYMENT_PARTNERS,
  formatPeso,
  isServicing,
  type CollectionChannel,
  type Locale,
  type OrderViewResponse,
  type RepaymentViewResponse,
} from '@pisonow/domain';
import { formatDate as formatCalendarDate, formatManilaTime24 } from '@pisonow/domain/date-format';

/**
 * The borrower's side of loan servicing (issue 7), as pure functions over the domain's contracts:
 * what a bill shows, what a repayment's result means, how dates and times read in each language.
 */

/** The order view with its balance (null before disbursement). */
export type ServicedOrder = OrderViewResponse;
export type Balance = NonNullable<ServicedOrder['balance']>;

/** A centavo string as `₱1,234.50` (CO-01: bigint only). */
export function peso(centavos: string): string {
  if (!/^-?\d+$/.test(centavos)) throw new RangeError(`not a centavo amount: ${centavos}`);
  return formatPeso(BigInt(centavos));
}

/** A loan that can take a repayment or an extension now (paid out, not settled). */
export function isRepayable(order: Pick<ServicedOrder, 'status'>): boolean {
  return isServicing(order.status);
}

/** What to pay now to settle in full (VAL-15): the server's balance, or the booked total before one exists. */
export function amountDue(order: Pick<ServicedOrder, 'balance' | 'totalRepayment'>): string {
  return order.balance?.total ?? order.totalRepayment;
}

export const BALANCE_LINES = ['principal', 'interest', 'fees', 'lateCharge', 'penalty'] as const;
export type BalanceLine = (typeof BALANCE_LINES)[number];

/** Every outstanding component; late charge and penalty only once there are any (or the loan is overdue). */
export function balanceRows(balance: Balance, overdue: boolean): { line: BalanceLine; value: string }[] {
  return BALANCE_LINES.filter((line) => {
    if (line !== 'lateCharge' && line !== 'penalty') return true;
    return overdue || BigInt(balance[line]) !== 0n;
  }).map((line) => ({ line, value: peso(balance[line]) }));
}

/** The tone of a label: for colour only; the words are the server's (ST-01, in the borrower's language). */
export type Tone = 'ok' | 'soon' | 'due' | 'overdue' | 'done' | 'neutral';
export function labelTone(key: string): Tone {
  if (key === 'overdue') return 'overdue';
  if (key === 'dueToday') return 'due';
  if (key === 'expiresIn' || key === 'extended') return 'soon';
  if (key === 'settled') return 'done';
  if (key === 'payoutFailed') return 'overdue';
  return 'neutral';
}

/** A Manila calendar date (YYYY-MM-DD) in the borrower's language ("Dec 7, 2026"); a dash when there is none. */
export function formatDate(isoDate: string | null | undefined, locale: Locale): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return '—';
  return formatCalendarDate(isoDate, locale);
}

/** An instant as Asia/Manila date and 24-hour time in the borrower's language (receipts, expiries). */
export function formatManilaTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '—';
  return formatManilaTime24(iso, locale);
}

/** What the result part of /repaidDetail shows for one repayment. */
export type ResultKind = 'waiting' | 'instructions' | 'success' | 'failed' | 'expired' | 'held' | 'refunded';
export function resultKind(r: Pick<RepaymentViewResponse, 'state' | 'channel'>): ResultKind {
  switch (r.state) {
    case 'paid':
      return 'success';
    case 'held':
      return 'held';
    // money finance is sending back: held money refunded (issue 11), or a payment on a loan undone
    // because its transfer came back (BE-05); said as such, with the receipt of what arrived
    case 'refunded':
      return 'refunded';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    case 'pending':
      // an e-wallet checkout comes back by itself; bank transfer and OTC wait for the borrower to pay
      return r.channel === 'ewallet' ? 'waiting' : 'instructions';
  }
}

/** Poll a pending repayment every 2 s (the provider's callback lands within seconds in sandbox). */
export const REPAYMENT_POLL_MS = 2_000;
export function shouldPoll(r: Pick<RepaymentViewResponse, 'state'> | undefined): boolean {
  return r?.state === 'pending';
}

/** The channels as the Repay sheet groups them, in the order of the contract. */
export function groupChannels<T extends { channel: CollectionChannel }>(
  channels: readonly T[],
): { channel: CollectionChannel; options: T[] }[] {
  const groups: { channel: CollectionChannel; options: T[] }[] = [];
  for (const c of channels) {
    let group = groups.find((g) => g.channel === c.channel);
    if (!group) {
      group = { channel: c.channel, options: [] };
      groups.push(group);
    }
    group.options.push(c);
  }
  return groups;
}

/** The idempotency fingerprint of one repay action (SH-13): a retry of the same choice replays, a new choice is a new action. */
export function repayFingerprint(
  orderId: string,
  body: { purpose: string; channel: string; providerCode: string; expectedAmount: string },
): string {
  return [orderId, body.purpose, body.channel, body.providerCode, body.expectedAmount].join('|');
}

/** Numbers read aloud and typed at a counter come in groups of four; a code with letters or dashes stays as issued. */
export function groupDigits(code: string): string {
  const compact = code.replace(/\s+/g, '');
  return /^\d+$/.test(compact) ? compact.replace(/(\d{4})(?=\d)/g, '$1 ') : code;
}

/** ST-02: the records of the last 3 months, newest first (the server already limits; this keeps the order stable). */
export function sortRecords<T extends { createdAt: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** A collection partner's display name (GCash, 7-Eleven…); the code itself when unknown. */
export function partnerName(providerCode: string): string {
  return REPAYMENT_PARTNERS.find((p) => p.providerCode === providerCode)?.name ?? providerCode;
}

/** The amount as typed into a bank app: `2042.00` (no symbol, no separators; bigint only). */
export function plainAmount(centavos: string): string {
  const v = BigInt(centavos);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
