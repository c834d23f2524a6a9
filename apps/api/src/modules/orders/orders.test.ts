import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ordersContext } from './orders-context.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { eq, sql } from 'drizzle-orm';
import { manilaDate } from '@pisonow/domain';
import { accrueOverdueCharges } from '../servicing/accrue-overdue-charges.ts';
import { applyLoanEvent } from '../servicing/loan-record.ts';
import { cancelPayout, listPayoutQueue } from '../console/payout-queue.ts';
import { moneyContext } from '../console/money-context.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { ledgerEntries, ledgerTransactions, orderDocuments, orders, payouts } from '../../db/schema/index.ts';
import { decideApplication } from '../lending/decide-application.ts';
import { seedDefaultProduct } from '../lending/product-config.ts';
import { SandboxPayoutProvider } from '../../providers/payout/sandbox-payout.ts';
import type { XenditPayoutProvider } from '../../providers/payout/xendit-payout.ts';
import { PayoutSendError, type PayoutRequest } from '../../providers/payout/payout-provider.ts';
import { placeOrder, previewOrderDocuments } from './place-order.ts';
import { disburseOrder, disbursePendingOrders } from './disburse-order.ts';
import { fixPayoutAccount } from './fix-payout-account.ts';
import { receivePayoutCallback } from './receive-payout-callback.ts';
import { orderView } from './order-view.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
const sandbox = new SandboxPayoutProvider();
const SIGNATURE = `data:image/png;base64,${Buffer.from('png-bytes-of-a-drawn-signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  await seedDefaultProduct(lendingContext(t.app));
});
afterAll(async () => t?.close());

const deps = () => ordersContext(t.app);
const jobDeps = (payouts = sandbox as SandboxPayoutProvider | XenditPayoutProvider) => ({
  ...ordersContext(t.app),
  payouts,
});

/** An approved borrower whose payout account ends with `accountTail` (sandbox magic values). */
async function approved(phone: string, accountTail = '4567') {
  const b = await submitCompleteApplication(t.database.db, api, phone, { account: `0917123${accountTail}` });
  expect((await decideApplication(lendingContext(t.app), { applicationId: b.applicationId }))?.outcome).toBe(
    'approve',
  );
  return b;
}

const withdraw = async (customerId: string, over: Record<string, unknown> = {}) => {
  const input = { amount: '200000', termDays: 14, ...over } as { amount: string; termDays: number };
  // what the borrower read first (issue 7): the order must carry its version and hash
  const seen = await previewOrderDocuments(deps(), { customerId, ...input }).catch(() => ({
    productVersion: 1,
    documentsSha256: '0'.repeat(64),
  }));
  return placeOrder(deps(), {
    customerId,
    request: {
      signature: SIGNATURE,
      productVersion: seen.productVersion,
      documentsSha256: seen.documentsSha256,
      ...input,
      ...over,
    } as never,
  });
};

describe('ST-06 ST-07 withdrawal: order, documents, signature', () => {
  it('ST-07 an approved borrower withdraws within the limit; the order keeps every line and the product version', async () => {
    const b = await approved('9194000001');
    const orderId = await withdraw(b.customerId);
    const view = await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' });
    expect(view).toMatchObject({
      status: 'disbursing',
      productVersion: 1,
      principal: '200000',
      interest: '4200',
      serviceFee: '3000',
      tax: '0',
      documentaryStampTax: '58',
      creditReportingFee: '500',
      netProceeds: '196442',
      totalRepayment: '204200',
      effectiveMonthlyRate: 0.0866,
    });
    expect(view.label.text).toBe('Disbursement in progress (arrives within 24 hours)');
    expect(view.documents.map((d) => d.kind).sort()).toEqual(['agreement', 'disclosure', 'sanction_letter']);
    const [disclosure] = await t.database.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId));
    expect(disclosure!.html).toContain('₱');
    expect(disclosure!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ST-06 an unpaid order blocks another withdrawal: "Outstanding repayment"', async () => {
    const b = await approved('9194000002');
    await withdraw(b.customerId);
    await expect(withdraw(b.customerId)).rejects.toMatchObject({ code: 'OUTSTANDING_REPAYMENT' });
  });

  it('SH-13 50 concurrent withdrawals book one order and one payout', async () => {
    const b = await approved('9194000003');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => withdraw(b.customerId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason.code === 'OUTSTANDING_REPAYMENT'),
    ).toBe(true);
    const mine = await t.database.db.select().from(orders).where(eq(orders.customerId, b.customerId));
    expect(mine).toHaveLength(1);
    expect(await t.database.db.select().from(payouts).where(eq(payouts.orderId, mine[0]!.id))).toHaveLength(
      1,
    );
  });

  it('ST-07 one signature serves later orders; the first order needs it', async () => {
    const b = await approved('9194000004');
    await expect(withdraw(b.customerId, { signature: undefined })).rejects.toMatchObject({
      code: 'SIGNATURE_REQUIRED',
    });
  });

  it('amounts over the limit or not offered are refused', async () => {
    const b = await approved('9194000005');
    await expect(withdraw(b.customerId, { amount: '500000' })).rejects.toMatchObject({
      code: 'AMOUNT_NOT_OFFERED',
    }); // limit ₱4,000
    await expect(withdraw(b.customerId, { amount: '120000' })).rejects.toMatchObject({
      code: 'AMOUNT_NOT_OFFERED',
    });
    await expect(withdraw(b.customerId, { termDays: 7 })).rejects.toMatchObject({
      code: 'AMOUNT_NOT_OFFERED',
    });
  });

  it('BE-07 issue 7 what the borrower saw is what is booked, even when Manila midnight passes between the check and the booking', async () => {
    const b = await approved('9194000008');
    const started = t.clock.now();
    try {
      // 23:59:59.9 in Manila: the borrower reads the documents dated today
      const before = new Date('2026-12-31T15:59:59.900Z');
      t.clock.set(before);
      const input = { amount: '200000', termDays: 14 };
      const seen = await previewOrderDocuments(deps(), { customerId: b.customerId, ...input });
      // the check drafts at 23:59:59.9; the booking's draft reads the clock after midnight
      let reads = 0;
      const clock = { now: () => (reads++ === 0 ? before : new Date('2026-12-31T16:00:00.100Z')) };
      await expect(
        placeOrder(
          { ...deps(), clock },
          {
            customerId: b.customerId,
            request: {
              signature: SIGNATURE,
              productVersion: seen.productVersion,
              documentsSha256: seen.documentsSha256,
              ...input,
            } as never,
          },
        ),
      ).rejects.toMatchObject({ code: 'PRICE_CHANGED' });
      expect(
        await t.database.db.select().from(orders).where(eq(orders.customerId, b.customerId)),
      ).toHaveLength(0);
    } finally {
      t.clock.set(started);
    }
  });

  it("RO-01 another borrower's order is not found", async () => {
    const a = await approved('9194000006');
    const c = await approved('9194000007');
    const orderId = await withdraw(a.customerId);
    await expect(
      orderView(deps(), { customerId: c.customerId, orderId, locale: 'en-US' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const other = { ...c.steps.bankInfo, account: '09171230001', confirmAccount: '09171230001' };
    await expect(
      fixPayoutAccount(deps(), { customerId: c.customerId, orderId, body: other }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('BE-05 ST-04 disbursement', () => {
  it('BE-05 a successful payout moves the order to pending repayment with a due date, posts a balanced ledger transaction; running the job again changes nothing', async () => {
    const b = await approved('9195000001');
    const orderId = await withdraw(b.customerId);
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('succeeded');
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('not-disbursing');
    const view = await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' });
    expect(view).toMatchObject({ status: 'repaying', dueDate: '2026-12-06', payout: { state: 'succeeded' } });
    expect(view.payout!.reference).toMatch(/^sbx-/);
    expect(view.label.text).toBe('Expires in 14 days');
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, b.customerId));
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    expect(entries.find((e) => e.account === 'principal_receivable')!.amount).toBe(200_000n);
    expect(entries.find((e) => e.account === 'cash_at_provider')!.amount).toBe(-196_442n);
  });

  it('ST-04 a payout to an unusable account fails; after the fix the same order is paid once', async () => {
    const b = await approved('9195000002', '0000');
    const orderId = await withdraw(b.customerId);
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('failed');
    expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
      'payout_failed',
    );
    // VAL-07: the same account again is refused
    await expect(
      fixPayoutAccount(deps(), { customerId: b.customerId, orderId, body: b.steps.bankInfo }),
    ).rejects.toMatchObject({
      code: 'PAYOUT_UNCHANGED',
    });
    await fixPayoutAccount(deps(), {
      customerId: b.customerId,
      orderId,
      body: {
        ...b.steps.bankInfo,
        account: '09171239876',
        confirmAccount: '09171239876',
      },
    });
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('succeeded');
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('not-disbursing');
    const attempts = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(attempts.map((p) => [p.attempt, p.state]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(
      await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, orderId)),
    ).toHaveLength(1);
  });

  it('BE-05 an accepted payout completes by callback; replayed and forged callbacks have no effect', async () => {
    const b = await approved('9195000003', '1111');
    const orderId = await withdraw(b.customerId);
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('accepted');
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    const body = { providerPayoutId: payout!.providerPayoutId, referenceId: payout!.id, state: 'succeeded' };
    const cb = (headers: Record<string, string>, b2: unknown = body) =>
      receivePayoutCallback(jobDeps(), { headers, body: b2 });
    expect(await cb({})).toBe('forged');
    // issue 8: the old anonymous sandbox marker is not a signature
    expect(await cb({ 'x-sandbox-callback': '1' })).toBe('forged');
    const other = { ...body, providerPayoutId: 'sbx-someone-else' };
    expect(await cb(sandbox.signCallback(other), other)).toBe('unknown');
    // a transfer made by hand in the provider's dashboard names a reference that is not our id:
    // recorded, applied to nothing (it was a 500 from the uuid cast, so the provider retried forever)
    const manual = { ...body, providerPayoutId: 'sbx-manual', referenceId: 'refund-2027-02-01' };
    expect(await cb(sandbox.signCallback(manual), manual)).toBe('unknown');
    expect(await cb(sandbox.signCallback(body))).toBe('applied');
    expect(await cb(sandbox.signCallback(body))).toBe('replayed');
    expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
      'repaying',
    );
    expect(
      await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, orderId)),
    ).toHaveLength(1);
  });

  it('BE-05 an authentic callback we do not act on is answered, not refused; a NUL in its fields is stored replaced', async () => {
    const b = await approved('9195000013', '1111');
    const orderId = await withdraw(b.customerId);
    expect(await disburseOrder(jobDeps(), { orderId })).toBe('accepted');
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    const cb = (body: Record<string, unknown>) =>
      receivePayoutCallback(jobDeps(), { headers: sandbox.signCallback(body), body });
    // a status the adapter does not model: refused as forged (401), the provider re-delivered it for
    // a day and then dropped it
    const onHold = { providerPayoutId: payout!.providerPayoutId, referenceId: payout!.id, state: 'on_hold' };
    expect(await cb(onHold)).toBe('unread');
    expect(await cb(onHold)).toBe('unread');
    // a NUL in the provider's failure code failed the insert: a 500 on every delivery
    const failed = {
      providerPayoutId: payout!.providerPayoutId,
      referenceId: payout!.id,
      state: 'failed',
      failureCode: 'INVALID\u0000DESTINATION',
    };
    expect(await cb(failed)).toBe('applied');
    const [after] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(after).toMatchObject({ state: 'failed', failureCode: 'INVALID\ufffdDESTINATION' });
    // through the route: the text guard refuses a NUL from a borrower (400), not from the provider
    const appPayouts = ordersContext(t.app).payouts as SandboxPayoutProvider;
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/callbacks',
      headers: { 'content-type': 'application/json', ...appPayouts.signCallback(failed) },
      payload: JSON.stringify(failed),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ result: 'replayed' });
  });

  it('BE-05 a reversed payout undoes its ledger posting and asks for a new account', async () => {
    const b = await approved('9195000004', '2222');
    const orderId = await withdraw(b.customerId);
    await disburseOrder(jobDeps(), { orderId });
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    const reversal = {
      providerPayoutId: payout!.providerPayoutId,
      referenceId: payout!.id,
      state: 'reversed',
    };
    const reversed = await receivePayoutCallback(jobDeps(), {
      headers: sandbox.signCallback(reversal),
      body: reversal,
    });
    expect(reversed).toBe('applied');
    expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
      'payout_failed',
    );
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, b.customerId));
    expect(
      entries.filter((e) => e.account === 'principal_receivable').reduce((s, e) => s + e.amount, 0n),
    ).toBe(0n);
  });
});

describe('BE-05 a payout that comes back after the loan has moved on (issue 7 review)', () => {
  const reverse = async (orderId: string) => {
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    const body = { providerPayoutId: payout!.providerPayoutId, referenceId: payout!.id, state: 'reversed' };
    return {
      payout: payout!,
      result: await receivePayoutCallback(jobDeps(), { headers: sandbox.signCallback(body), body }),
    };
  };
  const orderSums = async (orderId: string) => {
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    return (account: string) =>
      entries.filter((e) => e.account === account).reduce((s, e) => s + e.amount, 0n);
  };
  const ledgerBalanced = async () => {
    const rows = await t.database.db.execute<{ bad: string }>(
      sql`select count(*)::text as bad from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
    );
    return (rows as unknown as { rows: { bad: string }[] }).rows[0]!.bad === '0';
  };

  it('BE-05 after the due date: the loan is undone with its late charge and penalty, and asks for a new account', async () => {
    const b = await approved('9195000011', '2222');
    const orderId = await withdraw(b.customerId);
    await disburseOrder(jobDeps(), { orderId });
    const started = t.clock.now();
    try {
      t.clock.set(new Date(started.getTime() + 16 * 86_400_000));
      await accrueOverdueCharges(t.database.db, manilaDate(t.clock.now()), t.clock.now());
      let sum = await orderSums(orderId);
      expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
        'overdue',
      );
      expect(sum('penalty_receivable')).toBeGreaterThan(0n);

      const { result } = await reverse(orderId);
      expect(result).toBe('applied');
      expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
        'payout_failed',
      );
      sum = await orderSums(orderId);
      // nothing is owed on money the borrower never received; the float has its money back
      expect(sum('principal_receivable')).toBe(0n);
      expect(sum('interest_receivable')).toBe(0n);
      expect(sum('penalty_receivable')).toBe(0n);
      expect(sum('cash_at_provider')).toBe(0n);
      expect(sum('suspense')).toBe(0n);
      expect(await ledgerBalanced()).toBe(true);
      // a replay of the same callback changes nothing
      expect((await reverse(orderId)).result).toBe('replayed');
      // finance sees the order waiting for a new account, and may cancel it
      const finance = { operatorId: null, email: null, role: 'finance', ip: null, requestId: null };
      const queue = await listPayoutQueue(moneyContext(t.app), { actor: finance });
      const item = queue.payouts.find((p) => p.orderId === orderId);
      expect(item).toMatchObject({ state: 'reversed', orderStatus: 'payout_failed' });
      const cancelled = await cancelPayout(moneyContext(t.app), {
        actor: finance,
        orderId,
        payoutId: item!.payoutId,
        reason: 'the borrower has no other account',
      });
      expect(cancelled).toMatchObject({ orderStatus: 'cancelled' });
      expect(await ledgerBalanced()).toBe(true);
    } finally {
      t.clock.set(started);
    }
  });

  it('BE-05 after the borrower repaid: the returned money is held in suspense and finance sees the payout', async () => {
    const b = await approved('9195000012', '2222');
    const orderId = await withdraw(b.customerId);
    await disburseOrder(jobDeps(), { orderId });
    await applyLoanEvent(
      t.database.db,
      orderId,
      {
        type: 'payment_received',
        purpose: 'full',
        amount: 204_200n,
        paidAt: t.clock.now(),
        reference: 'repaid-by-hand',
      },
      t.clock.now(),
    );
    expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
      'settled',
    );

    const { payout, result } = await reverse(orderId);
    expect(result).toBe('applied'); // was: recorded, and the returned money booked nowhere
    expect((await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' })).status).toBe(
      'settled',
    );
    const sum = await orderSums(orderId);
    expect(-sum('suspense')).toBe(payout.amount);
    expect(await ledgerBalanced()).toBe(true);
    const queue = await listPayoutQueue(moneyContext(t.app), {
      actor: { operatorId: null, email: null, role: 'finance', ip: null, requestId: null },
    });
    expect(queue.payouts).toContainEqual(
      expect.objectContaining({ orderId, payoutId: payout.id, state: 'reversed', orderStatus: 'settled' }),
    );
    expect((await reverse(orderId)).result).toBe('replayed');
    expect(-(await orderSums(orderId))('suspense')).toBe(payout.amount);
  });
});

