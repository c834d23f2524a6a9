import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time.ts';
import { incomeStatement, trialBalance, type LedgerMovement } from './books.ts';
import { balance } from './loan-account.ts';
import {
  DEFAULT_DELINQUENCY_BUCKETS,
  bucketOf,
  collectionEfficiency,
  dueDatesThatFell,
  portfolioReport,
  previousMonth,
  rollRates,
  validateBuckets,
  writeOffsAndRecoveries,
  type PortfolioLoan,
} from './portfolio.ts';

type Tx = PortfolioLoan['transactions'][number];
const disbursement = (on: string, principal: bigint, interest = 0n): Tx => ({
  type: 'disbursement',
  portions: balance({ principal, interest }),
  cash: principal,
  businessDate: on,
});
const repayment = (on: string, principal: bigint, interest = 0n): Tx => ({
  type: 'repayment',
  portions: balance({ principal: -principal, interest: -interest }),
  cash: principal + interest,
  businessDate: on,
});
const extension = (on: string, fee: bigint, days: number): Tx[] => [
  { type: 'extension_fee', portions: balance({ fees: fee }), cash: 0n, businessDate: on, days },
  { type: 'repayment', portions: balance({ fees: -fee }), cash: fee, businessDate: on },
];
const loan = (id: string, on: string, termDays: number, txs: Tx[]): PortfolioLoan => ({
  id,
  disbursedOn: on,
  termDays,
  principal: txs[0]!.portions.principal,
  transactions: txs,
});

describe('BE-15 delinquency buckets', () => {
  it('BE-15 the default list is current, 1–30, 31–60, 61–90, 90+ and is well formed', () => {
    expect(DEFAULT_DELINQUENCY_BUCKETS.map((b) => b.id)).toEqual([
      'current',
      '1-30',
      '31-60',
      '61-90',
      '90+',
    ]);
    expect(validateBuckets(DEFAULT_DELINQUENCY_BUCKETS)).toEqual([]);
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map((d) => bucketOf(d).id)).toEqual([
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('BE-15 a configured list with a gap, an overlap or a closed end is refused', () => {
    expect(
      validateBuckets([
        { id: 'a', minDays: 0, maxDays: 5 },
        { id: 'b', minDays: 7, maxDays: null },
      ]),
    ).not.toEqual([]);
    expect(
      validateBuckets([
        { id: 'a', minDays: 0, maxDays: 5 },
        { id: 'b', minDays: 5, maxDays: null },
      ]),
    ).not.toEqual([]);
    expect(validateBuckets([{ id: 'a', minDays: 0, maxDays: 5 }])).not.toEqual([]);
  });

  it('BE-15 every number of days falls in exactly one bucket (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000), (days) => {
        const holding = DEFAULT_DELINQUENCY_BUCKETS.filter(
          (b) => days >= b.minDays && (b.maxDays === null || days <= b.maxDays),
        );
        expect(holding).toHaveLength(1);
        expect(bucketOf(days)).toBe(holding[0]);
      }),
    );
  });
});

