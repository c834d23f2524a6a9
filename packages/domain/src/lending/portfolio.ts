import type { LedgerMovement } from './books.ts';
import type { Centavos } from '../money.ts';
import { addDays } from '../time.ts';
import { creditStandingAsOf, monthEnd, type CreditFacts } from './credit-report.ts';
import { extensionsInForce, outstandingOf, totalOf } from './loan-account.ts';

/**
 * Portfolio reports (BE-15), read-only: every figure is computed from the loans' typed histories
 * (loan_transactions, by business date) as of a day, the same history the ledger postings come
 * from, so the portfolio's outstanding principal reconciles with the ledger's principal receivable.
 */

/** A days-past-due band: `minDays` to `maxDays` inclusive; `maxDays` null is open-ended. */
export interface DelinquencyBucket {
  id: string;
  minDays: number;
  maxDays: number | null;
}

/**
 * THE delinquency buckets (BE-15), in order from best to worst. The one list: the day job, the
 * reports and the console all take it from here (or a configured list of the same shape).
 */
export const DEFAULT_DELINQUENCY_BUCKETS: readonly DelinquencyBucket[] = Object.freeze([
  { id: 'current', minDays: 0, maxDays: 0 },
  { id: '1-30', minDays: 1, maxDays: 30 },
  { id: '31-60', minDays: 31, maxDays: 60 },
  { id: '61-90', minDays: 61, maxDays: 90 },
  { id: '90+', minDays: 91, maxDays: null },
]);

/** A configured list must start at 0, leave no gap and no overlap, and end open-ended. */
export function validateBuckets(buckets: readonly DelinquencyBucket[]): string[] {
  const problems: string[] = [];
  if (buckets.length === 0) return ['no buckets'];
  if (buckets[0]!.minDays !== 0) problems.push('the first bucket must start at 0 days');
  buckets.forEach((b, i) => {
    if (b.maxDays !== null && b.maxDays < b.minDays) problems.push(`${b.id}: maxDays below minDays`);
    const next = buckets[i + 1];
    if (next && (b.maxDays === null || next.minDays !== b.maxDays + 1))
      problems.push(`${b.id} → ${next.id}: gap or overlap`);
  });
  if (buckets.at(-1)!.maxDays !== null) problems.push('the last bucket must be open-ended');
  if (new Set(buckets.map((b) => b.id)).size !== buckets.length) problems.push('duplicate bucket ids');
  return problems;
}

/**
 * A bucket list as configured (DELINQUENCY_BUCKETS): `id:min-max` separated by commas, the last one
 * open-ended (`90+:91-`). Throws a RangeError naming every problem, so the server refuses to start
 * on a list with a gap, an overlap or no open end.
 */
export function parseDelinquencyBuckets(text: string): DelinquencyBucket[] {
  const buckets = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): DelinquencyBucket => {
      const match = /^([\w+-]{1,20}):(\d{1,4})-(\d{1,4})?$/.exec(part);
      if (!match) throw new RangeError(`"${part}" is not id:min-max (max empty for the open-ended last one)`);
      return {
        id: match[1]!,
        minDays: Number(match[2]),
        maxDays: match[3] === undefined ? null : Number(match[3]),
      };
    });
  const problems = validateBuckets(buckets);
  if (problems.length) throw new RangeError(problems.join('; '));
  return buckets;
}

/** The default list in the configuration's notation (the README and .env.example show it). */
export const DEFAULT_DELINQUENCY_BUCKETS_TEXT = DEFAULT_DELINQUENCY_BUCKETS.map(
  (b) => `${b.id}:${b.minDays}-${b.maxDays ?? ''}`,
).join(',');

/** The bucket a number of days past due falls in. */
export function bucketOf(
  daysPastDue: number,
  buckets: readonly DelinquencyBucket[] = DEFAULT_DELINQUENCY_BUCKETS,
): DelinquencyBucket {
  const days = Math.max(0, Math.floor(daysPastDue));
  const found = buckets.find((b) => days >= b.minDays && (b.maxDays === null || days <= b.maxDays));
  if (!found) throw new RangeError(`no delinquency bucket holds ${days} days`);
  return found;
}

/** A loan as the portfolio reports read it: its id and what creditStandingAsOf needs. */
export interface PortfolioLoan extends CreditFacts {
  id: string;
}

/** An open loan's position at the end of a day. */
export interface LoanPosition {
  id: string;
  daysPastDue: number;
  bucket: string;
  principalOutstanding: Centavos;
  totalOutstanding: Centavos;
}

