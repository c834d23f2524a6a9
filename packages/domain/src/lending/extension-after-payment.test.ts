import { describe, expect, it } from 'vitest';
import { addDays } from '../time.ts';
import { outstandingOf, totalOf, balance, extensionsInForce } from './loan-account.ts';
import { creditStandingAsOf } from './credit-report.ts';
import { dueDatesThatFell } from './portfolio.ts';
import {
  amountDueOn,
  applyOrderEvent,
  cashPaidOn,
  costSoFar,
  extensionQuote,
  type Loan,
  type LoanOutcome,
  type LoanTerms,
} from './loan-lifecycle.ts';
import type { LedgerEntry } from './ledger.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { priceLoan } from './pricing.ts';
import { persistedOutcome } from './persisted-outcome.ts';

/**
 * Issue 7 review: a full payment made at T1 whose webhook arrives after an extension paid at T2 > T1
 * (another channel). As of T1 the loan was settled: the extension bought nothing, so it is reversed
 * (its fee out of income, the due date restored, its money held for a refund) and the payment
 * settles the loan as of T1 (BE-10).
 */
const TERMS: LoanTerms = { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 };
const DAY0 = '2026-12-01';
/** 10:00 in Manila on a Manila date */
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour - 8).padStart(2, '0')}:00:00Z`);

interface World {
  loan: Loan;
  ledger: LedgerEntry[];
  extensions: { reference: string; paidAt: Date }[];
}

function disbursed(): World {
  const quote = priceLoan(DEFAULT_PRODUCT, { principal: 200_000n, termDays: 14 });
  const pending: Loan = {
    id: 'loan-1',
    status: 'disbursing',
    quote,
    terms: TERMS,
    disbursedOn: null,
    dueDate: null,
    transactions: [],
  };
  const w: World = { loan: pending, ledger: [], extensions: [] };
  post(w, applyOrderEvent(pending, { type: 'payout_succeeded', payoutId: 'p1', at: at(DAY0) }));
  return w;
}

function post(w: World, out: LoanOutcome): LoanOutcome {
  for (const t of out.transactions) w.ledger.push(...t.entries);
  if (out.held) w.ledger.push(...out.held.entries);
  w.loan = persistedOutcome(w.loan, out);
  return out;
}

const days = (w: World, from: string, to: string) => {
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1))
    post(w, applyOrderEvent(w.loan, { type: 'day_passed', today: d }));
};

function extend(w: World, day: string, reference: string): bigint {
  const q = extensionQuote(w.loan, day);
  const out = post(
    w,
    applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'extension',
      amount: q.amount,
      paidAt: at(day),
      reference,
      extendsDueDate: w.loan.dueDate!,
    }),
  );
  expect(out.status).toBe('extended');
  w.extensions.push({ reference, paidAt: at(day) });
  return q.amount;
}

const account = (w: World, name: string) =>
  w.ledger.filter((e) => e.account === name).reduce((s, e) => s + e.amount, 0n);

function expectBooksBalanced(w: World) {
  expect(w.ledger.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
  const owed = outstandingOf(w.loan.transactions);
  expect(account(w, 'principal_receivable')).toBe(owed.principal);
  expect(account(w, 'interest_receivable')).toBe(owed.interest);
  expect(account(w, 'fee_receivable')).toBe(owed.fees);
  expect(account(w, 'penalty_receivable')).toBe(owed.lateCharge + owed.penalty);
}

/** the fee income the disbursement booked (service and credit reporting fees) */
const upFrontFeeIncome = (loan: Loan) =>
  loan.quote.serviceFee + loan.quote.coupon + loan.quote.creditReportingFee;

describe('CO-02 BE-10 a full payment paid before an extension, reported after it', () => {
  it('CO-02 BE-10 BE-05 before the due date: the extension is reversed, its fee held, the loan settled as of the payment', () => {
    const w = disbursed();
    const due = w.loan.dueDate!; // 2026-12-15
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    expect(owedAtT1).toBe(204_200n);
    const fee = extend(w, '2026-12-11', 'x1');
    expect(w.loan.dueDate).toBe('2026-12-23');
    const feeIncomeBefore = account(w, 'fee_income');

    const out = post(
      w,
      applyOrderEvent(w.loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: owedAtT1,
        paidAt: at('2026-12-10'),
        reference: 'c1',
        extensionsPaid: w.extensions,
      }),
    );
    expect(out.status).toBe('settled');
    expect(out.held).toBeNull();
    expect(out.changes).toMatchObject({ status: 'settled', dueDate: due });
    expect(out.reversedExtensions).toEqual([{ reference: 'x1', amount: fee }]);
    // the fee taken back, the extension's payment returned to held money, then the repayment
    expect(out.transactions.map((t) => [t.type, t.key])).toEqual([
      ['reversal', 'extension-reversed:x1:fee'],
      ['repayment', 'extension-reversed:x1:payment'],
      ['repayment', 'payment:c1'],
    ]);
    expect(w.loan).toMatchObject({ status: 'settled', dueDate: due });
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    expectBooksBalanced(w);
    // the fee is no longer income; the extension's money is held for finance to refund
    expect(account(w, 'fee_income') - feeIncomeBefore).toBe(fee);
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan));
    expect(account(w, 'suspense')).toBe(-fee);
    expect(account(w, 'cash_at_provider')).toBe(-w.loan.quote.netProceeds + owedAtT1 + fee);
    // what the borrower paid on the loan is the full payment alone; nothing the extension cost counts
    expect(cashPaidOn(w.loan)).toBe(owedAtT1);
    expect(costSoFar(w.loan)).toBe(w.loan.quote.financeCharge);
    // the bill, the books and the credit bureau see no extension in force, and the first due date
    expect(extensionsInForce(w.loan.transactions)).toHaveLength(0);
    const facts = { disbursedOn: DAY0, termDays: 14, principal: 200_000n, transactions: w.loan.transactions };
    expect(dueDatesThatFell({ ...facts, id: w.loan.id })).toEqual([due]);
    expect(creditStandingAsOf(facts, '2026-12-31')).toMatchObject({
      status: 'closed',
      dueDate: due,
      totalOutstanding: 0n,
      lastPaymentAmount: owedAtT1,
    });
    // the same webhook again: the loan is settled, the money would be held, never applied twice
    const again = applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: owedAtT1,
      paidAt: at('2026-12-10'),
      reference: 'c1',
      extensionsPaid: w.extensions,
    });
    expect(again).toMatchObject({ status: 'settled', transactions: [], held: { reason: 'already_settled' } });
  });

  it('CO-02 BE-10 overdue at T1: charges after T1 (before and after the extended due date) are taken back', () => {
    const w = disbursed();
    const due = w.loan.dueDate!; // 2026-12-15
    days(w, due, '2026-12-18'); // 3 days of penalty
    const owedAtT1 = amountDueOn(w.loan, '2026-12-16');
    expect(owedAtT1).toBe(204_200n + 306n); // 1 day of 0.15%
    const paidForExtension = extend(w, '2026-12-18', 'x1'); // the fee and the 3 days' charges
    expect(paidForExtension).toBe(2_000n + 918n);
    expect(w.loan.dueDate).toBe('2026-12-26');
    days(w, '2026-12-18', '2026-12-29'); // the extended loan falls overdue too: 3 more days charged
    expect(outstandingOf(w.loan.transactions).penalty).toBeGreaterThan(0n);

    const out = post(
      w,
      applyOrderEvent(w.loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: owedAtT1,
        paidAt: at('2026-12-16'),
        reference: 'c1',
        extensionsPaid: w.extensions,
      }),
    );
    expect(out).toMatchObject({ status: 'settled', held: null, changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([{ reference: 'x1', amount: paidForExtension }]);
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    expectBooksBalanced(w);
    // income: the up-front fees and one day of penalty, as if the extension had never been paid
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan));
    expect(-account(w, 'penalty_income')).toBe(306n);
    expect(costSoFar(w.loan)).toBe(w.loan.quote.financeCharge + 306n);
    expect(account(w, 'suspense')).toBe(-paidForExtension);
  });

  it('CO-02 BE-10 two extensions after the payment: both reversed, the first due date restored', () => {
    const w = disbursed();
    const due = w.loan.dueDate!;
    const owedAtT1 = amountDueOn(w.loan, '2026-12-09');
    const first = extend(w, '2026-12-10', 'x1');
    const second = extend(w, '2026-12-12', 'x2');
    expect(w.loan.dueDate).toBe('2026-12-31');
    const out = post(
      w,
      applyOrderEvent(w.loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: owedAtT1,
        paidAt: at('2026-12-09'),
        reference: 'c1',
        extensionsPaid: w.extensions,
      }),
    );
    expect(out).toMatchObject({ status: 'settled', changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([
      { reference: 'x1', amount: first },
      { reference: 'x2', amount: second },
    ]);
    expectBooksBalanced(w);
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan));
    expect(account(w, 'suspense')).toBe(-(first + second));
  });

  it('CO-02 BE-10 only the extensions paid after the payment are reversed; one paid before it stays', () => {
    const w = disbursed();
    const kept = extend(w, '2026-12-05', 'x0'); // due 12-23
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    const later = extend(w, '2026-12-11', 'x1'); // due 12-31
    const out = post(
      w,
      applyOrderEvent(w.loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: owedAtT1,
        paidAt: at('2026-12-10'),
        reference: 'c1',
        extensionsPaid: w.extensions,
      }),
    );
    expect(out).toMatchObject({ status: 'settled', changes: { dueDate: '2026-12-23' } });
    expect(out.reversedExtensions).toEqual([{ reference: 'x1', amount: later }]);
    expectBooksBalanced(w);
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan) + kept);
    expect(extensionsInForce(w.loan.transactions)).toHaveLength(1);
    expect(account(w, 'suspense')).toBe(-later);
  });

  it('CO-02 BE-10 the same day: an extension paid minutes after the payment is reversed too (the instants count)', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    const fee = extend(w, '2026-12-10', 'x1'); // 10:00
    const out = applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: owedAtT1,
      paidAt: at('2026-12-10', 9),
      reference: 'c1',
      extensionsPaid: w.extensions,
    });
    expect(out.status).toBe('settled');
    expect(out.reversedExtensions).toEqual([{ reference: 'x1', amount: fee }]);
  });

  it('CO-02 BE-10 an amount that does not settle the loan as of its paid-at keeps today\u2019s rules (held); nothing reversed', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    extend(w, '2026-12-11', 'x1');
    const out = applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: owedAtT1 - 1n,
      paidAt: at('2026-12-10'),
      reference: 'c1',
      extensionsPaid: w.extensions,
    });
    expect(out).toMatchObject({ status: 'extended', transactions: [], held: { reason: 'amount_mismatch' } });
    expect(out.reversedExtensions ?? []).toEqual([]);
  });

  it('CO-02 BE-10 a payment after the extension is not a reason to reverse it (paid-at after the extension)', () => {
    const w = disbursed();
    extend(w, '2026-12-10', 'x1');
    const owed = amountDueOn(w.loan, '2026-12-11');
    const out = applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: owed,
      paidAt: at('2026-12-11'),
      reference: 'c1',
      extensionsPaid: w.extensions,
    });
    expect(out.status).toBe('settled');
    expect(out.reversedExtensions ?? []).toEqual([]);
    expect(out.transactions.map((t) => t.type)).toEqual(['repayment']);
    expect(out.transactions[0]!.portions).toEqual(balance({ principal: -200_000n, interest: -4_200n }));
  });
});

/** an extension paid partly with a repayment coupon (EN-07): the coupon pays its part, cash the rest */
function extendWithCoupon(w: World, day: string, reference: string, coupon: bigint): bigint {
  const q = extensionQuote(w.loan, day);
  const out = post(
    w,
    applyOrderEvent(w.loan, {
      type: 'payment_received',
      purpose: 'extension',
      amount: q.amount - coupon,
      paidAt: at(day),
      reference,
      extendsDueDate: w.loan.dueDate!,
      coupon: { amount: coupon, reference: `cp-${reference}` },
    }),
  );
  expect(out.status).toBe('extended');
  expect(out.transactions.map((t) => t.type)).toContain('coupon');
  w.extensions.push({ reference, paidAt: at(day) });
  return q.amount - coupon;
}

/** money held in suspense (a payment that could not be applied when it came), then applied by finance */
function extendFromHeldMoney(w: World, day: string, held: string): bigint {
  const q = extensionQuote(w.loan, day);
  w.ledger.push(
    { account: 'cash_at_provider', amount: q.amount },
    { account: 'suspense', amount: -q.amount },
  );
  const out = post(
    w,
    applyOrderEvent(w.loan, {
      type: 'suspense_applied',
      purpose: 'extension',
      amount: q.amount,
      paidAt: at(day),
      reference: `suspense:${held}`,
    }),
  );
  expect(out.status).toBe('extended');
  return q.amount;
}

const fullPayment = (w: World, amount: bigint, day: string, extensionsPaid = w.extensions) =>
  applyOrderEvent(w.loan, {
    type: 'payment_received',
    purpose: 'full',
    amount,
    paidAt: at(day),
    reference: 'c1',
    extensionsPaid,
  });

describe('CO-02 BE-10 BE-05 what else an extension paid after the payment may carry (review of issue 7)', () => {
  it('CO-02 BE-10 case A: an extension paid with a coupon is reversed too: the coupon given back, its expense undone, the cash held', () => {
    const w = disbursed();
    const due = w.loan.dueDate!;
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    expect(owedAtT1).toBe(204_200n); // ₱2,042.00
    const feeIncomeBefore = account(w, 'fee_income');
    const cash = extendWithCoupon(w, '2026-12-11', 'x1', 100n);
    expect(cash).toBe(1_900n); // ₱19.00 and a ₱1.00 coupon
    expect(account(w, 'coupon_expense')).toBe(100n);

    const out = post(w, fullPayment(w, owedAtT1, '2026-12-10'));
    expect(out).toMatchObject({ status: 'settled', held: null, changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([
      { reference: 'x1', amount: cash, coupon: { reference: 'cp-x1', amount: 100n } },
    ]);
    expect(out.transactions.map((t) => [t.type, t.key])).toEqual([
      ['reversal', 'extension-reversed:x1:fee'],
      ['coupon', 'extension-reversed:x1:coupon'],
      ['repayment', 'extension-reversed:x1:payment'],
      ['repayment', 'payment:c1'],
    ]);
    expectBooksBalanced(w);
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    // the fee is no income, the coupon no expense (the borrower has it back), the cash is held
    expect(account(w, 'fee_income')).toBe(feeIncomeBefore);
    expect(account(w, 'coupon_expense')).toBe(0n);
    expect(account(w, 'suspense')).toBe(-cash);
    expect(extensionsInForce(w.loan.transactions)).toHaveLength(0);
    expect(cashPaidOn(w.loan)).toBe(owedAtT1);
  });

  it('CO-02 BE-10 case C: an extension finance applied from held money is reversed when it is listed with the held money\u2019s paid-at; unlisted it holds the payment', () => {
    const w = disbursed();
    const due = w.loan.dueDate!;
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    const feeIncomeBefore = account(w, 'fee_income');
    const paid = extendFromHeldMoney(w, '2026-12-11', 'h1');
    expect(w.loan.dueDate).toBe('2026-12-23');
    // not listed (the extension's paid-at unknown): never settled on the extended loan
    const unlisted = fullPayment(w, owedAtT1, '2026-12-10', []);
    expect(unlisted).toMatchObject({
      status: 'extended',
      transactions: [],
      changes: {},
      held: { reason: 'paid_before_extension', amount: owedAtT1 },
    });
    // listed as the API lists it: the held money's key and paid-at
    const out = post(
      w,
      fullPayment(w, owedAtT1, '2026-12-10', [{ reference: 'suspense:h1', paidAt: at('2026-12-11') }]),
    );
    expect(out).toMatchObject({ status: 'settled', held: null, changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([{ reference: 'suspense:h1', amount: paid }]);
    expectBooksBalanced(w);
    expect(account(w, 'fee_income')).toBe(feeIncomeBefore);
    // back in suspense, for finance to refund
    expect(account(w, 'suspense')).toBe(-paid);
  });

  it('CO-02 BE-10 case D: paid in full after the due date, an extension with a coupon the next day: settled as of the payment, not held', () => {
    const w = disbursed();
    const due = w.loan.dueDate!; // 2026-12-15
    days(w, due, '2026-12-18');
    const owedAtT1 = amountDueOn(w.loan, '2026-12-17');
    const cash = extendWithCoupon(w, '2026-12-18', 'x1', 100n);
    expect(w.loan.dueDate).toBe('2026-12-26');
    days(w, '2026-12-18', '2026-12-20');
    const out = post(w, fullPayment(w, owedAtT1, '2026-12-17'));
    expect(out).toMatchObject({ status: 'settled', held: null, changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([
      { reference: 'x1', amount: cash, coupon: { reference: 'cp-x1', amount: 100n } },
    ]);
    expectBooksBalanced(w);
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    expect(account(w, 'coupon_expense')).toBe(0n);
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan));
    // two days' penalty (12-16 and 12-17), as if the extension had never been paid
    expect(-account(w, 'penalty_income')).toBe(2n * 306n);
    expect(account(w, 'suspense')).toBe(-cash);
  });

  it('CO-02 BE-10 BE-05 a partial payment between the extension and now: the reversal cannot be built, so the payment is held (paid_before_extension), the loan left as it is', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    extend(w, '2026-12-11', 'x1');
    // finance applies other held money as a partial payment
    w.ledger.push(
      { account: 'cash_at_provider', amount: 50_000n },
      { account: 'suspense', amount: -50_000n },
    );
    post(
      w,
      applyOrderEvent(w.loan, {
        type: 'suspense_applied',
        purpose: 'partial',
        amount: 50_000n,
        paidAt: at('2026-12-12'),
        reference: 'suspense:h2',
      }),
    );
    const before = w.loan;
    const out = post(w, fullPayment(w, owedAtT1, '2026-12-10'));
    expect(out).toMatchObject({
      status: 'extended',
      transition: null,
      changes: {},
      transactions: [],
      held: { reason: 'paid_before_extension', amount: owedAtT1 },
    });
    expect(out.reversedExtensions ?? []).toEqual([]);
    expect(w.loan.dueDate).toBe(before.dueDate);
    expectBooksBalanced(w);
    expect(account(w, 'suspense')).toBe(-owedAtT1);
  });

  it('BE-13 the credit file closes the loan on the day the payment settled it, not on the reversed extension\u2019s day', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    extend(w, '2026-12-12', 'x1');
    post(w, fullPayment(w, owedAtT1, '2026-12-10'));
    const facts = { disbursedOn: DAY0, termDays: 14, principal: 200_000n, transactions: w.loan.transactions };
    expect(creditStandingAsOf(facts, '2026-12-31')).toMatchObject({
      status: 'closed',
      lastPaymentOn: '2026-12-10',
      closedOn: '2026-12-10',
    });
    // as of a day between them the file already says closed, on the payment's day
    expect(creditStandingAsOf(facts, '2026-12-11')).toMatchObject({
      status: 'closed',
      closedOn: '2026-12-10',
    });
  });
});

/** money held in suspense (the ledger's side of a held payment), for finance's Apply below */
function holdMoney(w: World, amount: bigint) {
  w.ledger.push({ account: 'cash_at_provider', amount }, { account: 'suspense', amount: -amount });
}

const applyHeld = (
  w: World,
  purpose: 'full' | 'partial',
  amount: bigint,
  paidDay: string,
  appliedDay: string,
  reference = 'suspense:c1',
) =>
  applyOrderEvent(w.loan, {
    type: 'suspense_applied',
    purpose,
    amount,
    paidAt: at(paidDay),
    reference,
    extensionsPaid: w.extensions,
    appliedAt: at(appliedDay, 15),
  });

describe('CO-02 BE-10 BE-05 finance applies a full payment made before an extension (review: it could only be refunded)', () => {
  it('CO-02 BE-10 BE-05 (a) money paid at T1, held, applied as full after a later extension: given the extensions paid, Apply reverses them as the webhook would', () => {
    const w = disbursed();
    const due = w.loan.dueDate!;
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    const feeIncomeBefore = account(w, 'fee_income');
    // money naming no borrower, paid at T1 and held; assigned to this loan after the extension
    holdMoney(w, owedAtT1);
    const fee = extend(w, '2026-12-11', 'x1');
    expect(w.loan.dueDate).toBe('2026-12-23');

    const out = post(w, applyHeld(w, 'full', owedAtT1, '2026-12-10', '2026-12-13', 'suspense:u1'));
    expect(out).toMatchObject({ status: 'settled', held: null, changes: { dueDate: due } });
    expect(out.reversedExtensions).toEqual([{ reference: 'x1', amount: fee }]);
    expect(out.leftHeld ?? 0n).toBe(0n);
    expect(out.transactions.map((t) => [t.type, t.key, t.businessDate])).toEqual([
      ['reversal', 'extension-reversed:x1:fee', '2026-12-11'],
      ['repayment', 'extension-reversed:x1:payment', '2026-12-11'],
      ['repayment', 'payment:suspense:u1', '2026-12-10'],
    ]);
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    expectBooksBalanced(w);
    // the held money left suspense; the extension's money went in, for finance to refund
    expect(account(w, 'suspense')).toBe(-fee);
    expect(account(w, 'fee_income')).toBe(feeIncomeBefore);
    expect(account(w, 'cash_at_provider')).toBe(-w.loan.quote.netProceeds + owedAtT1 + fee);
  });

  it('CO-02 BE-10 BE-05 (b) a payment between: Apply as full settles the loan as it stands on the day finance applies it, pays exactly that and leaves the rest held; the extension fee stays income', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    const fee = extend(w, '2026-12-11', 'x1');
    // finance applies other held money as a partial payment on day 3
    holdMoney(w, 50_000n);
    post(w, applyHeld(w, 'partial', 50_000n, '2026-12-12', '2026-12-12', 'suspense:h2'));
    // the day-1 webhook on day 4: held, the reversal cannot be built
    const webhook = post(w, fullPayment(w, owedAtT1, '2026-12-10'));
    expect(webhook.held).toMatchObject({ reason: 'paid_before_extension', amount: owedAtT1 });
    const feeIncomeExtended = account(w, 'fee_income');
    const owedNow = amountDueOn(w.loan, '2026-12-14');
    expect(owedNow).toBe(owedAtT1 - 50_000n);
    const held = w.loan;

    const out = post(w, applyHeld(w, 'full', owedAtT1, '2026-12-10', '2026-12-14'));
    expect(out).toMatchObject({ status: 'settled', held: null, transition: 'repaid_in_full' });
    expect(out.changes.dueDate).toBeUndefined(); // the extended due date stays
    expect(out.reversedExtensions ?? []).toEqual([]);
    expect(out.leftHeld).toBe(50_000n);
    expect(out.transactions.map((t) => [t.type, t.key, t.businessDate, t.cash])).toEqual([
      ['repayment', 'payment:suspense:c1', '2026-12-14', owedNow],
    ]);
    expect(totalOf(outstandingOf(w.loan.transactions))).toBe(0n);
    expectBooksBalanced(w);
    // the rest stays in suspense for a refund; the extension stands and its fee stays income
    expect(account(w, 'suspense')).toBe(-50_000n);
    expect(account(w, 'fee_income')).toBe(feeIncomeExtended);
    expect(-account(w, 'fee_income')).toBe(upFrontFeeIncome(w.loan) + fee);
    expect(extensionsInForce(w.loan.transactions)).toHaveLength(1);
    // Apply as partial of money that covers what is owed today is refused (Apply as full is the way)
    expect(() => applyHeld({ ...w, loan: held }, 'partial', owedAtT1, '2026-12-10', '2026-12-14')).toThrow(
      'SUSPENSE_CANNOT_APPLY',
    );
  });

  it('CO-02 BE-10 BE-05 (b) when the held money no longer covers what is owed (charges since), Apply as partial pays it down as of the day finance applies it', () => {
    const w = disbursed();
    const owedAtT1 = amountDueOn(w.loan, '2026-12-10');
    extend(w, '2026-12-11', 'x1'); // due 2026-12-23
    holdMoney(w, 500n);
    post(w, applyHeld(w, 'partial', 500n, '2026-12-12', '2026-12-12', 'suspense:h2'));
    post(w, fullPayment(w, owedAtT1, '2026-12-10')); // held: paid_before_extension
    days(w, '2026-12-13', '2026-12-30'); // the extended loan falls overdue, penalty runs
    expect(w.loan.status).toBe('overdue');
    const owedNow = amountDueOn(w.loan, '2026-12-30');
    expect(owedNow).toBeGreaterThan(owedAtT1);

    expect(() => applyHeld(w, 'full', owedAtT1, '2026-12-10', '2026-12-30')).toThrow('SUSPENSE_CANNOT_APPLY');
    const out = post(w, applyHeld(w, 'partial', owedAtT1, '2026-12-10', '2026-12-30'));
    expect(out).toMatchObject({ status: 'overdue', transition: null, held: null });
    const repayment = out.transactions.find((t) => t.key === 'payment:suspense:c1')!;
    expect(repayment).toMatchObject({ businessDate: '2026-12-30', cash: owedAtT1 });
    expect(amountDueOn(w.loan, '2026-12-30')).toBe(owedNow - owedAtT1);
    expectBooksBalanced(w);
    expect(account(w, 'suspense')).toBe(0n);
  });
});
