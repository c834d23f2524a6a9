import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween, manilaDate } from '../time.ts';
import { overdueChargeCeiling } from './compliance.ts';
import {
  allocateRepayment,
  balance,
  outstandingOf,
  REPAYMENT_ALLOCATION_ORDER,
  totalOf,
} from './loan-account.ts';
import {
  amountDueOn,
  cashPaidOn,
  applyOrderEvent,
  costSoFar,
  dueDate,
  extensionQuote,
  type Loan,
  type LoanTerms,
} from './loan-lifecycle.ts';
import { IllegalTransition } from './order-state.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { priceLoan } from './pricing.ts';
import type { LedgerEntry } from './ledger.ts';
import { statementOfAccount } from './statement.ts';
import { persistedOutcome } from './persisted-outcome.ts';

const TERMS: LoanTerms = { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 };
const DAY0 = '2026-12-01';
/** 10:00 in Manila on a Manila date */
const at = (day: string) => new Date(`${day}T02:00:00Z`);

function disbursed(
  principal = 200_000n,
  termDays = 14,
  terms: LoanTerms = TERMS,
  day: string = DAY0,
): { loan: Loan; ledger: LedgerEntry[][] } {
  const quote = priceLoan(DEFAULT_PRODUCT, { principal, termDays });
  const pending: Loan = {
    id: 'loan-1',
    status: 'disbursing',
    quote,
    terms,
    disbursedOn: null,
    dueDate: null,
    transactions: [],
  };
  const out = applyOrderEvent(pending, { type: 'payout_succeeded', payoutId: 'p1', at: at(day) });
  return { loan: persist(pending, out), ledger: out.transactions.map((t) => t.entries) };
}

const persist = persistedOutcome;

describe('issue 7 allocation (Fineract order: late charge, penalty, fees, interest, principal)', () => {
  it('ST-02 allocates in the documented order and never beyond what is owed', () => {
    const owed = balance({ principal: 10_000n, interest: 500n, fees: 100n, lateCharge: 50n, penalty: 30n });
    expect(REPAYMENT_ALLOCATION_ORDER).toEqual(['lateCharge', 'penalty', 'fees', 'interest', 'principal']);
    expect(allocateRepayment(owed, 120n)).toEqual({
      portions: balance({ lateCharge: -50n, penalty: -30n, fees: -40n }),
      unallocated: 0n,
    });
    expect(allocateRepayment(owed, 20_000n).unallocated).toBe(20_000n - totalOf(owed));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 50_000n }), (amount) => {
        const { portions, unallocated } = allocateRepayment(owed, amount);
        expect(-totalOf(portions) + unallocated).toBe(amount);
        for (const part of REPAYMENT_ALLOCATION_ORDER)
          expect(-portions[part]).toBeLessThanOrEqual(owed[part]);
      }),
    );
  });
});

