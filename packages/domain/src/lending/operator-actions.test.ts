import { describe, expect, it } from 'vitest';
import { addDays } from '../time.ts';
import { outstandingOf, totalOf, type LoanTransaction } from './loan-account.ts';
import {
  CANCELLATION_WINDOW_MS,
  LoanActionRefused,
  amountDueOn,
  applyOrderEvent,
  type Loan,
  type LoanOutcome,
} from './loan-lifecycle.ts';
import { IllegalTransition } from './order-state.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { priceLoan } from './pricing.ts';
import type { LedgerEntry } from './ledger.ts';

/** The console's money events (issue 11) as pure logic: cancellation (CO-05), suspense, waivers. */
const DAY0 = '2026-12-01';
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour - 8).padStart(2, '0')}:00:00Z`);
const DISBURSED_AT = at(DAY0);

function persist(loan: Loan, out: LoanOutcome): Loan {
  const strip = (t: (typeof out.transactions)[number]): LoanTransaction => ({
    type: t.type,
    portions: t.portions,
    cash: t.cash,
    businessDate: t.businessDate,
    dueDate: t.dueDate,
  });
  return {
    ...loan,
    status: out.status,
    ...(out.changes.disbursedOn !== undefined ? { disbursedOn: out.changes.disbursedOn } : {}),
    ...(out.changes.dueDate !== undefined ? { dueDate: out.changes.dueDate } : {}),
    transactions: [...loan.transactions, ...out.transactions.map(strip)],
  };
}

function disbursed(borneBy: 'borrower' | 'lender' = 'borrower', principal = 200_000n): Loan {
  const quote = priceLoan({ ...DEFAULT_PRODUCT, dst: { borneBy } }, { principal, termDays: 14 });
  const pending: Loan = {
    id: 'loan-1',
    status: 'disbursing',
    quote,
    terms: { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 },
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
