import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween } from '../time.ts';
import {
  amountDueOn,
  applyOrderEvent,
  chargeableOverdueDays,
  chargesPausedOn,
  type ChargePause,
  type Loan,
} from './loan-lifecycle.ts';
import { priceLoan } from './pricing.ts';
import { DEFAULT_PRODUCT } from './product.ts';

const DUE = '2027-01-20';

describe('BE-10 charge pauses', () => {
  it('BE-10 paused days are not charged: closed, open, before the due date, partly overlapping it', () => {
    const loan = (pauses: ChargePause[]) => ({ dueDate: DUE, chargePauses: pauses });
    expect(chargeableOverdueDays(loan([]), addDays(DUE, 10))).toBe(10);
    // days 4..9 paused (until exclusive)
    expect(
      chargeableOverdueDays(loan([{ from: addDays(DUE, 4), until: addDays(DUE, 10) }]), addDays(DUE, 12)),
    ).toBe(6);
    // an open pause covers every day from its start
    expect(chargeableOverdueDays(loan([{ from: addDays(DUE, 4), until: null }]), addDays(DUE, 12))).toBe(3);
    // a pause before the due date counts only from the day after it
    expect(
      chargeableOverdueDays(loan([{ from: addDays(DUE, -5), until: addDays(DUE, 2) }]), addDays(DUE, 5)),
    ).toBe(4);
    // a pause starting after `day` changes nothing yet
    expect(chargeableOverdueDays(loan([{ from: addDays(DUE, 8), until: null }]), addDays(DUE, 5))).toBe(5);
    expect(chargeableOverdueDays(loan([]), addDays(DUE, -3))).toBe(0);
  });

  it('BE-10 the chargeable days are the days after the due date no pause covers (model: count day by day)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 20 }), days: fc.integer({ min: 0, max: 15 }) }), {
          maxLength: 4,
        }),
        fc.boolean(),
        fc.integer({ min: -10, max: 120 }),
        (spans, lastOpen, onDay) => {
          let cursor = addDays(DUE, -10);
          const pauses: ChargePause[] = spans.map((s, i) => {
            const from = addDays(cursor, s.gap);
            cursor = addDays(from, s.days);
            return { from, until: lastOpen && i === spans.length - 1 ? null : cursor };
          });
          const day = addDays(DUE, onDay);
          let expected = 0;
          for (let d = 1; d <= daysBetween(DUE, day); d++) {
            const date = addDays(DUE, d);
            if (!pauses.some((p) => p.from <= date && (p.until === null || date < p.until))) expected++;
          }
          expect(chargeableOverdueDays({ dueDate: DUE, chargePauses: pauses }, day)).toBe(expected);
        },
      ),
    );
  });

  it('BE-10 the bill says charges are paused while a pause is open, or on a day inside one', () => {
    expect(chargesPausedOn({ chargePauses: [{ from: '2027-02-02', until: null }] }, '2027-02-01')).toBe(true);
    expect(
      chargesPausedOn({ chargePauses: [{ from: '2027-02-02', until: '2027-02-05' }] }, '2027-02-04'),
    ).toBe(true);
    expect(
      chargesPausedOn({ chargePauses: [{ from: '2027-02-02', until: '2027-02-05' }] }, '2027-02-05'),
    ).toBe(false);
    expect(chargesPausedOn({}, '2027-02-05')).toBe(false);
  });
});

describe('BE-15 a pause (dispute, hardship plan, write-off) only ever takes charges away', () => {
  it('BE-10 BE-15 CO-02 with any pauses, what is owed on any day is at most what is owed without them, and within the caps', () => {
    const quote = priceLoan(DEFAULT_PRODUCT, { principal: 500_000n, termDays: 14 });
    const pending: Loan = {
      id: 'p',
      status: 'disbursing',
      quote,
      terms: {
        lateCharge: DEFAULT_PRODUCT.lateCharge,
        penaltyDailyPpm: DEFAULT_PRODUCT.penaltyDailyPpm,
        extensionFeeBp: DEFAULT_PRODUCT.extensionFeeBp,
        extensionDays: DEFAULT_PRODUCT.extensionDays,
      },
      disbursedOn: null,
      dueDate: null,
      transactions: [],
    };
    const out = applyOrderEvent(pending, {
      type: 'payout_succeeded',
      payoutId: 'x',
      at: new Date('2027-01-05T02:00:00Z'),
    });
    const loan: Loan = {
      ...pending,
      ...out.changes,
      status: out.status,
      transactions: out.transactions,
    } as Loan;
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 30 }), days: fc.integer({ min: 0, max: 60 }) }), {
          maxLength: 3,
        }),
        fc.integer({ min: 0, max: 300 }),
        (spans, onDay) => {
          let cursor = '2027-01-05';
          const chargePauses: ChargePause[] = spans.map((s) => {
            const from = addDays(cursor, s.gap);
            cursor = addDays(from, s.days);
            return { from, until: cursor, reason: 'hardship' };
          });
          const day = addDays('2027-01-05', onDay);
          const withPauses = amountDueOn({ ...loan, status: 'overdue', chargePauses }, day);
          const without = amountDueOn({ ...loan, status: 'overdue' }, day);
          expect(withPauses).toBeLessThanOrEqual(without);
          // never more than the principal twice over (the 100%-of-principal total-cost cap)
          expect(withPauses).toBeLessThanOrEqual(quote.principal * 2n);
        },
      ),
    );
  });
});