/** Open loans (something still owed) at the end of `asOf`. */
export function positionsAsOf(
  loans: readonly PortfolioLoan[],
  asOf: string,
  buckets: readonly DelinquencyBucket[] = DEFAULT_DELINQUENCY_BUCKETS,
): LoanPosition[] {
  const out: LoanPosition[] = [];
  for (const loan of loans) {
    const s = creditStandingAsOf(loan, asOf);
    if (!s || s.totalOutstanding <= 0n) continue;
    out.push({
      id: loan.id,
      daysPastDue: s.daysPastDue,
      bucket: bucketOf(s.daysPastDue, buckets).id,
      principalOutstanding: s.principalOutstanding,
      totalOutstanding: s.totalOutstanding,
    });
  }
  return out;
}

/** a ÷ b as a number between 0 and 1 (0 when b is 0). */
export function ratio(a: Centavos, b: Centavos): number {
  if (b <= 0n) return 0;
  // six decimals, computed in bigint so large portfolios lose no precision before the division
  return Number((a * 1_000_000n) / b) / 1_000_000;
}

export interface AgingRow {
  bucket: string;
  minDays: number;
  maxDays: number | null;
  loans: number;
  principal: Centavos;
  /** share of the total outstanding principal */
  share: number;
}

export const PAR_THRESHOLDS = [1, 7, 30] as const;

export interface PortfolioReport {
  asOf: string;
  loans: number;
  principalOutstanding: Centavos;
  totalOutstanding: Centavos;
  aging: AgingRow[];
  /** portfolio at risk: outstanding principal of loans ≥ N days past due ÷ all outstanding principal */
  par: { days: number; principal: Centavos; ratio: number }[];
}

export function portfolioReport(
  loans: readonly PortfolioLoan[],
  asOf: string,
  buckets: readonly DelinquencyBucket[] = DEFAULT_DELINQUENCY_BUCKETS,
): PortfolioReport {
  const positions = positionsAsOf(loans, asOf, buckets);
  const principal = positions.reduce((s, p) => s + p.principalOutstanding, 0n);
  const total = positions.reduce((s, p) => s + p.totalOutstanding, 0n);
  const aging = buckets.map((b): AgingRow => {
    const mine = positions.filter((p) => p.bucket === b.id);
    const sum = mine.reduce((s, p) => s + p.principalOutstanding, 0n);
    return {
      bucket: b.id,
      minDays: b.minDays,
      maxDays: b.maxDays,
      loans: mine.length,
      principal: sum,
      share: ratio(sum, principal),
    };
  });
  const par = PAR_THRESHOLDS.map((days) => {
    const atRisk = positions
      .filter((p) => p.daysPastDue >= days)
      .reduce((s, p) => s + p.principalOutstanding, 0n);
    return { days, principal: atRisk, ratio: ratio(atRisk, principal) };
  });
  return {
    asOf,
    loans: positions.length,
    principalOutstanding: principal,
    totalOutstanding: total,
    aging,
    par,
  };
}

export interface RollRate {
  from: string;
  to: string;
  /** outstanding principal in `from` at the earlier date */
  principalFrom: Centavos;
  /** the part of those loans' principal that sits in `to` at the later date */
  principalRolled: Centavos;
  rate: number;
}

/**
 * Roll rates between two days (BE-15; month-ends in the monthly report): for each bucket but the
 * last, the share of its outstanding principal at `from` that is in the next worse bucket at `to`
 * (the principal counted as it stands at `to`).
 */
export function rollRates(
  loans: readonly PortfolioLoan[],
  from: string,
  to: string,
  buckets: readonly DelinquencyBucket[] = DEFAULT_DELINQUENCY_BUCKETS,
): RollRate[] {
  const before = new Map(positionsAsOf(loans, from, buckets).map((p) => [p.id, p]));
  const after = new Map(positionsAsOf(loans, to, buckets).map((p) => [p.id, p]));
  return buckets.slice(0, -1).map((b, i) => {
    const next = buckets[i + 1]!;
    let principalFrom = 0n;
    let principalRolled = 0n;
    for (const p of before.values()) {
      if (p.bucket !== b.id) continue;
      principalFrom += p.principalOutstanding;
      const later = after.get(p.id);
      if (later && later.bucket === next.id) principalRolled += later.principalOutstanding;
    }
    return {
      from: b.id,
      to: next.id,
      principalFrom,
      principalRolled,
      rate: ratio(principalRolled, principalFrom),
    };
  });
}

/**
 * The due dates a loan had, each with whether it actually fell due: a due date moved by an
 * extension paid before it never fell due; one extended on or after the day did.
 */