/** Random loan histories: a disbursement, then repayments and extensions on later days. */
const loanArb = fc
  .record({
    offset: fc.integer({ min: 0, max: 200 }),
    termDays: fc.integer({ min: 7, max: 60 }),
    principal: fc.bigInt({ min: 100_000n, max: 5_000_000n }),
    steps: fc.array(
      fc.record({
        after: fc.integer({ min: 1, max: 40 }),
        kind: fc.constantFrom('pay', 'extend', 'payAll'),
        share: fc.integer({ min: 1, max: 100 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ offset, termDays, principal, steps }) => {
    let day = addDays('2026-01-01', offset);
    const txs: Tx[] = [disbursement(day, principal, principal / 10n)];
    let owed = principal;
    let interest = principal / 10n;
    for (const s of steps) {
      if (owed === 0n) break;
      day = addDays(day, s.after);
      if (s.kind === 'extend') txs.push(...extension(day, principal / 100n, 10));
      else {
        const paidInterest = interest;
        const paid = s.kind === 'payAll' ? owed : (owed * BigInt(s.share)) / 100n;
        txs.push(repayment(day, paid, paidInterest));
        owed -= paid;
        interest = 0n;
      }
    }
    return { disbursedOn: addDays('2026-01-01', offset), termDays, txs };
  });
const portfolioArb = fc
  .array(loanArb, { maxLength: 25 })
  .map((ls) => ls.map((l, i) => loan(`l${i}`, l.disbursedOn, l.termDays, l.txs)));
const dayArb = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n));

describe('BE-15 portfolio reports from loan histories', () => {
  it('BE-15 aging: the buckets partition the outstanding principal (property)', () => {
    fc.assert(
      fc.property(portfolioArb, dayArb, (loans, asOf) => {
        const r = portfolioReport(loans, asOf);
        expect(r.aging.reduce((s, a) => s + a.principal, 0n)).toBe(r.principalOutstanding);
        expect(r.aging.reduce((s, a) => s + a.loans, 0)).toBe(r.loans);
        for (const a of r.aging) expect(a.principal >= 0n).toBe(true);
      }),
    );
  });

  it('BE-15 PAR1, PAR7, PAR30 lie between 0 and 1 and PAR30 ≤ PAR7 ≤ PAR1 (property)', () => {
    fc.assert(
      fc.property(portfolioArb, dayArb, (loans, asOf) => {
        const [par1, par7, par30] = portfolioReport(loans, asOf).par;
        for (const p of [par1!, par7!, par30!]) {
          expect(p.ratio).toBeGreaterThanOrEqual(0);
          expect(p.ratio).toBeLessThanOrEqual(1);
        }
        expect(par30!.ratio).toBeLessThanOrEqual(par7!.ratio);
        expect(par7!.ratio).toBeLessThanOrEqual(par1!.ratio);
        expect(par30!.principal <= par7!.principal && par7!.principal <= par1!.principal).toBe(true);
      }),
    );
  });

  it('BE-15 a worked portfolio: aging, PAR and roll rates between two month-ends', () => {
    const loans = [
      // due 15 Feb, unpaid: 13 days past due on 28 Feb, 44 on 31 Mar
      loan('a', '2026-02-01', 14, [disbursement('2026-02-01', 100_000n)]),
      // due 24 Feb, half paid on 20 Feb: 4 days past due on 28 Feb, 35 on 31 Mar
      loan('b', '2026-02-10', 14, [disbursement('2026-02-10', 300_000n), repayment('2026-02-20', 150_000n)]),
      // due 14 Mar: current on 28 Feb, repaid on 10 Mar
      loan('c', '2026-02-28', 14, [disbursement('2026-02-28', 200_000n), repayment('2026-03-10', 200_000n)]),
      // due 30 Mar, unpaid: current on 28 Feb? not yet lent. 1 day past due on 31 Mar
      loan('d', '2026-03-16', 14, [disbursement('2026-03-16', 400_000n)]),
    ];
    const feb = portfolioReport(loans, '2026-02-28');
    expect(feb.principalOutstanding).toBe(450_000n);
    expect(feb.aging.map((a) => [a.bucket, a.principal])).toEqual([
      ['current', 200_000n],
      ['1-30', 250_000n],
      ['31-60', 0n],
      ['61-90', 0n],
      ['90+', 0n],
    ]);
    expect(feb.par.map((p) => [p.days, p.principal])).toEqual([
      [1, 250_000n],
      [7, 100_000n],
      [30, 0n],
    ]);
    const mar = portfolioReport(loans, '2026-03-31');
    expect(mar.par[0]).toEqual({ days: 1, principal: 650_000n, ratio: 1 });
    expect(mar.par[2]!.principal).toBe(250_000n);
    const rolls = rollRates(loans, '2026-02-28', '2026-03-31');
    // current (c: repaid) rolled nothing; all of 1–30 (a and b) rolled to 31–60
    expect(rolls[0]).toMatchObject({
      from: 'current',
      to: '1-30',
      principalFrom: 200_000n,
      principalRolled: 0n,
      rate: 0,
    });
    expect(rolls[1]).toMatchObject({
      from: '1-30',
      to: '31-60',
      principalFrom: 250_000n,
      principalRolled: 250_000n,
      rate: 1,
    });
  });

  it('BE-15 collection efficiency: collected in the month ÷ what fell due in it', () => {
    const loans = [
      // due 15 Mar, paid in full on the day
      loan('paid', '2026-03-01', 14, [
        disbursement('2026-03-01', 100_000n, 10_000n),
        repayment('2026-03-15', 100_000n, 10_000n),
      ]),
      // due 20 Mar, paid early on 12 Mar: counted as due and collected
      loan('early', '2026-03-06', 14, [
        disbursement('2026-03-06', 100_000n),
        repayment('2026-03-12', 100_000n),
      ]),
      // due 25 Mar, nothing paid
      loan('unpaid', '2026-03-11', 14, [disbursement('2026-03-11', 200_000n)]),
      // due 5 Mar, extended early on 1 Mar to 15 Mar, then paid in full: fell due once (15 Mar)
      loan('ext', '2026-02-19', 14, [
        disbursement('2026-02-19', 100_000n),
        ...extension('2026-03-01', 1_000n, 10),
        repayment('2026-03-15', 100_000n),
      ]),
      // due in April: not in March's figures
      loan('later', '2026-03-25', 14, [disbursement('2026-03-25', 500_000n)]),
    ];
    expect(dueDatesThatFell(loans[3]!)).toEqual(['2026-03-15']);
    const ce = collectionEfficiency(loans, '2026-03');
    expect(ce.fellDue).toBe(110_000n + 100_000n + 200_000n + 101_000n);
    expect(ce.collected).toBe(110_000n + 100_000n + 101_000n);
    expect(ce.efficiency).toBeCloseTo(311_000 / 511_000, 5);
    expect(ce.collectedAll).toBe(311_000n);
    expect(collectionEfficiency(loans, '2026-01').efficiency).toBeNull();
  });

  it('BE-15 BE-05 a loan undone after its transfer came back: its payments count in their month, and go back out in the month it is undone', () => {
    const undone = loan('undone', '2026-03-01', 14, [
      disbursement('2026-03-01', 100_000n, 10_000n),
      repayment('2026-03-15', 100_000n, 10_000n),
      // the transfer came back in April; finance undid the loan and refunds the 110,000 paid
      {
        type: 'reversal',
        portions: balance(),
        cash: -97_000n,
        businessDate: '2026-04-03',
      },
    ]);
    // March, as it was reported: collected what was paid on the due date
    expect(collectionEfficiency([undone], '2026-03')).toMatchObject({
      fellDue: 110_000n,
      collected: 110_000n,
      collectedAll: 110_000n,
    });
    // April: the refund is money going back, not a collection
    expect(collectionEfficiency([undone], '2026-04')).toMatchObject({ collectedAll: -110_000n });
  });

  it('BE-15 write-offs and recoveries of a month come from the ledger (credit loss, recovery income)', () => {
    const movements = [
      { account: 'credit_loss_expense', date: '2026-03-31', amount: 50_000n },
      { account: 'credit_loss_expense', date: '2026-04-02', amount: 104_200n },
      { account: 'allowance_written_off', date: '2026-04-02', amount: -104_200n },
      { account: 'recovery_income', date: '2026-04-20', amount: -30_000n },
      { account: 'allowance_written_off', date: '2026-04-20', amount: 30_000n },
      { account: 'recovery_income', date: '2026-05-01', amount: -1_000n },
    ];
    expect(writeOffsAndRecoveries(movements, '2026-04', 1)).toEqual({
      writtenOff: 104_200n,
      writtenOffLoans: 1,
      recovered: 30_000n,
    });
    expect(writeOffsAndRecoveries([], '2026-04', 0)).toEqual({
      writtenOff: 0n,
      writtenOffLoans: 0,
      recovered: 0n,
    });
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });
});

describe('BE-15 trial balance and income statement', () => {
  const accounts = [
    'cash_at_provider',
    'principal_receivable',
    'interest_receivable',
    'interest_income',
    'fee_income',
    'coupon_expense',
    'suspense',
  ];
  /** balanced postings: each is a set of lines summing to zero, on one day */
  const postingsArb = fc.array(
    fc
      .record({
        day: dayArb,
        lines: fc.array(
          fc.record({
            account: fc.constantFrom(...accounts),
            amount: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        balancing: fc.constantFrom(...accounts),
      })
      .map(({ day, lines, balancing }) => {
        const sum = lines.reduce((s, l) => s + l.amount, 0n);
        return [...lines, { account: balancing, amount: -sum }].map((l) => ({ ...l, date: day }));
      }),
    { maxLength: 30 },
  );

  it('BE-15 the trial balance sums to zero, opening and closing, debits equal credits (property)', () => {
    fc.assert(
      fc.property(postingsArb, dayArb, dayArb, (postings, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const movements: LedgerMovement[] = postings.flat();
        const tb = trialBalance(movements, from, to);
        expect(tb.totals.opening).toBe(0n);
        expect(tb.totals.closing).toBe(0n);
        expect(tb.totals.debits).toBe(tb.totals.credits);
      }),
    );
  });

  it('BE-15 the income statement total equals the change in the income and expense accounts (property)', () => {
    fc.assert(
      fc.property(postingsArb, dayArb, dayArb, (postings, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const movements: LedgerMovement[] = postings.flat();
        const is = incomeStatement(movements, from, to);
        const tb = trialBalance(movements, from, to);
        const change = tb.rows
          .filter((r) => r.kind === 'income' || r.kind === 'expense')
          .reduce((s, r) => s + (r.closing - r.opening), 0n);
        // income is credit (negative), so net income is minus the change of the P&L accounts
        expect(is.netIncome).toBe(-change);
        expect(is.totalIncome - is.totalExpenses).toBe(is.netIncome);
      }),
    );
  });
});
