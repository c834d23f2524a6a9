import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { orders } from '../../db/schema/index.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { placeOrder, previewOrderDocuments } from './place-order.ts';
import { ordersContext, type OrdersContext } from './orders-context.ts';

/**
 * Issue 7: the disbursement job of an order is written by the order's own transaction (pg-boss on
 * the same database), so an order never exists without its job and a rolled-back order leaves no
 * job. Runs with the queue on (JOBS=1).
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let customerId: string;
let h: Record<string, string>;
const SIGNATURE = `data:image/png;base64,${Buffer.from('png-bytes-of-a-drawn-signature').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ JOBS: '1', CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  const b = await submitCompleteApplication(t.database.db, api, '9196100001');
  await decidePendingApplications(lendingContext(t.app));
  customerId = b.customerId;
  h = b.h;
}, 60_000);
afterAll(async () => t?.close());

/** The disbursement jobs queued for one order, in any state. */
async function disbursementJobs(orderId: string) {
  const result = await t.database.db.execute<{ id: string }>(
    sql`select id from pgboss.job where name = ${JOBS.disburseOrder.name} and data->>'orderId' = ${orderId}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows;
}
const ordersWithId = (orderId: string) => t.database.db.select().from(orders).where(eq(orders.id, orderId));

async function request() {
  const input = { amount: '200000', termDays: 14 };
  const seen = await previewOrderDocuments(ordersContext(t.app), { customerId, ...input });
  return {
    ...input,
    signature: SIGNATURE,
    productVersion: seen.productVersion,
    documentsSha256: seen.documentsSha256,
  };
}

describe('issue 7 the disbursement job is queued inside the order transaction', () => {
  it('when the queue cannot take the job, POST /orders books no order (no order without its job)', async () => {
    const jobs = t.app.jobs;
    const sendInTx = jobs.sendInTx;
    jobs.sendInTx = async () => {
      throw new Error('queue unavailable');
    };
    try {
      const res = await api.json(
        'POST',
        '/api/orders',
        await withdrawalBody(api, h, { signature: SIGNATURE }),
        {
          ...h,
          'idempotency-key': 'job-in-tx-route-0001',
        },
      );
      expect(res.status).toBe(500);
    } finally {
      jobs.sendInTx = sendInTx;
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, customerId))).toHaveLength(
      0,
    );
  });

  it('an order whose transaction rolls back after queueing leaves no job; a committed one has exactly one', async () => {
    const ctx = ordersContext(t.app);
    const queued: (string | null)[] = [];
    const failing: OrdersContext = {
      ...ctx,
      jobs: {
        sendInTx: async (tx, type, data, options) => {
          queued.push(await ctx.jobs.sendInTx(tx, type, data, options));
          throw new Error('the order transaction failed after queueing');
        },
      },
    };
    const rolledBack = randomUUID();
    await expect(
      placeOrder(failing, { customerId, request: await request(), orderId: rolledBack }),
    ).rejects.toThrow('the order transaction failed after queueing');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toBeTruthy(); // the job row was written, by the order's transaction …
    expect(await ordersWithId(rolledBack)).toHaveLength(0);
    expect(await disbursementJobs(rolledBack)).toEqual([]); // … and rolled back with it

    const committed = randomUUID();
    await placeOrder(ctx, { customerId, request: await request(), orderId: committed });
    expect(await ordersWithId(committed)).toHaveLength(1);
    // the use case itself queued it (no route, no sweep involved)
    expect(await disbursementJobs(committed)).toHaveLength(1);
  });
});
