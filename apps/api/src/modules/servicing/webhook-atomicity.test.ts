import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import {
  ledgerEntries,
  orderEvents,
  orders,
  payoutCallbacks,
  payouts,
  providerWebhooks,
  repayments,
} from '../../db/schema/index.ts';
import type { SandboxCollectionProvider } from '../../providers/collection/sandbox-collection.ts';
import type { SandboxPayoutProvider } from '../../providers/payout/sandbox-payout.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';

/**
 * Issue 7, "webhooks record and apply in one transaction": a failure injected after the webhook
 * was recorded (a trigger the test creates, raising for one order only) must leave nothing behind
 * and answer 5xx, so that the provider's retry, once the fault is gone, applies it exactly once.
 * And payout callbacks are de-duplicated by the provider's event id (provider_webhooks), as
 * collection webhooks are.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9198${String(++phoneSeq).padStart(6, '0')}`;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-02-01T02:00:00Z'); // 10:00 in Manila
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/**
 * The fault: a trigger on `table` that raises for rows of this one order, as a crash or a broken
 * constraint would midway through applying. Returns its removal.
 */
async function injectFault(table: 'ledger_entries' | 'orders', when: 'insert' | 'update', orderId: string) {
  const name = `inject_fault_${randomUUID().replaceAll('-', '')}`;
  const column = table === 'orders' ? 'id' : 'order_id';
  await db().execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.${column} = '${orderId}' then raise exception 'injected fault for the test'; end if;
        return new;
      end $$`),
  );
  await db().execute(
    sql.raw(`create trigger ${name} before ${when} on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await db().execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db().execute(sql.raw(`drop function ${name}()`));
  };
}

