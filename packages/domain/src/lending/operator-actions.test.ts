import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween } from '../time.ts';
import { overdueChargesAfter } from './compliance.ts';
import {
  BALANCE_PARTS,
  loanTransactionEntries,
  outstandingOf,
  totalOf,
  type LoanTransaction,
} from './loan-account.ts';
import {
  CANCELLATION_WINDOW_MS,
  LoanActionRefused,
  amountDueOn,
  applyOrderEvent,
  cashPaidOn,
  disbursementLoanEntries,
  extensionQuote,
  loanAsOf,
  writeOffEntries,
  writeOffQuote,
  type Loan,
  type LoanEvent,
  type LoanTerms,
} from './loan-lifecycle.ts';
import { IllegalTransition } from './order-state.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { priceLoan } from './pricing.ts';
import type { LedgerEntry } from './ledger.ts';
import { persistedOutcome } from './persisted-outcome.ts';

/** The console's money events (issue 11) as pure logic: cancellation (CO-05), suspense, waivers. */
const DAY0 = '2026-12-01';
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour - 8).padStart(2, '0')}:00:00Z`);
const DISBURSED_AT = at(DAY0);

const persist = persistedOutcome;

const TERMS: LoanTerms = { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 };

function disbursed(
  borneBy: 'borrower' | 'lender' = 'borrower',
  principal = 200_000n,
  termDays = 14,
  terms: LoanTerms = TERMS,
): Loan {
  const quote = priceLoan({ ...DEFAULT_PRODUCT, dst: { borneBy } }, { principal, termDays });
  const pending: Loan = {
    id: 'loan-1',
    status: 'disbursing',
    quote,
    terms,
    disbursedOn: null,
    dueDate: null,
    transactions: [],
  };
  const out = applyOrderEvent(pending, { type: 'payout_succeeded', payoutId: 'p1', at: DISBURSED_AT });
  return { ...persist(pending, out), disbursedAt: DISBURSED_AT };
}

const sumOf = (entries: LedgerEntry[]) => entries.reduce((s, e) => s + e.amount, 0n);
const account = (entries: LedgerEntry[], name: string) =>
  entries.filter((e) => e.account === name).reduce((s, e) => s + e.amount, 0n);

describe('CO-05 cancellation within 24 hours of disbursement', () => {
  for (const borneBy of ['borrower', 'lender'] as const) {
    it(`CO-05: the returned net proceeds unwind the loan, fees and interest reversed, balanced (DST borne by ${borneBy})`, () => {
      const loan = disbursed(borneBy);
      const q = loan.quote;
      const out = applyOrderEvent(loan, {
        type: 'cancelled_by_operator',
        at: new Date(DISBURSED_AT.getTime() + 30 * 3_600_000),
        returned: {
          amount: q.netProceeds,
          paidAt: new Date(DISBURSED_AT.getTime() + 23 * 3_600_000),
          reference: 'r1',
        },
      });
      expect(out.status).toBe('cancelled');
      expect(out.transition).toBe('cancelled_by_operator');
      expect(out.transactions).toHaveLength(1);
      const [t] = out.transactions;
      expect(t!.key).toBe('cancellation:loan-1');
      expect(sumOf(t!.entries)).toBe(0n);
      // nothing owed afterwards: principal and interest cleared
      expect(totalOf(outstandingOf(persist(loan, out).transactions))).toBe(0n);
      // the returned money leaves suspense; income of the loan undone; DST stays owed, now the lender's
      expect(account(t!.entries, 'suspense')).toBe(q.netProceeds);
      expect(account(t!.entries, 'principal_receivable')).toBe(-q.principal);
      expect(account(t!.entries, 'interest_income')).toBe(q.interest);
      expect(account(t!.entries, 'fee_income')).toBe(q.serviceFee + q.coupon + q.creditReportingFee);
      expect(account(t!.entries, 'dst_payable')).toBe(0n);
      expect(account(t!.entries, 'dst_expense')).toBe(q.documentaryStampTax);
      expect(account(t!.entries, 'cash_at_provider')).toBe(0n);
    });
  }

  it('CO-05: refused once the money came back more than 24 hours after disbursement', () => {
    const loan = disbursed();
    const late = new Date(DISBURSED_AT.getTime() + CANCELLATION_WINDOW_MS + 1_000);
    expect(() =>
      applyOrderEvent(loan, {
        type: 'cancelled_by_operator',
        at: late,
        returned: { amount: loan.quote.netProceeds, paidAt: late, reference: 'r1' },
      }),
    ).toThrow(expect.objectContaining({ code: 'CANCELLATION_WINDOW_PASSED' }));
  });

  it('CO-05: refused without exactly the net proceeds returned', () => {
    const loan = disbursed();
    const paidAt = new Date(DISBURSED_AT.getTime() + 3_600_000);
    for (const returned of [undefined, { amount: loan.quote.netProceeds - 1n, paidAt, reference: 'r' }]) {
      expect(() =>
        applyOrderEvent(loan, {
          type: 'cancelled_by_operator',
          at: paidAt,
          ...(returned ? { returned } : {}),
        }),
      ).toThrow(LoanActionRefused);
    }
  });

  it('CO-05: an order never paid out is cancelled with nothing to post; a settled loan is not cancellable', () => {
    const loan = disbursed();
    const failed: Loan = { ...loan, status: 'payout_failed', transactions: [], disbursedAt: null };
    const out = applyOrderEvent(failed, { type: 'cancelled_by_operator', at: DISBURSED_AT });
    expect(out.status).toBe('cancelled');
    expect(out.transactions).toEqual([]);
    expect(() =>
      applyOrderEvent({ ...loan, status: 'settled' }, { type: 'cancelled_by_operator', at: DISBURSED_AT }),
    ).toThrow(IllegalTransition);
  });
});

describe('issue 11 suspense applied to the loan (BE-10)', () => {
  it('BE-10: held money that settles the loan as of the paid-at day settles it; the cash leaves suspense', () => {
    const loan = disbursed();
    const paidAt = at(addDays(DAY0, 3));
    const due = amountDueOn(loan, addDays(DAY0, 3));
    const out = applyOrderEvent(loan, {
      type: 'suspense_applied',
      purpose: 'full',
      amount: due,
      paidAt,
      reference: 'suspense:r1',
    });
    expect(out.status).toBe('settled');
    expect(out.held).toBeNull();
    const repayment = out.transactions.find((t) => t.type === 'repayment')!;
    expect(account(repayment.entries, 'suspense')).toBe(due);
    expect(account(repayment.entries, 'cash_at_provider')).toBe(0n);
    for (const t of out.transactions) expect(sumOf(t.entries)).toBe(0n);
  });

  it('BE-10: a partial application pays down in allocation order, status unchanged; more than owed is refused', () => {
    const loan = disbursed();
    const out = applyOrderEvent(loan, {
      type: 'suspense_applied',
      purpose: 'partial',
      amount: 50_000n,
      paidAt: at(addDays(DAY0, 2)),
      reference: 'suspense:r2',
    });
    expect(out.status).toBe('repaying');
    expect(totalOf(outstandingOf(persist(loan, out).transactions))).toBe(
      totalOf(outstandingOf(loan.transactions)) - 50_000n,
    );
    expect(() =>
      applyOrderEvent(loan, {
        type: 'suspense_applied',
        purpose: 'partial',
        amount: 10_000_000n,
        paidAt: at(DAY0),
        reference: 'x',
      }),
    ).toThrow(expect.objectContaining({ code: 'SUSPENSE_CANNOT_APPLY' }));
    expect(() =>
      applyOrderEvent(loan, {
        type: 'suspense_applied',
        purpose: 'full',
        amount: 1n,
        paidAt: at(DAY0),
        reference: 'y',
      }),
    ).toThrow(expect.objectContaining({ code: 'SUSPENSE_CANNOT_APPLY' }));
  });
});

describe('issue 11 waivers of late charge and penalty', () => {
  const overdue = () => {
    const loan = disbursed();
    const day = addDays(loan.dueDate!, 5);
    return persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: day }));
  };

  it('issue 11: a waiver posts a balanced `waiver` transaction that takes the charges and their income back', () => {
    const loan = overdue();
    const owed = outstandingOf(loan.transactions);
    expect(owed.penalty).toBeGreaterThan(0n);
    const out = applyOrderEvent(loan, {
      type: 'charges_waived',
      lateCharge: owed.lateCharge,
      penalty: 100n,
      at: at(DAY0),
      reference: 'o:k',
    });
    const [w] = out.transactions;
    expect(w!.type).toBe('waiver');
    expect(w!.key).toBe('waiver:o:k');
    expect(sumOf(w!.entries)).toBe(0n);
    expect(account(w!.entries, 'penalty_receivable')).toBe(-(owed.lateCharge + 100n));
    expect(account(w!.entries, 'penalty_income')).toBe(owed.lateCharge + 100n);
    expect(out.status).toBe(loan.status);
  });

  it('issue 11: never more than is owed of each charge, never nothing', () => {
    const loan = overdue();
    const owed = outstandingOf(loan.transactions);
    for (const [lateCharge, penalty] of [
      [owed.lateCharge + 1n, 0n],
      [0n, owed.penalty + 1n],
      [0n, 0n],
      [-1n, 5n],
    ] as const)
      expect(() =>
        applyOrderEvent(loan, { type: 'charges_waived', lateCharge, penalty, at: at(DAY0), reference: 'r' }),
      ).toThrow(expect.objectContaining({ code: 'WAIVER_EXCEEDS_CHARGES' }));
  });
});

const positive = (x: bigint) => (x > 0n ? x : 0n);
/** Every part of what the borrower owes after each of `txs`, in order, applied to `loan`. */
function expectNoNegativeCharge(loan: Loan, txs: readonly Pick<LoanTransaction, 'portions'>[] = []) {
  const history = [...loan.transactions, ...txs];
  for (let i = 1; i <= history.length; i++) {
    const owed = outstandingOf(history.slice(0, i));
    for (const part of BALANCE_PARTS)
      expect(owed[part], `${part} after transaction ${i}`).toBeGreaterThanOrEqual(0n);
  }
}

describe('BE-10 issue 11 a waiver, then a payment reported late', () => {
  const sixDaysOverdue = () => {
    const loan = disbursed();
    return persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: addDays(loan.dueDate!, 6) }));
  };

  it('BE-10 issue 11: every charge waived, then a payment made the day before the due date arrives: its exact amount settles, nothing taken back twice', () => {
    const charged = sixDaysOverdue();
    const owed = outstandingOf(charged.transactions);
    expect(owed.penalty).toBe(1_837n); // 6 days of 0.15% of ₱2,042
    const loan = persist(
      charged,
      applyOrderEvent(charged, {
        type: 'charges_waived',
        lateCharge: owed.lateCharge,
        penalty: owed.penalty,
        at: at(addDays(charged.dueDate!, 6)),
        reference: 'o:goodwill',
      }),
    );
    const paidDay = addDays(loan.dueDate!, -1);
    // owed that day: principal and interest; the waiver already took every charge away
    expect(amountDueOn(loan, paidDay)).toBe(loan.quote.totalRepayment);
    for (const type of ['payment_received', 'suspense_applied'] as const) {
      const out = applyOrderEvent(loan, {
        type,
        purpose: 'full',
        amount: loan.quote.totalRepayment,
        paidAt: at(paidDay),
        reference: `late-${type}`,
      });
      expect(out.held).toBeNull();
      expect(out.status).toBe('settled');
      expect(out.transactions.map((t) => t.type)).toEqual(['repayment']);
      expectNoNegativeCharge(loan, out.transactions);
      expect(totalOf(outstandingOf(persist(loan, out).transactions))).toBe(0n);
    }
  });

  it('BE-10 issue 11: part waived, then a payment made while some charges were owed: it owes that day’s charges less what was waived, never less than nothing', () => {
    const charged = sixDaysOverdue();
    const paidDay = addDays(charged.dueDate!, 2);
    const owedThatDay = 612n; // 2 days of 0.15% of ₱2,042
    for (const waived of [200n, 612n, 1_000n]) {
      const loan = persist(
        charged,
        applyOrderEvent(charged, {
          type: 'charges_waived',
          lateCharge: 0n,
          penalty: waived,
          at: at(addDays(charged.dueDate!, 6)),
          reference: `o:w${waived}`,
        }),
      );
      const due = loan.quote.totalRepayment + positive(owedThatDay - waived);
      expect(amountDueOn(loan, paidDay)).toBe(due);
      const out = applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: due,
        paidAt: at(paidDay),
        reference: `late-${waived}`,
      });
      expect(out.status).toBe('settled');
      const reversal = out.transactions.find((t) => t.type === 'reversal')!;
      // taken back: what was charged after the payer paid, at most what the waiver left owing
      expect(reversal.portions.penalty).toBe(-(1_837n - (owedThatDay > waived ? owedThatDay : waived)));
      expect(account(reversal.entries, 'penalty_income')).toBe(-reversal.portions.penalty);
      expectNoNegativeCharge(loan, out.transactions);
    }
  });

  it('BE-10 issue 11: waivers, then a payment reported late: the exact amount owed on its day (that day’s charges less what was waived, at least 0) is what the loan asks and settles it; no charge ever negative (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(100_000n, 150_000n, 500_000n, 1_000_000n),
        fc.constantFrom(14, 30),
        fc.record({
          lateCharge: fc.constantFrom(0n, 100n, 5_000n),
          penaltyDailyPpm: fc.integer({ min: 0, max: 3_000 }),
        }),
        fc.integer({ min: 1, max: 60 }), // days overdue when the waivers are made
        // each waiver, in percent of what is still owed of each charge at the time
        fc.array(
          fc.record({ late: fc.integer({ min: 0, max: 100 }), penalty: fc.integer({ min: 0, max: 100 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.integer({ min: 0, max: 100 }), // the paid-at day, in percent of the way from disbursement to today
        fc.constantFrom('payment_received' as const, 'suspense_applied' as const),
        (principal, termDays, charges, overdue, waivers, paidAt, via) => {
          let loan = disbursed('borrower', principal, termDays, { ...TERMS, ...charges });
          const due = loan.dueDate!;
          const today = addDays(due, overdue);
          loan = persist(loan, applyOrderEvent(loan, { type: 'day_passed', today }));
          const waived = { lateCharge: 0n, penalty: 0n };
          for (const [i, w] of waivers.entries()) {
            const owed = outstandingOf(loan.transactions);
            const lateCharge = (owed.lateCharge * BigInt(w.late)) / 100n;
            const penalty = (owed.penalty * BigInt(w.penalty)) / 100n;
            if (lateCharge + penalty === 0n) continue;
            const event: LoanEvent = {
              type: 'charges_waived',
              lateCharge,
              penalty,
              at: at(today),
              reference: `w${i}`,
            };
            loan = persist(loan, applyOrderEvent(loan, event));
            waived.lateCharge += lateCharge;
            waived.penalty += penalty;
          }
          expectNoNegativeCharge(loan);
          const paidDay = addDays(
            loan.disbursedOn!,
            Math.floor((daysBetween(loan.disbursedOn!, today) * paidAt) / 100),
          );
          // the oracle: what the combined cap charged by the paid-at day, less what was waived
          const base = loan.quote.principal + loan.quote.interest;
          const thatDay = overdueChargesAfter(loan.terms, base, Math.max(0, daysBetween(due, paidDay)));
          const expected =
            base +
            positive(thatDay.lateCharge - waived.lateCharge) +
            positive(thatDay.penalty - waived.penalty);
          expect(amountDueOn(loan, paidDay)).toBe(expected);
          expectNoNegativeCharge(loanAsOf(loan, paidDay));
          const out = applyOrderEvent(loan, {
            type: via,
            purpose: 'full',
            amount: expected,
            paidAt: at(paidDay),
            reference: 'reported-late',
          });
          expect(out.held).toBeNull();
          expect(out.status).toBe('settled');
          for (const t of out.transactions) expect(sumOf(t.entries)).toBe(0n);
          expectNoNegativeCharge(loan, out.transactions);
          expect(outstandingOf(persist(loan, out).transactions)).toEqual(outstandingOf([]));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('BE-15 a written-off loan: what is waived or taken back comes off the allowance', () => {
  const RECEIVABLES = ['principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable'];
  const PROFIT_AND_LOSS = [
    'credit_loss_expense',
    'recovery_income',
    'penalty_income',
    'fee_income',
    'interest_income',
  ];

  /**
   * The loan written off on `day` (as the console's approval does: the book value to credit loss
   * against the allowance, charges paused from the next day) and the ledger from then on, kept as
   * the API keeps it; `recovered` is read back from recovery income, as loadLoan reads it.
   */
  function writeOffOn(loan: Loan, day: string) {
    const { eligible, amount } = writeOffQuote(loan, day);
    expect(eligible).toBe(true);
    const sums = new Map<string, bigint>([['receivables', totalOf(outstandingOf(loan.transactions))]]);
    let cash = 0n;
    const books = {
      amount,
      of: (name: string) => sums.get(name) ?? 0n,
      cash: () => cash,
      post(entries: LedgerEntry[]) {
        expect(sumOf(entries)).toBe(0n);
        for (const e of entries) {
          const key = RECEIVABLES.includes(e.account) ? 'receivables' : e.account;
          sums.set(key, (sums.get(key) ?? 0n) + e.amount);
        }
      },
      apply(current: Loan, event: LoanEvent): Loan {
        const out = applyOrderEvent(current, event);
        for (const t of out.transactions) {
          books.post(t.entries);
          if (t.type === 'repayment') cash += t.cash;
        }
        const next = persist(current, out);
        return { ...next, writeOff: { amount, recovered: -books.of('recovery_income') } };
      },
    };
    books.post(writeOffEntries(amount));
    const written: Loan = {
      ...loan,
      writeOff: { amount, recovered: 0n },
      chargePauses: [{ from: addDays(day, 1), until: null, reason: 'write_off' }],
    };
    return { loan: written, books };
  }
  const longOverdue = (days = 100) => {
    const loan = disbursed();
    const day = addDays(loan.dueDate!, days);
    return { loan: persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: day })), day };
  };

  it('BE-15 issue 11: a waiver after the write-off debits the allowance, not the income; paid off, receivables and allowance are both 0 and the loss is counted once', () => {
    const { loan: overdue, day } = longOverdue();
    const written = writeOffOn(overdue, day);
    const books = written.books;
    let loan = written.loan;
    const owed = outstandingOf(loan.transactions);
    const waived = owed.lateCharge + owed.penalty;
    expect(waived).toBeGreaterThan(0n);
    const waiver = applyOrderEvent(loan, {
      type: 'charges_waived',
      lateCharge: owed.lateCharge,
      penalty: owed.penalty,
      at: at(day),
      reference: 'o:settlement',
    }).transactions[0]!;
    expect(account(waiver.entries, 'allowance_written_off')).toBe(waived);
    expect(account(waiver.entries, 'penalty_receivable')).toBe(-waived);
    expect(account(waiver.entries, 'penalty_income')).toBe(0n);
    loan = books.apply(loan, {
      type: 'charges_waived',
      lateCharge: owed.lateCharge,
      penalty: owed.penalty,
      at: at(day),
      reference: 'o:settlement',
    });
    const rest = amountDueOn(loan, day);
    expect(rest).toBe(books.amount - waived);
    loan = books.apply(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: rest,
      paidAt: at(day),
      reference: 'r',
    });
    expect(loan.status).toBe('settled');
    expect(books.of('receivables')).toBe(0n);
    expect(books.of('allowance_written_off')).toBe(0n);
    // the loss is what was forgiven, once: credit loss less recovery
    expect(books.of('credit_loss_expense') + books.of('recovery_income')).toBe(waived);
    expect(books.of('penalty_income')).toBe(0n);
  });

  it('BE-15 BE-10: a payment made before the write-off and applied after it: the charges taken back come off the allowance; the recovery is posted once', () => {
    const { loan: overdue, day } = longOverdue();
    for (const via of ['payment_received', 'suspense_applied'] as const) {
      const written = writeOffOn(overdue, day);
      const books = written.books;
      let loan = written.loan;
      const paidDay = addDays(loan.dueDate!, 3);
      const due = amountDueOn(loan, paidDay);
      expect(due).toBeLessThan(books.amount);
      loan = books.apply(loan, {
        type: via,
        purpose: 'full',
        amount: due,
        paidAt: at(paidDay),
        reference: via,
      });
      expect(loan.status).toBe('settled');
      expect(books.of('receivables')).toBe(0n);
      expect(books.of('allowance_written_off')).toBe(0n);
      expect(-books.of('recovery_income')).toBe(due);
      expect(books.of('penalty_income')).toBe(0n);
    }
  });

  it('BE-15 issue 11 BE-10: whatever follows a write-off (waivers, partial payments, a payment reported late), once paid off the receivables and the allowance are 0 and the profit and loss moved by exactly the cash collected less the amount written off (fast-check)', () => {
    type Step =
      | { kind: 'waive'; late: number; penalty: number; after: number }
      | { kind: 'partial'; percent: number; after: number };
    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('waive' as const),
        late: fc.integer({ min: 0, max: 100 }),
        penalty: fc.integer({ min: 0, max: 100 }),
        after: fc.integer({ min: 0, max: 20 }),
      }),
      fc.record({
        kind: fc.constant('partial' as const),
        percent: fc.integer({ min: 1, max: 90 }),
        after: fc.integer({ min: 0, max: 20 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(100_000n, 500_000n, 1_000_000n),
        fc.constantFrom(14, 30),
        fc.record({
          lateCharge: fc.constantFrom(0n, 100n, 5_000n),
          penaltyDailyPpm: fc.integer({ min: 1, max: 3_000 }),
        }),
        fc.integer({ min: 90, max: 150 }), // days past due on the day of the write-off
        fc.array(stepArb, { maxLength: 4 }),
        fc.integer({ min: 0, max: 100 }), // the final payment's paid-at day, percent of the way from the due date to today
        fc.constantFrom('payment_received' as const, 'suspense_applied' as const),
        (principal, termDays, charges, daysPastDue, steps, paidAt, via) => {
          const first = disbursed('borrower', principal, termDays, { ...TERMS, ...charges });
          let today = addDays(first.dueDate!, daysPastDue);
          const overdue = persist(first, applyOrderEvent(first, { type: 'day_passed', today }));
          const written = writeOffOn(overdue, today);
          const books = written.books;
          let loan = written.loan;
          for (const [i, s] of steps.entries()) {
            today = addDays(today, s.after);
            loan = books.apply(loan, { type: 'day_passed', today }); // paused: posts nothing
            const owed = outstandingOf(loan.transactions);
            if (s.kind === 'waive') {
              const lateCharge = (owed.lateCharge * BigInt(s.late)) / 100n;
              const penalty = (owed.penalty * BigInt(s.penalty)) / 100n;
              if (lateCharge + penalty === 0n) continue;
              loan = books.apply(loan, {
                type: 'charges_waived',
                lateCharge,
                penalty,
                at: at(today),
                reference: `w${i}`,
              });
            } else {
              const amount = (totalOf(owed) * BigInt(s.percent)) / 100n;
              if (amount === 0n) continue;
              loan = books.apply(loan, {
                type: 'suspense_applied',
                purpose: 'partial',
                amount,
                paidAt: at(today),
                reference: `p${i}`,
              });
            }
            expectNoNegativeCharge(loan);
          }
          const paidDay = addDays(
            loan.dueDate!,
            Math.floor((daysBetween(loan.dueDate!, today) * paidAt) / 100),
          );
          const due = amountDueOn(loan, paidDay);
          loan = books.apply(loan, {
            type: via,
            purpose: 'full',
            amount: due,
            paidAt: at(paidDay),
            reference: 'final',
          });
          expect(loan.status).toBe('settled');
          expectNoNegativeCharge(loan);
          expect(books.of('receivables')).toBe(0n);
          expect(books.of('allowance_written_off')).toBe(0n);
          expect(-books.of('recovery_income')).toBeLessThanOrEqual(books.amount);
          const profitAndLoss = PROFIT_AND_LOSS.reduce((s, name) => s + books.of(name), 0n);
          expect(-profitAndLoss).toBe(books.cash() - books.amount);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('BE-05 CO-05 a transfer that came back after the borrower paid: finance undoes the loan', () => {
  /** the loan overdue, then extended with a repayment coupon, then its transfer comes back */
  function extendedThenReturned(borneBy: 'borrower' | 'lender') {
    let loan = disbursed(borneBy, 200_000n, 14, { ...TERMS, lateCharge: 1_000n });
    const overdueDay = addDays(loan.dueDate!, 2);
    loan = persist(loan, applyOrderEvent(loan, { type: 'day_passed', today: overdueDay }));
    const quote = extensionQuote(loan, overdueDay);
    const coupon = 500n;
    const extended = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'extension',
      amount: quote.amount - coupon,
      paidAt: at(overdueDay),
      reference: 'x1',
      coupon: { amount: coupon, reference: 'c1' },
    });
    expect(extended.status).toBe('extended');
    loan = persist(loan, extended);
    const back = applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p1', at: at(overdueDay, 15) });
    expect(back.held).toMatchObject({ amount: loan.quote.netProceeds, key: 'suspense:payout-reversed:p1' });
    return { loan, held: back.held!, paid: quote.amount - coupon };
  }

  for (const borneBy of ['borrower', 'lender'] as const) {
    it(`BE-05: the loan ends cancelled with nothing owed, income and coupon undone, the payment owed back (DST borne by ${borneBy})`, () => {
      const { loan, held, paid } = extendedThenReturned(borneBy);
      const q = loan.quote;
      expect(cashPaidOn(loan)).toBe(paid);
      const out = applyOrderEvent(loan, {
        type: 'payout_reversal_unwound',
        payoutId: 'p1',
        at: at('2026-12-20'),
      });
      expect(out.status).toBe('cancelled');
      expect(out.transition).toBe('payout_reversal_unwound');
      expect(out.transactions).toHaveLength(1);
      const [t] = out.transactions;
      expect(t!.key).toBe('unwound:p1');
      expect(t!.type).toBe('reversal');
      expect(sumOf(t!.entries)).toBe(0n);
      expect(totalOf(outstandingOf(persist(loan, out).transactions))).toBe(0n);
      // the whole history of the loan and the hold, booked together: only the float, the refund
      // and the documentary stamp tax are left
      const everything = [
        ...loan.transactions.flatMap((x) =>
          x.type === 'disbursement' ? disbursementLoanEntries(q) : loanTransactionEntries(x),
        ),
        ...held.entries,
        ...t!.entries,
      ];
      const left = new Map<string, bigint>();
      for (const e of everything) left.set(e.account, (left.get(e.account) ?? 0n) + e.amount);
      const dst = q.documentaryStampTax + q.lenderDocumentaryStampTax;
      expect(Object.fromEntries([...left].filter(([, v]) => v !== 0n))).toEqual({
        cash_at_provider: paid,
        refunds_payable: -paid,
        dst_payable: -dst,
        dst_expense: dst,
      });
    });
  }

  it('BE-05: a loan paid out again after an earlier bounce, then paid on, then bounced again: undone to the same books', () => {
    let loan = disbursed();
    const q = loan.quote;
    const posted: LedgerEntry[] = [...disbursementLoanEntries(q)];
    const take = (out: ReturnType<typeof applyOrderEvent>) => {
      for (const x of out.transactions) posted.push(...x.entries);
      if (out.held) posted.push(...out.held.entries);
      loan = persist(loan, out);
      return out;
    };
    // the first transfer bounces while nothing is paid: undone by itself, paid out again
    take(applyOrderEvent(loan, { type: 'day_passed', today: addDays(loan.dueDate!, 2) }));
    expect(
      take(applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p1', at: at('2026-12-18') })).status,
    ).toBe('payout_failed');
    take(applyOrderEvent(loan, { type: 'payout_account_fixed', at: at('2026-12-18', 12) }));
    take(applyOrderEvent(loan, { type: 'payout_succeeded', payoutId: 'p2', at: at('2026-12-18', 13) }));
    const quote = extensionQuote(loan, '2026-12-19');
    take(
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'extension',
        amount: quote.amount,
        paidAt: at('2026-12-19'),
        reference: 'x1',
      }),
    );
    const back = take(
      applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p2', at: at('2026-12-20') }),
    );
    expect(back.held).not.toBeNull();
    const out = take(
      applyOrderEvent(loan, { type: 'payout_reversal_unwound', payoutId: 'p2', at: at('2026-12-21') }),
    );
    expect(out.status).toBe('cancelled');
    const left = new Map<string, bigint>();
    for (const e of posted) left.set(e.account, (left.get(e.account) ?? 0n) + e.amount);
    const dst = q.documentaryStampTax + q.lenderDocumentaryStampTax;
    expect(Object.fromEntries([...left].filter(([, v]) => v !== 0n))).toEqual({
      cash_at_provider: quote.amount,
      refunds_payable: -quote.amount,
      dst_payable: -dst,
      dst_expense: dst,
    });
  });

  it('BE-05: a held reversal with nothing paid (a charge pause running) is undone with nothing to refund', () => {
    const loan = { ...disbursed(), chargePauses: [{ from: DAY0, until: null }] };
    const back = applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p1', at: at(DAY0, 15) });
    expect(back.held).not.toBeNull();
    const out = applyOrderEvent(loan, { type: 'payout_reversal_unwound', payoutId: 'p1', at: at(DAY0, 16) });
    expect(out.status).toBe('cancelled');
    expect(account(out.transactions[0]!.entries, 'refunds_payable')).toBe(0n);
    expect(account(out.transactions[0]!.entries, 'suspense')).toBe(loan.quote.netProceeds);
  });

  it('BE-05: a settled loan can be undone; a written-off one is refused; an order not paid out is illegal', () => {
    const loan = disbursed();
    const settled = persist(
      loan,
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: amountDueOn(loan, DAY0),
        paidAt: at(DAY0, 12),
        reference: 'r1',
      }),
    );
    expect(settled.status).toBe('settled');
    const unwind = (l: Loan) =>
      applyOrderEvent(l, { type: 'payout_reversal_unwound', payoutId: 'p1', at: at(DAY0, 18) });
    const out = unwind(settled);
    expect(out.status).toBe('cancelled');
    expect(account(out.transactions[0]!.entries, 'refunds_payable')).toBe(-amountDueOn(loan, DAY0));
    expect(() => unwind({ ...loan, writeOff: { amount: 1n, recovered: 0n } })).toThrow(
      expect.objectContaining({ code: 'PAYOUT_REVERSAL_CANNOT_UNWIND' }),
    );
    for (const status of ['disbursing', 'payout_failed', 'cancelled'] as const)
      expect(() => unwind({ ...loan, status })).toThrow(IllegalTransition);
  });
});
