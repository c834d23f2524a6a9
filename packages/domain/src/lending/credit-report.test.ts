import { describe, expect, it } from 'vitest';
import { addDays } from '../time.ts';
import { creditStandingAsOf, monthEnd } from './credit-report.ts';
import { amountDueOn, applyOrderEvent, extensionQuote, type Loan, type LoanTerms } from './loan-lifecycle.ts';
import type { LoanTransaction } from './loan-account.ts';
import { DEFAULT_PRODUCT } from './product.ts';
import { priceLoan } from './pricing.ts';

const TERMS: LoanTerms = { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 100, extensionDays: 8 };
const at = (day: string) => new Date(`${day}T02:00:00Z`);

function step(loan: Loan, out: ReturnType<typeof applyOrderEvent>): Loan {
  return {
    ...loan,
    status: out.status,
    ...(out.changes.disbursedOn !== undefined ? { disbursedOn: out.changes.disbursedOn } : {}),
    ...(out.changes.dueDate !== undefined ? { dueDate: out.changes.dueDate } : {}),
    transactions: [
      ...loan.transactions,
      ...out.transactions.map((t): LoanTransaction => ({
        type: t.type,
        portions: t.portions,
        cash: t.cash,
        businessDate: t.businessDate,
        dueDate: t.dueDate,
        ...(t.days !== undefined ? { days: t.days } : {}),
      })),
    ],
  };
}

function disbursed(on: string): Loan {
  const quote = priceLoan(DEFAULT_PRODUCT, { principal: 300_000n, termDays: 14 });
  const pending: Loan = {
    id: 'l',
    status: 'disbursing',
    quote,
    terms: TERMS,
    disbursedOn: null,
    dueDate: null,
    transactions: [],
  };
  return step(pending, applyOrderEvent(pending, { type: 'payout_succeeded', payoutId: 'p', at: at(on) }));
}

const facts = (loan: Loan) => ({
  disbursedOn: loan.disbursedOn,
  termDays: loan.quote.termDays,
  principal: loan.quote.principal,
  transactions: loan.transactions,
});