const ledgerRowsOf = (orderId: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
const webhooksOf = (kind: string, providerEventId: string) =>
  db()
    .select()
    .from(providerWebhooks)
    .where(and(eq(providerWebhooks.kind, kind), eq(providerWebhooks.providerEventId, providerEventId)));
const statusOf = async (orderId: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

describe('BE-05 BE-10 the collection webhook: recorded and applied together, or not at all', () => {
  const collections = () => t.app.providers.collections as SandboxCollectionProvider;
  const deliver = (hook: { headers: Record<string, string>; rawBody: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/collections/webhook',
      headers: hook.headers,
      payload: hook.rawBody,
    });

  it('BE-05 a failure on the ledger insert after the webhook was recorded: 5xx, nothing kept; delivered again once the fault is gone: applied exactly once', async () => {
    const phone = nextPhone();
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const { token } = await api.signIn(phone);
    const h = api.authed(token);
    const total = (await api.json('GET', `/api/orders/${orderId}`, undefined, h)).body.balance
      .total as string;
    const started = await api.json(
      'POST',
      `/api/orders/${orderId}/repayments`,
      { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: total },
      { ...h, 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(started.status).toBe(201);
    const [attempt] = await db().select().from(repayments).where(eq(repayments.id, started.body.id));
    const hook = collections().simulate(attempt!.providerCollectionId!, 'pay', {
      now: t.clock.now(),
      collection: {
        referenceId: attempt!.id,
        amount: attempt!.amount,
        channel: 'ewallet',
        providerCode: 'GCASH',
      },
    });
    const ledgerBefore = (await ledgerRowsOf(orderId)).length;

    const removeFault = await injectFault('ledger_entries', 'insert', orderId);
    let failed;
    try {
      failed = await deliver(hook);
    } finally {
      await removeFault();
    }
    // a 5xx: the provider delivers it again later (a 2xx would make it stop)
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await webhooksOf('collection', hook.providerEventId)).toHaveLength(0);
    expect(await ledgerRowsOf(orderId)).toHaveLength(ledgerBefore);
    expect(await statusOf(orderId)).toBe('repaying');
    const [still] = await db().select().from(repayments).where(eq(repayments.id, attempt!.id));
    expect(still!.state).toBe('pending');

    // the provider's retry, the fault gone
    expect((await deliver(hook)).json()).toMatchObject({ result: 'applied' });
    expect((await deliver(hook)).json()).toMatchObject({ result: 'replayed' });
    expect(await webhooksOf('collection', hook.providerEventId)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('settled');
    const repaid = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
      (e) => e.event === 'repaid_in_full',
    );
    expect(repaid).toHaveLength(1);
    const cash = (await ledgerRowsOf(orderId)).filter(
      (e) => e.account === 'cash_at_provider' && e.amount > 0n,
    );
    expect(cash.map((e) => e.amount)).toEqual([BigInt(total)]);
  });
});

describe('BE-05 the payout callback: recorded and applied together, de-duplicated by the event id', () => {
  const payoutProvider = () => t.app.providers.payouts as SandboxPayoutProvider;

  /** An order whose payout the provider accepted (sandbox account …1111); the result comes by callback. */
  async function acceptedPayout() {
    const phone = nextPhone();
    const b = await submitCompleteApplication(t.database.db, api, phone, { account: '09171231111' });
    await decidePendingApplications(lendingContext(t.app));
    const placed = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      { ...b.h, 'idempotency-key': `withdraw-${phone}` },
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    expect(await disburseOrder(ordersContext(t.app), { orderId })).toBe('accepted');
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, orderId));
    const body = { providerPayoutId: payout!.providerPayoutId!, referenceId: payout!.id, state: 'succeeded' };
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payouts/callbacks',
        headers: { 'content-type': 'application/json', ...payoutProvider().signCallback(body) },
        payload: JSON.stringify(body),
      });
    const eventId = payoutProvider().verifyCallback(
      payoutProvider().signCallback(body),
      body,
    )!.providerEventId;
    return { orderId, payoutId: payout!.id, providerPayoutId: body.providerPayoutId, deliver, eventId };
  }

  const disbursementsOf = async (orderId: string) =>
    (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
      (e) => e.event === 'payout_succeeded',
    );

  it('BE-05 a failure on the order update after the callback was recorded: 5xx, nothing kept; delivered again once the fault is gone: applied exactly once', async () => {
    const p = await acceptedPayout();
    const removeFault = await injectFault('orders', 'update', p.orderId);
    let failed;
    try {
      failed = await p.deliver();
    } finally {
      await removeFault();
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await webhooksOf('payout', p.eventId)).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(payoutCallbacks)
        .where(eq(payoutCallbacks.providerPayoutId, p.providerPayoutId)),
    ).toHaveLength(0);
    expect(await ledgerRowsOf(p.orderId)).toHaveLength(0);
    expect(await statusOf(p.orderId)).toBe('disbursing');
    const [attempt] = await db().select().from(payouts).where(eq(payouts.id, p.payoutId));
    expect(attempt!.state).toBe('accepted');

    const retried = await p.deliver();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ result: 'applied' });
    expect(await statusOf(p.orderId)).toBe('repaying');
    expect(await disbursementsOf(p.orderId)).toHaveLength(1);
    expect(await webhooksOf('payout', p.eventId)).toMatchObject([{ result: 'applied' }]);
    const ledger = await ledgerRowsOf(p.orderId);
    expect(new Set(ledger.map((e) => e.transactionId)).size).toBe(1);
  });

  it('BE-05 the same callback delivered twice in a row: one effect, one provider_webhooks row, the replay answered 200', async () => {
    const p = await acceptedPayout();
    const first = await p.deliver();
    const again = await p.deliver();
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([first.json().result, again.json().result]).toEqual(['applied', 'replayed']);
    expect(await webhooksOf('payout', p.eventId)).toHaveLength(1);
    expect(await disbursementsOf(p.orderId)).toHaveLength(1);
    expect(new Set((await ledgerRowsOf(p.orderId)).map((e) => e.transactionId)).size).toBe(1);
  });

  it('BE-05 the same callback delivered 10 times at once: one effect, one provider_webhooks row, every delivery answered 200', async () => {
    const p = await acceptedPayout();
    const results = await Promise.all(Array.from({ length: 10 }, () => p.deliver()));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.map((r) => r.json().result).sort()).toEqual(['applied', ...Array(9).fill('replayed')]);
    expect(await webhooksOf('payout', p.eventId)).toHaveLength(1);
    expect(await disbursementsOf(p.orderId)).toHaveLength(1);
    expect(new Set((await ledgerRowsOf(p.orderId)).map((e) => e.transactionId)).size).toBe(1);
  });
});