describe('issue 7 loan life (applyOrderEvent)', () => {
  it('ST-01 the due date is the Manila date of disbursement plus the term (one rule)', () => {
    expect(dueDate(new Date('2026-12-01T15:59:00Z'), 14)).toBe('2026-12-15'); // 23:59 Manila
    expect(dueDate(new Date('2026-12-01T16:00:00Z'), 14)).toBe('2026-12-16'); // 00:00 Manila next day
    expect(disbursed().loan).toMatchObject({ status: 'repaying', disbursedOn: DAY0, dueDate: '2026-12-15' });
  });

  it('BE-05 a payout bounced back after the due date undoes the loan with its charges; once the borrower paid, it is refused', () => {
    let { loan } = disbursed();
    loan = persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: addDays(loan.dueDate!, 3) }));
    expect(loan.status).toBe('overdue');
    const back = applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p1', at: at('2026-12-18') });
    expect(back.status).toBe('payout_failed');
    expect(back.changes).toMatchObject({ disbursedOn: null, dueDate: null });
    const after = persist(loan, back);
    expect(outstandingOf(after.transactions)).toEqual(balance());
    // the posting: the float gets the net proceeds back, every receivable of the loan is cleared
    const [reversal] = back.transactions;
    const by = (account: string) =>
      reversal!.entries.filter((e) => e.account === account).reduce((s, e) => s + e.amount, 0n);
    expect(reversal!.entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    expect(by('cash_at_provider')).toBe(loan.quote.netProceeds);
    expect(by('principal_receivable')).toBe(-200_000n);
    expect(by('penalty_receivable')).toBe(-918n);
    expect(by('penalty_income')).toBe(918n);

    const paid = persist(
      loan,
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: amountDueOn(loan, addDays(loan.dueDate!, 3)),
        paidAt: at(addDays(loan.dueDate!, 3)),
        reference: 'r1',
      }),
    );
    expect(paid.status).toBe('settled');
    // once the borrower has paid, the loan is not undone by itself: the returned money is held
    // (money never throws), the loan untouched
    const heldBack = {
      status: 'settled',
      transactions: [],
      held: { amount: loan.quote.netProceeds, key: 'suspense:payout-reversed:p1' },
    };
    expect(
      applyOrderEvent(paid, { type: 'payout_reversed', payoutId: 'p1', at: at('2026-12-19') }),
    ).toMatchObject(heldBack);
    // nor is a loan written off, or with a charge pause still running
    const reversed = (l: Loan) =>
      applyOrderEvent(l, { type: 'payout_reversed', payoutId: 'p1', at: at('2026-12-18') });
    const heldOverdue = { ...heldBack, status: 'overdue' };
    expect(reversed({ ...loan, writeOff: { amount: 1n, recovered: 0n } })).toMatchObject(heldOverdue);
    expect(reversed({ ...loan, chargePauses: [{ from: '2026-12-17', until: null }] })).toMatchObject(
      heldOverdue,
    );
    expect(reversed({ ...loan, chargePauses: [{ from: '2026-12-10', until: '2026-12-20' }] })).toMatchObject(
      heldOverdue,
    );
    expect(reversed({ ...loan, chargePauses: [{ from: '2026-12-10', until: '2026-12-12' }] })).toMatchObject({
      status: 'payout_failed',
      held: null,
    });
  });

  it('CO-02 an extension quoted for a due date another extension has moved is held as a duplicate', () => {
    let { loan } = disbursed();
    const quoted = loan.dueDate!;
    const quote = extensionQuote(loan, DAY0);
    const pay = (reference: string) =>
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'extension',
        amount: quote.amount,
        paidAt: at(DAY0),
        reference,
        extendsDueDate: quoted,
      });
    const first = pay('x1');
    expect(first.status).toBe('extended');
    loan = persist(loan, first);
    expect(loan.dueDate).toBe(addDays(quoted, 8));
    const second = pay('x2');
    expect(second.held).toMatchObject({ reason: 'duplicate', amount: quote.amount });
    expect(second.status).toBe('extended');
    expect(persist(loan, second).dueDate).toBe(addDays(quoted, 8));
  });

  it('BE-06 ST-01 due → overdue with capped charges; VAL-15 the exact amount settles it', () => {
    let { loan } = disbursed();
    const due = loan.dueDate!;
    expect(applyOrderEvent(loan, { type: 'day_passed', today: due }).transactions).toHaveLength(0);
    const out = applyOrderEvent(loan, { type: 'day_passed', today: addDays(due, 3) });
    expect(out.status).toBe('overdue');
    loan = persist(loan, out);
    const owed = outstandingOf(loan.transactions);
    // 0.15%/day on ₱2,042 for 3 days = ₱9.18 (within 5%/month × 3/30 = ₱10.21)
    expect(owed.penalty).toBe(918n);
    expect(amountDueOn(loan, addDays(due, 3))).toBe(204_200n + 918n);
    const wrong = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: 204_200n,
      paidAt: at(addDays(due, 3)),
      reference: 'c1',
    });
    expect(wrong.held).toMatchObject({ amount: 204_200n, reason: 'amount_mismatch' });
    expect(wrong.status).toBe('overdue');
    const paid = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: 205_118n,
      paidAt: at(addDays(due, 3)),
      reference: 'c2',
    });
    expect(paid.status).toBe('settled');
    expect(totalOf(outstandingOf(persist(loan, paid).transactions))).toBe(0n);
  });

  it('BE-10 a payment counts on the day the payer paid: charges posted after it are taken back', () => {
    let { loan } = disbursed();
    const due = loan.dueDate!;
    for (let d = 1; d <= 5; d++)
      loan = persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: addDays(due, d) }));
    const owedOnDay2 = 204_200n + 612n; // 2 days of 0.15%
    const out = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: owedOnDay2,
      paidAt: at(addDays(due, 2)),
      reference: 'late-webhook',
    });
    expect(out.status).toBe('settled');
    expect(out.transactions.map((t) => t.type)).toEqual(['reversal', 'repayment']);
    expect(totalOf(outstandingOf(persist(loan, out).transactions))).toBe(0n);
  });

  it('CO-02 an extension: fee, due date + 8 days, principal unchanged, overdue charges paid with it', () => {
    let { loan } = disbursed();
    const q = extensionQuote(loan, '2026-12-10');
    expect(q).toMatchObject({
      available: true,
      fee: 2_000n,
      overdueCharges: 0n,
      amount: 2_000n,
      newDueDate: '2026-12-23',
    });
    const out = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'extension',
      amount: 2_000n,
      paidAt: at('2026-12-10'),
      reference: 'x1',
    });
    expect(out).toMatchObject({ status: 'extended', changes: { dueDate: '2026-12-23' } });
    loan = persist(loan, out);
    expect(outstandingOf(loan.transactions)).toEqual(balance({ principal: 200_000n, interest: 4_200n }));
    // after the due date: the charges so far are paid with the fee; the new date counts from today
    for (let d = 1; d <= 4; d++)
      loan = persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: addDays('2026-12-23', d) }));
    const late = extensionQuote(loan, '2026-12-27');
    expect(late).toMatchObject({
      available: true,
      overdueCharges: 1_225n,
      amount: 3_225n,
      newDueDate: '2027-01-04',
    });
  });

  it('ST-01 an event the state does not take is refused (the API answers 409)', () => {
    const { loan } = disbursed();
    expect(() => applyOrderEvent(loan, { type: 'payout_succeeded', payoutId: 'p1', at: at(DAY0) })).toThrow(
      IllegalTransition,
    );
    const settled = { ...loan, status: 'settled' as const };
    expect(
      applyOrderEvent(settled, {
        type: 'payment_received',
        purpose: 'full',
        amount: 100n,
        paidAt: at(DAY0),
        reference: 'z',
      }).held,
    ).toMatchObject({ reason: 'already_settled' });
  });
});

