import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { fingerprint } from '../../test/openapi-sweep.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyLoanEvent, decide, loadLoan } from './loan-record.ts';

/**
 * Issue 7: "an illegal event is a 409 with a catalogue code, never a 500". The borrower's routes
 * check the loan's state before they build an event (repay and extend: something due and an
 * extension available; a new payout account: a failed payout), so over HTTP the borrower meets
 * those checks' 409 codes, never the state machine's IllegalTransition; `decide` maps that one to
 * 409 ORDER_STATE_CONFLICT for the webhooks and console actions that reach it. Either way nothing
 * is written: no attempt, no event, no ledger line, no payout.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // 10:00 in Manila on 2027-03-01
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function borrowerWithLoan(payout: 'succeeded' | 'failed' = 'succeeded') {
  const phone = `9195${String(++phoneSeq).padStart(6, '0')}`;
  const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone, payout });
  const { token } = await api.signIn(phone);
  return { orderId, h: api.authed(token) };
}

const bill = async (h: Record<string, string>, orderId: string) =>
  (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body;
const repay = (h: Record<string, string>, orderId: string, body: Record<string, unknown>) =>
  api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', ...body },
    { ...h, 'idempotency-key': `k-${randomUUID()}` },
  );
const newPayoutAccount = (h: Record<string, string>, orderId: string) =>
  api.json(
    'PUT',
    `/api/orders/${orderId}/payout-account`,
    {
      channel: 'ewallet',
      providerCode: 'GCASH',
      account: '09171234599',
      confirmAccount: '09171234599',
      payeeFirstName: 'Maria',
      payeeLastName: 'Dela Cruz',
      withdrawalPhone: '9171234567',
    },
    h,
  );

/** The borrower's request is refused with the code, and the books and the loan are as before. */
async function refusedWithNothingWritten(
  request: () => Promise<{ status: number; body: { code?: string } }>,
  code: string,
) {
  const before = await fingerprint(db());
  const res = await request();
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code });
  expect(await fingerprint(db())).toEqual(before);
}

describe('issue 7 an action the loan no longer takes: 409 with a catalogue code, nothing written', () => {
  it('ST-01 VAL-15 CO-02 a settled loan: repaying or extending it again is refused, nothing opened or booked', async () => {
    const b = await borrowerWithLoan();
    const total = (await bill(b.h, b.orderId)).balance.total as string;
    const started = await repay(b.h, b.orderId, { expectedAmount: total });
    expect(started.status).toBe(201);
    await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
    expect(await bill(b.h, b.orderId)).toMatchObject({ status: 'settled', balance: { total: '0' } });

    await refusedWithNothingWritten(
      () => repay(b.h, b.orderId, { expectedAmount: total }),
      'NOTHING_TO_REPAY',
    );
    await refusedWithNothingWritten(
      () => repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: total }),
      'EXTENSION_NOT_ALLOWED',
    );
    // a settled loan takes no payout_account_fixed either
    await refusedWithNothingWritten(() => newPayoutAccount(b.h, b.orderId), 'PAYOUT_NOT_FAILED');
  });

  it('ST-01 ST-04 a cancelled order: no repayment, no extension, no new payout account', async () => {
    const b = await borrowerWithLoan('failed');
    // the operator cancels the failed payout (the console's action, tested in the console suite)
    await applyLoanEvent(
      db(),
      b.orderId,
      { type: 'cancelled_by_operator', at: t.clock.now() },
      t.clock.now(),
    );
    expect((await bill(b.h, b.orderId)).status).toBe('cancelled');

    await refusedWithNothingWritten(() => repay(b.h, b.orderId, { expectedAmount: '1' }), 'NOTHING_TO_REPAY');
    await refusedWithNothingWritten(
      () => repay(b.h, b.orderId, { purpose: 'extension', expectedAmount: '1' }),
      'EXTENSION_NOT_ALLOWED',
    );
    await refusedWithNothingWritten(() => newPayoutAccount(b.h, b.orderId), 'PAYOUT_NOT_FAILED');
  });

  it('ST-04 a loan being repaid takes no new payout account: its payout did not fail', async () => {
    const b = await borrowerWithLoan();
    await refusedWithNothingWritten(() => newPayoutAccount(b.h, b.orderId), 'PAYOUT_NOT_FAILED');
    expect((await bill(b.h, b.orderId)).status).toBe('repaying');
  });

  it('ST-01 an event the state machine refuses is 409 ORDER_STATE_CONFLICT where a route reaches it (decide), not a 500', async () => {
    const b = await borrowerWithLoan();
    const { loan } = (await loadLoan(db(), b.orderId))!;
    let refused: unknown;
    try {
      // a second payout success for a loan already being repaid
      decide(loan, { type: 'payout_succeeded', payoutId: 'again', at: t.clock.now() });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'ORDER_STATE_CONFLICT', status: 409 });
  });
});