describe('loan offer (/allWithdraw)', () => {
  it('CO-01 every quote within the limit, priced by the booking function; blocked while an order is unpaid', async () => {
    const { loanOffer } = await import('./loan-offer.ts');
    const b = await approved('9196000001');
    const offer = await loanOffer(deps(), { customerId: b.customerId });
    expect(offer).toMatchObject({
      canWithdraw: true,
      creditLimit: '400000',
      terms: [14, 30],
      hasSignature: false,
    });
    expect(offer.quotes.map((q) => q.principal)).toEqual([
      '100000',
      '100000',
      '150000',
      '150000',
      '200000',
      '200000',
      '250000',
      '250000',
      '300000',
      '300000',
      '350000',
      '350000',
      '400000',
      '400000',
    ]);
    expect(offer.quotes[0]).toMatchObject({
      termDays: 14,
      netProceeds: '97971',
      documentaryStampTax: '29',
      totalRepayment: '102100',
      effectiveMonthlyRate: 0.0925,
    });
    const orderId = await withdraw(b.customerId);
    expect(await loanOffer(deps(), { customerId: b.customerId })).toMatchObject({
      canWithdraw: false,
      blockedBy: 'outstanding_repayment',
      outstandingOrderId: orderId,
      hasSignature: true,
    });
    const booked = await orderView(deps(), { customerId: b.customerId, orderId, locale: 'en-US' });
    const quoted = offer.quotes.find((q) => q.principal === '200000' && q.termDays === 14)!;
    expect(booked).toMatchObject({
      netProceeds: quoted.netProceeds,
      totalRepayment: quoted.totalRepayment,
      interest: quoted.interest,
      tax: quoted.tax,
    });
  });
});