/**
 * The model-based test of issue 7: random sequences of disburse / repay / extend / day passes /
 * reversals / late webhooks / re-run day jobs. After every step: every ledger transaction sums to
 * 0; the ledger's receivables for the loan equal its outstanding balance from its history; no cap
 * is exceeded; a settled loan owes nothing; money that could not be applied is in suspense.
 */
type Command =
  | { kind: 'days'; n: number }
  | { kind: 'rerun' }
  | { kind: 'repay'; delta: number; lateBy: number }
  /** `coupon`: a repayment coupon of that amount pays part of it (EN-07), none when 0 */
  | { kind: 'extend'; delta: number; coupon: bigint }
  | { kind: 'reverse' }
  /**
   * CO-02 BE-10: a full payment made just before an extension (`back` extensions ago) through
   * another channel, its webhook arriving now: the extensions paid after it are reversed
   */
  | { kind: 'paidBeforeExtension'; back: number }
  /** finance undoes a loan whose transfer came back after the borrower paid (if it was held) */
  | { kind: 'unwind' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => ({ kind: 'days' as const, n })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rerun' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('repay' as const),
      delta: fc.constantFrom(0, 0, 0, 1, -1, 5_000),
      lateBy: fc.constantFrom(0, 0, 1, 3),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extend' as const),
      delta: fc.constantFrom(0, 0, 0, 1, -1),
      coupon: fc.constantFrom(0n, 0n, 100n, 1_000n),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reverse' as const }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, 0, 1).map((back) => ({ kind: 'paidBeforeExtension' as const, back })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'unwind' as const }) },
);