describe('BE-13 credit standing as of a day (the CIC monthly file)', () => {
  it('BE-13 not yet paid out → not reported; current before the due date; past due with days after it', () => {
    let loan = disbursed('2026-11-20');
    expect(creditStandingAsOf(facts(loan), '2026-11-19')).toBeNull();
    expect(creditStandingAsOf(facts(loan), '2026-11-30')).toMatchObject({
      status: 'current',
      dueDate: '2026-12-04',
      principalOutstanding: 300_000n,
      daysPastDue: 0,
    });
    for (let d = 1; d <= 41; d++)
      loan = step(loan, applyOrderEvent(loan, { type: 'day_passed', today: addDays('2026-11-20', d) }));
    const december = creditStandingAsOf(facts(loan), monthEnd('2026-12'));
    expect(december).toMatchObject({ status: 'past_due', daysPastDue: 27 });
    // the penalties posted up to the day are in the balance
    expect(december!.totalOutstanding).toBe(amountDueOn(loan, '2026-12-31'));
    // the November standing is unchanged by what happened later
    expect(creditStandingAsOf(facts(loan), '2026-11-30')).toMatchObject({
      status: 'current',
      daysPastDue: 0,
    });
  });

  it('BE-13 an extension moves the due date from the day it is paid; a full payment closes the account', () => {
    let loan = disbursed('2026-11-20');
    const q = extensionQuote(loan, '2026-12-01');
    loan = step(
      loan,
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'extension',
        amount: q.amount,
        paidAt: at('2026-12-01'),
        reference: 'x',
      }),
    );
    expect(creditStandingAsOf(facts(loan), '2026-11-30')!.dueDate).toBe('2026-12-04');
    expect(creditStandingAsOf(facts(loan), '2026-12-10')).toMatchObject({
      status: 'current',
      dueDate: '2026-12-12',
      lastPaymentOn: '2026-12-01',
      lastPaymentAmount: q.amount,
    });
    const due = amountDueOn(loan, '2026-12-11');
    loan = step(
      loan,
      applyOrderEvent(loan, {
        type: 'payment_received',
        purpose: 'full',
        amount: due,
        paidAt: at('2026-12-11'),
        reference: 'f',
      }),
    );
    expect(creditStandingAsOf(facts(loan), monthEnd('2026-12'))).toMatchObject({
      status: 'closed',
      totalOutstanding: 0n,
      closedOn: '2026-12-11',
      lastPaymentAmount: due,
    });
    // BE-05: the transfer then comes back and finance undoes the loan in January: December's file
    // still says what was sent (closed); January reports it cancelled, closed on the day it was undone
    const undone = step(
      loan,
      applyOrderEvent(loan, { type: 'payout_reversal_unwound', payoutId: 'p', at: at('2027-01-04') }),
    );
    expect(undone.status).toBe('cancelled');
    expect(creditStandingAsOf(facts(undone), monthEnd('2026-12'))).toMatchObject({
      status: 'closed',
      closedOn: '2026-12-11',
    });
    expect(creditStandingAsOf(facts(undone), monthEnd('2027-01'))).toMatchObject({
      status: 'cancelled',
      totalOutstanding: 0n,
      closedOn: '2027-01-04',
    });
  });

  it('BE-13 BE-10 a payment made on the last day of a month and reported after the day job charged the next days: closed that month, never negative', () => {
    let loan = disbursed('2027-05-10'); // due 2027-05-24
    // the day job charges every day up to 2 June
    for (let d = 25; d <= 31; d++)
      loan = step(loan, applyOrderEvent(loan, { type: 'day_passed', today: `2027-05-${d}` }));
    const dueOnPayDay = amountDueOn(loan, '2027-05-31');
    loan = step(loan, applyOrderEvent(loan, { type: 'day_passed', today: '2027-06-01' }));
    loan = step(loan, applyOrderEvent(loan, { type: 'day_passed', today: '2027-06-02' }));
    // the borrower paid on 31 May (Manila); the provider reports it on 2 June
    const paid = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: dueOnPayDay,
      paidAt: new Date('2027-05-31T14:00:00Z'),
      reference: 'late-report',
    });
    expect(paid.status).toBe('settled');
    loan = step(loan, paid);
    for (const asOf of ['2027-05-31', '2027-06-30']) {
      expect(creditStandingAsOf(facts(loan), asOf)).toMatchObject({
        status: 'closed',
        totalOutstanding: 0n,
        principalOutstanding: 0n,
        closedOn: '2027-05-31',
        daysPastDue: 0,
      });
    }
  });

  it('BE-13 BE-05 a payout that bounced back: the month it was open stays as sent; the next month reports it cancelled; a new payout is a new account', () => {
    let loan = disbursed('2027-05-10');
    const sent = creditStandingAsOf(facts(loan), '2027-05-31');
    expect(sent).toMatchObject({ status: 'past_due', disbursedOn: '2027-05-10', dueDate: '2027-05-24' });
    const back = applyOrderEvent(loan, { type: 'payout_reversed', payoutId: 'p', at: at('2027-06-05') });
    loan = step(loan, back);
    expect(loan.disbursedOn).toBeNull(); // the order forgets it; the history does not
    expect(creditStandingAsOf(facts(loan), '2027-05-31')).toEqual(sent);
    expect(creditStandingAsOf(facts(loan), '2027-06-30')).toMatchObject({
      status: 'cancelled',
      totalOutstanding: 0n,
      closedOn: '2027-06-05',
    });
    // paid out again to a fixed account: an open account from the new date, then closed by payment
    loan = step(loan, applyOrderEvent(loan, { type: 'payout_account_fixed', at: at('2027-06-08') }));
    loan = step(
      loan,
      applyOrderEvent(loan, { type: 'payout_succeeded', payoutId: 'p2', at: at('2027-06-10') }),
    );
    expect(creditStandingAsOf(facts(loan), '2027-06-30')).toMatchObject({
      status: 'past_due',
      disbursedOn: '2027-06-10',
      dueDate: '2027-06-24',
    });
    const paid = applyOrderEvent(loan, {
      type: 'payment_received',
      purpose: 'full',
      amount: amountDueOn(loan, '2027-07-01'),
      paidAt: at('2027-07-01'),
      reference: 'r',
    });
    loan = step(loan, paid);
    expect(creditStandingAsOf(facts(loan), '2027-07-31')).toMatchObject({
      status: 'closed',
      closedOn: '2027-07-01',
    });
  });

  it('BE-13 month ends, leap years included', () => {
    expect(monthEnd('2026-11')).toBe('2026-11-30');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });
});