export function dueDatesThatFell(loan: PortfolioLoan): string[] {
  if (!loan.disbursedOn) return [];
  let due = addDays(loan.disbursedOn, loan.termDays);
  const fell: string[] = [];
  // an extension reversed (paid after the loan was settled, CO-02) never moved the due date
  for (const t of extensionsInForce(loan.transactions)) {
    if (t.businessDate >= due) fell.push(due);
    due = addDays(due, t.days ?? 0);
  }
  fell.push(due);
  return fell;
}

export interface CollectionEfficiency {
  month: string;
  /** what fell due in the month: owed on each due date in the month, counting what was paid toward it earlier in the month */
  fellDue: Centavos;
  /** cash received in the month on the loans that fell due in it */
  collected: Centavos;
  /** collected ÷ fellDue; null when nothing fell due */
  efficiency: number | null;
  /**
   * every repayment received in the month, arrears of earlier months included, less what was
   * refunded in the month on loans undone because their transfer came back (BE-05)
   */
  collectedAll: Centavos;
}

/**
 * The cash each transaction brought in, by its business date: a repayment's. A loan undone after
 * its transfer came back (BE-05: a reversal of the proceeds with payments before it) gives back
 * what had been paid since its payout, on the day it is undone: refunds are not collections, and a
 * month already reported keeps what it collected.
 */
function cashIn(loan: PortfolioLoan): { businessDate: string; cash: Centavos }[] {
  const flows: { businessDate: string; cash: Centavos }[] = [];
  let paidSincePayout = 0n;
  for (const t of loan.transactions) {
    if (t.type === 'disbursement') paidSincePayout = 0n;
    if (t.type === 'repayment') {
      paidSincePayout += t.cash;
      flows.push({ businessDate: t.businessDate, cash: t.cash });
    }
    if (t.type === 'reversal' && t.cash < 0n && paidSincePayout > 0n) {
      flows.push({ businessDate: t.businessDate, cash: -paidSincePayout });
      paidSincePayout = 0n;
    }
  }
  return flows;
}

/**
 * Collection efficiency for a month (BE-15): cash collected ÷ the amount that fell due. A loan's
 * due date D in the month (one in force on the day: not moved away beforehand by an extension)
 * contributes what was owed at the start of D plus what had been paid toward it in the month
 * before D (from the month's start, or from the previous due date in the month); a loan
 * cancelled or repaid before the month contributes nothing.
 */
export function collectionEfficiency(loans: readonly PortfolioLoan[], month: string): CollectionEfficiency {
  const start = `${month}-01`;
  const end = monthEnd(month);
  let fellDue = 0n;
  let collected = 0n;
  let collectedAll = 0n;
  for (const loan of loans) {
    const inMonth = (d: string) => d >= start && d <= end;
    const flows = cashIn(loan);
    const collectedIn = flows.filter((f) => inMonth(f.businessDate)).reduce((s, f) => s + f.cash, 0n);
    collectedAll += collectedIn;
    const dues = dueDatesThatFell(loan).filter(inMonth);
    if (dues.length === 0) continue;
    let windowStart = start;
    for (const d of dues) {
      const owed = totalOf(outstandingOf(loan.transactions.filter((t) => t.businessDate < d)));
      const paidBefore = flows
        .filter((f) => f.businessDate >= windowStart && f.businessDate < d)
        .reduce((s, f) => s + f.cash, 0n);
      fellDue += (owed > 0n ? owed : 0n) + paidBefore;
      windowStart = d;
    }
    collected += collectedIn;
  }
  return {
    month,
    fellDue,
    collected,
    efficiency: fellDue > 0n ? ratio(collected, fellDue) : null,
    collectedAll,
  };
}

export interface WriteOffsAndRecoveries {
  writtenOff: Centavos;
  writtenOffLoans: number;
  recovered: Centavos;
}

/**
 * The month's write-offs and recoveries from the ledger (BE-15): a write-off posts the loan's book
 * value to `credit_loss_expense` (against the allowance; the borrower still owes it), and money
 * collected on a written-off loan releases the allowance to `recovery_income`. `writtenOffLoans`
 * is the number of loans written off in the month (the caller counts its write-off records).
 */
export function writeOffsAndRecoveries(
  movements: readonly LedgerMovement[],
  month: string,
  writtenOffLoans: number,
): WriteOffsAndRecoveries {
  const start = `${month}-01`;
  const end = monthEnd(month);
  let writtenOff = 0n;
  let recovered = 0n;
  for (const m of movements) {
    if (m.date < start || m.date > end) continue;
    if (m.account === 'credit_loss_expense') writtenOff += m.amount;
    else if (m.account === 'recovery_income') recovered -= m.amount;
  }
  return { writtenOff, writtenOffLoans, recovered };
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