const termsArb: fc.Arbitrary<LoanTerms> = fc.record({
  lateCharge: fc.constantFrom(0n, 100n, 5_000n),
  penaltyDailyPpm: fc.integer({ min: 0, max: 3_000 }),
  extensionFeeBp: fc.integer({ min: 0, max: 600 }),
  extensionDays: fc.constantFrom(8, 8, 15),
});

const STEPS_PER_RUN = 40;
/**
 * Issue 7 asks for at least 100,000 steps in CI, and a step counts only when an event was applied
 * and every invariant was checked after it. A command the loan cannot take at that moment is no
 * step: a repayment of nothing on a settled loan, a late-reported payment with no extension before
 * it, a second payout reversal, an unwind with nothing held. About 3 commands in 10 are such, so
 * 4,000 runs of 40 give about 110,000 checked steps.
 */
const RUNS = 4_000;
const REQUIRED_CHECKED_STEPS = 100_000;

describe('issue 7 model-based test of the loan life (fast-check)', () => {
  it(`BE-05 BE-07 BE-10 BE-12 CO-02 ledger balanced, balance = history = statement, caps hold (${RUNS} runs × ${STEPS_PER_RUN} commands, ≥ ${REQUIRED_CHECKED_STEPS} checked steps)`, () => {
    // commands generated, and steps: an event applied and every invariant checked after it
    let commandsGenerated = 0;
    let checkedSteps = 0;
    const applied = new Map<Command['kind'], number>();
    let daysPassed = 0;
    let loansAfterUnwind = 0;
    let unwinds = 0;
    let extensionsReversed = 0;
    let couponsGivenBack = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...[100_000n, 150_000n, 500_000n, 1_000_000n]),
        fc.constantFrom(14, 30),
        termsArb,
        fc.array(commandArb, { minLength: STEPS_PER_RUN, maxLength: STEPS_PER_RUN }),
        (principal, termDays, terms, commands) => {
          const start = disbursed(principal, termDays, terms);
          let loan = start.loan;
          const ledger = start.ledger;
          let today = DAY0;
          let held = 0n;
          // the returned proceeds held by a reversal the loan could not take by itself
          let reversed = false;
          let reversalHeld = false;
          // CO-02: every extension applied, with its paid-at instant, the cash and the coupon that
          // paid it (its reference and what it paid; 0 for none) and the loan just before it
          const extensions: {
            reference: string;
            paidAt: Date;
            amount: bigint;
            coupon: { reference: string; amount: bigint } | null;
            before: Loan;
          }[] = [];
          const reversedAs = (e: (typeof extensions)[number]) => ({
            reference: e.reference,
            amount: e.amount,
            ...(e.coupon ? { coupon: e.coupon } : {}),
          });
          const extensionsPaid = () => extensions.map(({ reference, paidAt }) => ({ reference, paidAt }));
          const keys = new Set<string>();
          const sums = new Map<string, bigint>();
          const book = (entries: LedgerEntry[]) => {
            expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
            for (const e of entries) sums.set(e.account, (sums.get(e.account) ?? 0n) + e.amount);
          };
          // BE-12: the receivables each loan transaction's ledger postings leave behind, in order
          const RECEIVABLES = new Set([
            'principal_receivable',
            'interest_receivable',
            'fee_receivable',
            'penalty_receivable',
          ]);
          const receivablesAfter: bigint[] = [];
          const bookLoanTransaction = (entries: LedgerEntry[]) => {
            book(entries);
            const moved = entries
              .filter((e) => RECEIVABLES.has(e.account))
              .reduce((s, e) => s + e.amount, 0n);
            receivablesAfter.push((receivablesAfter.at(-1) ?? 0n) + moved);
          };
          ledger.forEach(bookLoanTransaction);
          const post = (out: ReturnType<typeof applyOrderEvent>) => {
            for (const t of out.transactions) {
              expect(keys.has(t.key), `key ${t.key} posted twice`).toBe(false);
              keys.add(t.key);
              bookLoanTransaction(t.entries);
            }
            if (out.held) {
              held += out.held.amount;
              book(out.held.entries);
            }
            loan = persist(loan, out);
          };
          /**
           * An unwound loan is cancelled and nothing further happens to it: the borrower takes a new
           * loan on the same terms, paid out that day, on fresh books, and the run goes on with it (the
           * rest of the run was skipped before, nearly half the commands generated).
           */
          const takeNewLoan = () => {
            const next = disbursed(principal, termDays, terms, today);
            loan = next.loan;
            held = 0n;
            reversed = false;
            reversalHeld = false;
            extensions.length = 0;
            keys.clear();
            sums.clear();
            receivablesAfter.length = 0;
            next.ledger.forEach(bookLoanTransaction);
            loansAfterUnwind++;
          };
          /** applies the command's event; null when the loan cannot take it now (nothing applied) */
          const applyCommand = (c: Command, i: number): Command['kind'] | null => {
            if (c.kind === 'days') {
              for (let d = 0; d < c.n; d++) {
                today = addDays(today, 1);
                post(applyOrderEvent(loan, { type: 'day_passed', today }));
                daysPassed++;
              }
            } else if (c.kind === 'rerun') {
              // the day job run twice for the same day changes nothing
              expect(applyOrderEvent(loan, { type: 'day_passed', today }).transactions).toHaveLength(0);
            } else if (c.kind === 'repay') {
              const paidDay =
                loan.disbursedOn && daysBetween(loan.disbursedOn, today) >= c.lateBy
                  ? addDays(today, -c.lateBy)
                  : today;
              const due = amountDueOn(loan, paidDay);
              const amount = due + BigInt(c.delta);
              if (amount <= 0n) return null;
              const out = applyOrderEvent(loan, {
                type: 'payment_received',
                purpose: 'full',
                amount,
                paidAt: at(paidDay),
                reference: `r${i}`,
                extensionsPaid: extensionsPaid(),
              });
              // paid before an extension (the same day, seconds earlier) and not settling the loan as it
              // stood then: held, never settled on the extended loan (CO-02)
              const beforeAnExtension = extensions.some((e) => e.paidAt > at(paidDay));
              if (c.delta === 0 && due > 0n && !beforeAnExtension) expect(out.status).toBe('settled');
              if (beforeAnExtension && out.status !== 'settled') expect(out.held).not.toBeNull();
              if (out.transition === 'repaid_in_full')
                expect(out.reversedExtensions ?? []).toEqual(
                  extensions.filter((e) => e.paidAt > at(paidDay)).map(reversedAs),
                );
              post(out);
              couponsGivenBack += (out.reversedExtensions ?? []).filter((r) => r.coupon).length;
              for (const r of out.reversedExtensions ?? []) held += r.amount;
              extensionsReversed += out.reversedExtensions?.length ?? 0;
            } else if (c.kind === 'extend') {
              const q = extensionQuote(loan, today);
              // a coupon leaves something to pay (start-repayment refuses one that would not)
              const coupon = c.coupon < q.amount ? c.coupon : 0n;
              const amount = q.amount - coupon + BigInt(c.delta);
              if (amount <= 0n) return null;
              // a second apart within the day, so a payment can fall between two of them
              const paidAt = new Date(at(today).getTime() + i * 1_000);
              const before = loan;
              const out = applyOrderEvent(loan, {
                type: 'payment_received',
                purpose: 'extension',
                amount,
                paidAt,
                reference: `x${i}`,
                ...(coupon > 0n ? { coupon: { amount: coupon, reference: `cp${i}` } } : {}),
              });
              if (q.available && c.delta === 0) expect(out.status).toBe('extended');
              else expect(out.held).not.toBeNull();
              post(out);
              const used = out.transactions.find((t) => t.type === 'coupon');
              if (coupon > 0n && !out.held) expect(used).toBeDefined();
              if (!out.held)
                extensions.push({
                  reference: `x${i}`,
                  paidAt,
                  amount,
                  coupon: used ? { reference: `cp${i}`, amount: -totalOf(used.portions) } : null,
                  before,
                });
            } else if (c.kind === 'paidBeforeExtension') {
              const target = extensions.at(-1 - Math.min(c.back, extensions.length - 1));
              if (!target || !['repaying', 'extended', 'overdue'].includes(loan.status)) return null;
              // paid a second before that extension, for what was due then; reported only now
              const paidAt = new Date(target.paidAt.getTime() - 1_000);
              const amount = amountDueOn(target.before, manilaDate(paidAt));
              if (amount <= 0n) return null;
              const later = extensions.filter((e) => e.paidAt > paidAt);
              const feeIncome = sums.get('fee_income') ?? 0n;
              const couponExpense = sums.get('coupon_expense') ?? 0n;
              const out = applyOrderEvent(loan, {
                type: 'payment_received',
                purpose: 'full',
                amount,
                paidAt,
                reference: `r${i}`,
                extensionsPaid: extensionsPaid(),
              });
              expect(out.status).toBe('settled');
              expect(out.changes.dueDate).toBe(target.before.dueDate);
              expect(out.reversedExtensions).toEqual(later.map(reversedAs));
              post(out);
              // their coupons paid nothing after all: their expense undone (the API gives them back)
              const couponsBack = later.reduce((s, e) => s + (e.coupon?.amount ?? 0n), 0n);
              expect(couponExpense - (sums.get('coupon_expense') ?? 0n)).toBe(couponsBack);
              couponsGivenBack += later.filter((e) => e.coupon).length;
              for (const e of later) held += e.amount;
              extensionsReversed += later.length;
              // their fees are no longer income: what is left is the up-front fees and the kept extensions'
              const fee = (principal * BigInt(terms.extensionFeeBp)) / 10_000n;
              expect((sums.get('fee_income') ?? 0n) - feeIncome).toBe(BigInt(later.length) * fee);
              const q = loan.quote;
              expect(-(sums.get('fee_income') ?? 0n)).toBe(
                q.serviceFee +
                  q.coupon +
                  q.creditReportingFee +
                  BigInt(extensions.length - later.length) * fee,
              );
              extensions.splice(extensions.length - later.length);
            } else if (c.kind === 'reverse') {
              // money never throws: undone, or the returned proceeds held; a payout comes back once
              if (reversed) return null;
              reversed = true;
              const out = applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p1', at: at(today) });
              reversalHeld = out.held !== null;
              post(out);
            } else {
              if (!reversalHeld || loan.writeOff) return null;
              const paid = cashPaidOn(loan);
              const out = applyOrderEvent(loan, {
                type: 'payout_reversal_unwound',
                payoutId: 'p1',
                at: at(today),
              });
              expect(out.status).toBe('cancelled');
              post(out);
              held -= loan.quote.netProceeds; // released from suspense
              unwinds++;
              // the loan is gone from the books: receivables and its income and expense at 0, what
              // the borrower paid owed back to them, the float holding that and the other holds
              for (const account of [
                'principal_receivable',
                'interest_receivable',
                'fee_receivable',
                'penalty_receivable',
                'interest_income',
                'fee_income',
                'penalty_income',
                'coupon_expense',
                'tax_payable',
              ])
                expect(sums.get(account) ?? 0n, account).toBe(0n);
              expect(sums.get('refunds_payable') ?? 0n).toBe(-paid);
              expect(sums.get('cash_at_provider') ?? 0n).toBe(paid + held);
              const dst = loan.quote.documentaryStampTax + loan.quote.lenderDocumentaryStampTax;
              expect(sums.get('dst_payable') ?? 0n).toBe(-dst);
              expect(sums.get('dst_expense') ?? 0n).toBe(dst);
            }

            return c.kind;
          };
          // the invariants, after every step
          const checkInvariants = () => {
            const owed = outstandingOf(loan.transactions);
            // BE-12: the statement of account line by line equals the ledger
            const statement = statementOfAccount(loan.transactions);
            expect(statement.closing).toEqual(owed);
            expect(statement.lines.map((l) => l.totalAfter)).toEqual(receivablesAfter);
            expect(statement.totalCharged - statement.totalCredited).toBe(statement.closingTotal);
            expect(sums.get('principal_receivable') ?? 0n).toBe(owed.principal);
            expect(sums.get('interest_receivable') ?? 0n).toBe(owed.interest);
            expect(sums.get('fee_receivable') ?? 0n).toBe(owed.fees);
            expect(sums.get('penalty_receivable') ?? 0n).toBe(owed.lateCharge + owed.penalty);
            expect(-(sums.get('suspense') ?? 0n)).toBe(held);
            for (const part of Object.values(owed)) expect(part).toBeGreaterThanOrEqual(0n);
            expect(costSoFar(loan)).toBeLessThanOrEqual(principal);
            if (loan.status === 'settled') expect(totalOf(owed)).toBe(0n);
            if (
              loan.dueDate &&
              (loan.status === 'overdue' || loan.status === 'extended' || loan.status === 'repaying')
            ) {
              const episode = loan.transactions.filter(
                (t) =>
                  t.dueDate === loan.dueDate &&
                  ['late_charge', 'penalty_accrual', 'reversal'].includes(t.type),
              );
              const charged = episode.reduce((s, t) => s + t.portions.lateCharge + t.portions.penalty, 0n);
              expect(charged).toBeLessThanOrEqual(
                overdueChargeCeiling(
                  owed.principal + owed.interest + owed.fees,
                  Math.max(0, daysBetween(loan.dueDate, today)),
                ),
              );
            }
          };
          for (const [i, c] of commands.entries()) {
            commandsGenerated++;
            const kind = applyCommand(c, i);
            if (kind === null) continue;
            checkInvariants();
            checkedSteps++;
            applied.set(kind, (applied.get(kind) ?? 0) + 1);
            if (loan.status === 'cancelled') takeNewLoan();
          }
        },
      ),
      { numRuns: RUNS },
    );
    const counts = [...applied].map(([kind, n]) => `${kind} ${n}`).join(', ');
    console.info(
      `model-based loan test: ${checkedSteps} checked steps of ${commandsGenerated} commands ` +
        `(${counts}; ${daysPassed} days passed), ${unwinds} loans unwound and ${loansAfterUnwind} ` +
        `new loans taken after them, ${extensionsReversed} extensions reversed ` +
        `(${couponsGivenBack} paid partly with a coupon)`,
    );
    expect(checkedSteps).toBeGreaterThanOrEqual(REQUIRED_CHECKED_STEPS);
    // the unwinding path is taken often enough to be tested (one run in a few dozen)
    expect(unwinds).toBeGreaterThan(RUNS / 100);
    // and so is a payment reported after extensions paid after it (CO-02 BE-10)
    expect(extensionsReversed).toBeGreaterThan(RUNS / 20);
    // some of them paid partly with a repayment coupon, given back
    expect(couponsGivenBack).toBeGreaterThan(RUNS / 100);
  }, 180_000);
});