describe('ST-01 the minute sweep pays every order it finds', () => {
  it('ST-01 a payout the provider cannot take yet (retryable) does not hold back the orders after it in the same sweep', async () => {
    const orderIds = [
      await withdraw((await approved('9195000021')).customerId),
      await withdraw((await approved('9195000022')).customerId),
    ];
    const app = ordersContext(t.app);
    // the provider is down for the first payout the sweep sends, whichever order that is
    const sent: string[] = [];
    const send = async (r: PayoutRequest) => {
      sent.push(r.referenceId);
      if (sent.length === 1) throw new PayoutSendError('xendit unreachable: socket hang up', true);
      return sandbox.send(r);
    };
    const warn = vi.spyOn(app.log, 'warn');
    await disbursePendingOrders({ ...app, payouts: { ...app.payouts, send } });
    const [failed] = await t.database.db.select().from(payouts).where(eq(payouts.id, sent[0]!));
    for (const orderId of orderIds) {
      const [attempt] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
      expect(sent).toContain(attempt!.id);
      expect(attempt!.state).toBe(attempt!.id === failed!.id ? 'pending' : 'succeeded');
    }
    // the order left for the next sweep is said, by its id
    const said = (call: unknown[]) => (call[0] as { orderId?: string }).orderId === failed!.orderId;
    expect(warn.mock.calls.filter(said)).toHaveLength(1);
    warn.mockRestore();
  });
});
