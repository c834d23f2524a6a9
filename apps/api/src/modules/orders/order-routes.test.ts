import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersContext } from './orders-context.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { currentProduct, saveProductConfig, toStored } from '../lending/product-config.ts';
import { errorMessage } from '@pisonow/domain';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { ledgerTransactions, orders, payouts } from '../../db/schema/index.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { disburseOrder } from './disburse-order.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

async function approvedBorrower(phone: string, accountTail = '4567') {
  const b = await submitCompleteApplication(t.database.db, api, phone, { account: `0917123${accountTail}` });
  await decidePendingApplications(lendingContext(t.app));
  return b;
}
const disburseAll = async () => {
  for (const o of await t.database.db.select().from(orders).where(eq(orders.status, 'disbursing')))
    await disburseOrder(ordersContext(t.app), { orderId: o.id });
};
const order = async (h: Record<string, string>, key: string, body: Record<string, unknown> = {}) =>
  api.json('POST', '/api/orders', await withdrawalBody(api, h, { signature: SIGNATURE, ...body }), {
    ...h,
    'idempotency-key': key,
  });

describe('withdrawal over HTTP (ST-01, ST-04, ST-06, ST-07, VAL-12, BE-05)', () => {
  it('ST-07 offer → order (201, disbursing) → payout → pending repayment; documents readable by the owner only', async () => {
    const b = await approvedBorrower('9197000001');
    const offer = await api.json('GET', '/api/loans/offer', undefined, b.h);
    expect(offer.body).toMatchObject({ canWithdraw: true, creditLimit: '400000' });
    const preview = await api.json('GET', '/api/loans/documents?amount=200000&termDays=14', undefined, b.h);
    expect(preview.status).toBe(200);
    expect(preview.body.disclosure).toContain('₱1,964.42'); // net proceeds, before anything is signed
    expect(preview.body.agreement).toContain('Maria Santos Dela Cruz');
    expect(
      (await api.json('GET', '/api/loans/documents?amount=999900&termDays=14', undefined, b.h)).body.code,
    ).toBe('AMOUNT_NOT_OFFERED');
    const placed = await order(b.h, 'withdraw-0001');
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'disbursing', netProceeds: '196442' });
    await disburseAll();
    const view = await api.json('GET', `/api/orders/${placed.body.id}`, undefined, {
      ...b.h,
      'accept-language': 'zh-CN',
    });
    expect(view.body).toMatchObject({ status: 'repaying', label: { key: 'expiresIn', text: '14 天后到期' } });
    const doc = await t.app.inject({
      url: `/api/orders/${placed.body.id}/documents/disclosure`,
      headers: b.h,
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('Disclosure Statement');
    const other = await approvedBorrower('9197000002');
    expect(
      (await t.app.inject({ url: `/api/orders/${placed.body.id}/documents/disclosure`, headers: other.h }))
        .statusCode,
    ).toBe(404);
    expect((await api.json('GET', `/api/orders/${placed.body.id}`, undefined, other.h)).status).toBe(404);
  });

  it("BE-07 the disclosure is in the request's language, for the preview and the stored order", async () => {
    const b = await approvedBorrower('9197000019');
    const fil = await api.json('GET', '/api/loans/documents?amount=200000&termDays=14', undefined, {
      ...b.h,
      'accept-language': 'fil',
    });
    expect(fil.body.disclosure).toContain('Pahayag ng Pagsisiwalat sa Transaksyon ng Utang');
    const zh = await api.json('GET', '/api/loans/documents?amount=200000&termDays=14', undefined, {
      ...b.h,
      'accept-language': 'zh-CN',
    });
    expect(zh.body.disclosure).toContain('贷款交易披露声明');
    expect(zh.body.agreement).toContain('借款协议');
    expect(zh.body.sanction_letter).toContain('贷款批准函');
    const placed = await order({ ...b.h, 'accept-language': 'zh-CN' }, 'withdraw-lang-0009');
    expect(placed.status).toBe(201);
    const doc = await t.app.inject({
      url: `/api/orders/${placed.body.id}/documents/disclosure`,
      headers: b.h,
    });
    expect(doc.body).toContain('lang="zh-CN"');
    expect(doc.body).toContain('印花税');
  });

  it('VAL-12 both documents must be agreed; SH-13 an Idempotency-Key is required', async () => {
    const b = await approvedBorrower('9197000003');
    expect((await order(b.h, 'withdraw-0003', { agreeSanctionLetter: false })).body.code).toBe(
      'AGREEMENTS_REQUIRED',
    );
    const noKey = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      b.h,
    );
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_MISSING');
  });

  it('SH-13 ST-06 a double tap replays; a second withdrawal is "Outstanding repayment"', async () => {
    const b = await approvedBorrower('9197000004');
    const first = await order(b.h, 'withdraw-0004');
    const replay = await order(b.h, 'withdraw-0004');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    const second = await order(b.h, 'withdraw-0005');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'OUTSTANDING_REPAYMENT',
      message: 'You have an outstanding repayment.',
    });
  });

  it('SH-13 ST-06 50 concurrent withdrawals over HTTP (each its own key) → one 201, one order, one payout', async () => {
    const b = await approvedBorrower('9197000008');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(b.h, `withdraw-race-${String(i).padStart(3, '0')}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status !== 201)
        .every((r) => r.status === 409 && r.body.code === 'OUTSTANDING_REPAYMENT'),
    ).toBe(true);
    const id = results.find((r) => r.status === 201)!.body.id as string;
    expect(await t.database.db.select().from(payouts).where(eq(payouts.orderId, id))).toHaveLength(1);
    await disburseAll();
    await disburseAll();
    expect(
      await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, id)),
    ).toHaveLength(1);
  });

  it('ST-04 a failed payout is fixed through the API and paid once; forged and replayed webhooks have no effect', async () => {
    const b = await approvedBorrower('9197000006', '0000');
    const placed = await order(b.h, 'withdraw-0006');
    await disburseAll();
    expect((await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body).toMatchObject({
      status: 'payout_failed',
      label: { key: 'payoutFailed' },
      payout: { problem: 'WALLET_INVALID' },
    });
    const fixed = await api.json(
      'PUT',
      `/api/orders/${placed.body.id}/payout-account`,
      { ...b.steps.bankInfo, account: '09171234568', confirmAccount: '09171234568' },
      b.h,
    );
    expect(fixed.body.status).toBe('disbursing');
    await disburseAll();
    expect((await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body.status).toBe(
      'repaying',
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/callbacks',
      payload: { providerPayoutId: 'x', referenceId: 'y', state: 'succeeded' },
    });
    expect(forged.statusCode).toBe(401);
    const attempts = await t.database.db.select().from(payouts).where(eq(payouts.orderId, placed.body.id));
    const sim = (id: string) =>
      api.json('POST', `/api/sandbox/payouts/${id}/callback`, { state: 'succeeded' });
    const won = attempts.find((a) => a.state === 'succeeded')!;
    // the send already applied the success: the provider's webhook for it changes nothing, nor does its replay
    expect((await sim(won.id)).body.result).toBe('ignored');
    expect((await sim(won.id)).body.result).toBe('replayed');
    expect(
      await t.database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, placed.body.id)),
    ).toHaveLength(1);
  });

  it('VAL-14 a payee name that does not match the account holder stops the disbursement until the account is corrected', async () => {
    const b = await approvedBorrower('9197000009', '3333');
    const placed = await order(b.h, 'withdraw-0009');
    await disburseAll();
    const failed = (await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body;
    expect(failed).toMatchObject({
      status: 'payout_failed',
      payout: { state: 'failed', failureCode: 'ACCOUNT_NAME_MISMATCH', problem: 'BANK_CARD_INCORRECT' },
    });
    await api.json(
      'PUT',
      `/api/orders/${placed.body.id}/payout-account`,
      { ...b.steps.bankInfo, account: '09171234599', confirmAccount: '09171234599' },
      b.h,
    );
    await disburseAll();
    expect((await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body.status).toBe(
      'repaying',
    );
  });

  it('an accepted payout (…1111) completes through the sandbox webhook', async () => {
    const b = await approvedBorrower('9197000007', '1111');
    const placed = await order(b.h, 'withdraw-0007');
    await disburseAll();
    const [attempt] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, placed.body.id));
    expect(attempt!.state).toBe('accepted');
    expect(
      (await api.json('POST', `/api/sandbox/payouts/${attempt!.id}/callback`, { state: 'succeeded' })).body
        .result,
    ).toBe('applied');
    expect((await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body.status).toBe(
      'repaying',
    );
  });

  it('issue 7 what the borrower saw is what is booked: a product change after the preview is 409 PRICE_CHANGED and books nothing', async () => {
    const b = await approvedBorrower('9197000020');
    const seen = await withdrawalBody(api, b.h, { signature: SIGNATURE });
    // the lender saves a new product version (a higher service fee) after the borrower read the documents
    const { version: _version, ...current } = await currentProduct(t.database.db);
    void _version;
    await saveProductConfig(lendingContext(t.app), {
      config: toStored({ ...current, serviceFeeBp: current.serviceFeeBp + 50 }),
      by: 'test',
    });
    const stale = await api.json('POST', '/api/orders', seen, {
      ...b.h,
      'idempotency-key': 'price-changed-0001',
      'accept-language': 'fil',
    });
    expect(stale).toMatchObject({
      status: 409,
      body: { code: 'PRICE_CHANGED', message: errorMessage('PRICE_CHANGED', 'fil') },
    });
    // a tampered hash for the same terms is refused too
    const forged = await api.json(
      'POST',
      '/api/orders',
      { ...(await withdrawalBody(api, b.h, { signature: SIGNATURE })), documentsSha256: 'f'.repeat(64) },
      { ...b.h, 'idempotency-key': 'price-changed-0002' },
    );
    expect(forged.body.code).toBe('PRICE_CHANGED');
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, b.customerId))).toHaveLength(
      0,
    );
    // re-quoted: the new documents are read, and the order is booked at the new price
    const fresh = await withdrawalBody(api, b.h, { signature: SIGNATURE });
    expect(fresh.productVersion).toBe(seen.productVersion + 1);
    const placed = await api.json('POST', '/api/orders', fresh, {
      ...b.h,
      'idempotency-key': 'price-changed-0003',
    });
    expect(placed).toMatchObject({ status: 201, body: { productVersion: fresh.productVersion } });
  });
});
