import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../time.ts';
import { disclosedAnnualRate, disclosedMonthlyRate, scheduleEffectiveMonthlyRate } from './compliance.ts';
import { extensionStatement } from './extension-statement.ts';
import { outstandingOf, totalOf } from './loan-account.ts';
import {
  applyOrderEvent,
  extensionQuote,
  type Loan,
  type LoanEvent,
  type LoanTerms,
} from './loan-lifecycle.ts';
import { allOffers, priceLoan } from './pricing.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { persistedOutcome } from './persisted-outcome.ts';

const TERMS: LoanTerms = { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 };
const DAY0 = '2026-12-01';
/** 10:00 in Manila on a Manila date */
const at = (day: string) => new Date(`${day}T02:00:00Z`);

function disbursed(principal = 200_000n, termDays = 14, terms: LoanTerms = TERMS): Loan {
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
  return apply(pending, { type: 'payout_succeeded', payoutId: 'p1', at: at(DAY0) });
}

/** The loan after an event, as the API persists it. */
const apply = (loan: Loan, event: LoanEvent): Loan => persistedOutcome(loan, applyOrderEvent(loan, event));

const payExtension = (loan: Loan, day: string) =>
  apply(loan, {
    type: 'payment_received',
    purpose: 'extension',
    amount: extensionQuote(loan, day).amount,
    paidAt: at(day),
    reference: `x-${day}`,
  });

describe('CO-02 BE-07 the extension statement from the loan history', () => {
  it('CO-02 after a partial payment it shows what is still owed (₱542.00 on the new due date), exactly what is booked once the extension is paid', () => {
    // the reviewer's case: ₱2,000 for 14 days, ₱1,500 held money applied as a partial payment
    let loan = disbursed();
    loan = apply(loan, {
      type: 'suspense_applied',
      purpose: 'partial',
      amount: 150_000n,
      paidAt: at('2026-12-05'),
      reference: 's1',
    });
    const statement = extensionStatement(loan, at('2026-12-10'));
    expect(statement.quote).toMatchObject({ available: true, fee: 2_000n, amount: 2_000n });
    expect(statement.extended).toMatchObject({
      // the ₱1,500 paid the interest (₱42) first, then ₱1,458 of principal
      owed: { principal: 54_200n, interest: 0n, fees: 0n, lateCharge: 0n, penalty: 0n },
      amountDue: 54_200n,
      newDueDate: '2026-12-23',
      days: 8,
      termDays: 22,
      extensions: 1,
      extensionFees: 2_000n,
      overdueCharges: 0n,
      // ₱77.58 at disbursement (interest ₱42, service fee ₱30, DST ₱0.58, credit reporting ₱5) + ₱20
      financeCharge: 9_758n,
    });
    const paid = payExtension(loan, '2026-12-10');
    expect(paid.dueDate).toBe(statement.extended!.newDueDate);
    expect(outstandingOf(paid.transactions)).toEqual(statement.extended!.owed);
  });

  it('BE-07 the EIR of the extended loan: net proceeds out, each extension fee on the day paid, principal and interest at the new due date; a month and a year, rounded up', () => {
    const loan = disbursed();
    const extended = extensionStatement(loan, at('2026-12-10')).extended!;
    // (by hand) 1,964.42 = 20 × (1+r)^(−9/30) + 2,042 × (1+r)^(−22/30) → r = 6.8755…% a month;
    // (1 + r)^12 − 1 = 122.0956…% a year
    expect(extended.eir.monthly).toBe(0.0688);
    expect(extended.eir.yearly).toBe(1.221);
    // a second extension counts the first one's fee on its own day, the way the cap check does
    const again = extensionStatement(payExtension(loan, '2026-12-10'), at('2026-12-23')).extended!;
    expect(again).toMatchObject({
      extensions: 2,
      extensionFees: 4_000n,
      termDays: 30,
      financeCharge: 11_758n,
    });
    expect(again.eir.monthly).toBeLessThan(extended.eir.monthly);
  });

  it('BE-07 one rounding rule: without extensions the schedule gives the EIR the loan disclosure shows, for every offer', () => {
    for (const offer of allOffers(DEFAULT_PRODUCT)) {
      const q = priceLoan(DEFAULT_PRODUCT, offer);
      const exact = scheduleEffectiveMonthlyRate({
        principal: q.principal,
        netProceeds: q.netProceeds,
        interest: q.interest,
        upFrontCharges: q.financeCharge - q.interest,
        termDays: q.termDays,
        extensions: [],
        overdueCharges: 0n,
      });
      expect(Math.ceil(exact * 10_000 - 1e-9) / 10_000).toBe(
        disclosedMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays),
      );
      expect(Math.ceil((Math.pow(1 + exact, 12) - 1) * 10_000 - 1e-9) / 10_000).toBe(
        disclosedAnnualRate(q.netProceeds, q.totalRepayment, q.termDays),
      );
    }
  });

  it('CO-02 BE-07 random histories: the statement equals the books after paying, the EIR is never understated and stays within the cap it was granted under', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(100_000n, 200_000n, 500_000n, 1_000_000n),
        fc.constantFrom(14, 30),
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('partial' as const), share: fc.integer({ min: 1, max: 90 }) }),
            fc.record({ kind: fc.constant('extend' as const) }),
            fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 20 }) }),
          ),
          { maxLength: 8 },
        ),
        (principal, termDays, steps) => {
          let loan = disbursed(principal, termDays);
          let day = DAY0;
          for (const step of steps) {
            if (step.kind === 'wait') {
              day = addDays(day, step.days);
              loan = apply(loan, { type: 'day_passed', today: day });
            } else if (step.kind === 'partial') {
              const owed = totalOf(outstandingOf(loan.transactions));
              const amount = (owed * BigInt(step.share)) / 100n;
              if (amount > 0n)
                loan = apply(loan, {
                  type: 'suspense_applied',
                  purpose: 'partial',
                  amount,
                  paidAt: at(day),
                  reference: `s-${loan.transactions.length}`,
                });
            } else if (extensionQuote(loan, day).available) loan = payExtension(loan, day);
          }
          const statement = extensionStatement(loan, at(day));
          if (!statement.quote.available) {
            expect(statement.extended).toBeNull();
            return;
          }
          const extended = statement.extended!;
          const paid = payExtension(loan, day);
          expect(outstandingOf(paid.transactions)).toEqual(extended.owed);
          expect(extended.amountDue).toBe(totalOf(extended.owed));
          expect(extended.owed.principal).toBe(outstandingOf(loan.transactions).principal);
          expect(paid.dueDate).toBe(extended.newDueDate);
          // the extension was granted because the schedule stays inside 12% a month: so is its EIR
          expect(extended.eir.monthly).toBeLessThanOrEqual(0.12);
          expect(extended.eir.yearly).toBeGreaterThanOrEqual(
            Math.pow(1 + extended.eir.monthly - 0.0001, 12) - 1,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
