import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersContext } from '../orders/orders-context.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { eq } from 'drizzle-orm';
import { homeSummaryResponse } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { orders } from '../../db/schema/index.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { disburseOrder } from '../orders/disburse-order.ts';
import { runServicingDay } from '../servicing/run-servicing-day.ts';
import { servicingContext } from '../servicing/routes.ts';
import { prepareHomeStatement } from './get-home-summary.ts';
import { sha256Hex } from '../../lib/crypto.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_IP_SENDS_PER_HOUR: '1000',
    SUPPORT_EMAIL: 'help@lender.example',
    HOTLINE: '(02) 8123 4567',
  });
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('GET /api/home: the home screen in one request (issue 9, clarity item 3)', () => {
  it('needs a session', async () => {
    expect((await api.json('GET', '/api/home')).status).toBe(401);
  });

  it('a new borrower: no application yet, no limit, no order, the support contacts', async () => {
    const { token } = await api.signIn('9198100001');
    const res = await api.json('GET', '/api/home', undefined, api.authed(token));
    expect(res.status).toBe(200);
    expect(homeSummaryResponse.parse(res.body)).toEqual({
      firstName: null,
      application: {
        status: 'none',
        nextStep: 'identityInfo',
        stepsDone: 0,
        stepsTotal: 7,
        editable: true,
        decision: null,
      },
      creditLimit: null,
      order: null,
      support: { email: 'help@lender.example', hotline: '(02) 8123 4567', webEmail: '', website: '' },
    });
  });

  it('approved with an outstanding order: name, limit, order label, amounts and due date; another borrower sees only their own', async () => {
    const b = await submitCompleteApplication(t.database.db, api, '9198100002', { account: '09171234567' });
    const underReview = await api.json('GET', '/api/home', undefined, b.h);
    expect(underReview.body).toMatchObject({
      firstName: 'Maria',
      application: { status: 'under_review', stepsDone: 7, nextStep: null },
      creditLimit: null,
    });
    await decidePendingApplications(lendingContext(t.app));
    const approved = await api.json('GET', '/api/home', undefined, b.h);
    expect(approved.body).toMatchObject({
      application: { status: 'approved', decision: { outcome: 'approve' } },
      creditLimit: '400000',
      order: null,
    });

    const placed = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      { ...b.h, 'idempotency-key': 'home-withdraw-0001' },
    );
    expect(placed.status).toBe(201);
    for (const o of await t.database.db.select().from(orders).where(eq(orders.status, 'disbursing'))) {
      await disburseOrder(ordersContext(t.app), { orderId: o.id });
    }
    const home = await api.json('GET', '/api/home', undefined, { ...b.h, 'accept-language': 'fil' });
    const view = await api.json('GET', `/api/orders/${placed.body.id}`, undefined, {
      ...b.h,
      'accept-language': 'fil',
    });
    expect(home.body.order).toEqual({
      id: placed.body.id,
      status: 'repaying',
      label: view.body.label,
      principal: '200000',
      netProceeds: '196442',
      totalRepayment: view.body.totalRepayment,
      dueDate: view.body.dueDate,
      // issue 7: the amount that settles it today, the same figure as the bill's
      amountDue: view.body.balance.total,
      overdueDays: 0,
    });
    expect(home.body.order.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // another borrower, signed in, sees their own (empty) home: nothing of the first borrower's
    const other = await api.signIn('9198100003');
    const theirs = await api.json('GET', '/api/home', undefined, api.authed(other.token));
    expect(theirs.body).toMatchObject({
      firstName: null,
      application: { status: 'none' },
      creditLimit: null,
      order: null,
    });
    expect(JSON.stringify(theirs.body)).not.toContain(placed.body.id);

    // issue 8: the home screen is ONE round trip, session check included, with or without a loan
    t.queries.length = 0;
    expect((await api.json('GET', '/api/home', undefined, b.h)).status).toBe(200);
    expect(t.queries).toHaveLength(1);
    t.queries.length = 0;
    expect((await api.json('GET', '/api/home', undefined, api.authed(other.token))).status).toBe(200);
    expect(t.queries).toHaveLength(1);

    // issue 8 (home in one query): overdue, before and after the day job posts the charges, home's
    // figures are the bill's to the centavo (both from the domain over the loan's history)
    t.clock.advance(17 * 86_400_000);
    for (const dayJobRan of [false, true]) {
      if (dayJobRan) await runServicingDay(servicingContext(t.app));
      const late = (await api.json('GET', '/api/home', undefined, b.h)).body.order;
      const bill = (await api.json('GET', `/api/orders/${placed.body.id}`, undefined, b.h)).body;
      expect(late).toMatchObject({
        label: bill.label,
        amountDue: bill.balance.total,
        overdueDays: bill.balance.overdueDays,
      });
      expect(late.overdueDays).toBe(3);
      expect(BigInt(late.amountDue)).toBeGreaterThan(BigInt(view.body.balance.total));
    }
  });

  it('checks the session inside its one query: a malformed, unknown, logged-out or expired session is 401', async () => {
    const { token } = await api.signIn('9198100004');
    expect((await api.json('GET', '/api/home', undefined, api.authed(token))).status).toBe(200);
    for (const authorization of ['Bearer short', `Bearer ${'x'.repeat(40)}`, `Basic ${token}`]) {
      const res = await api.json('GET', '/api/home', undefined, { authorization });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect((await api.json('POST', '/api/auth/logout', undefined, api.authed(token))).status).toBe(204);
    expect((await api.json('GET', '/api/home', undefined, api.authed(token))).status).toBe(401);

    t.clock.advance(120_000); // the next code may be sent a minute later
    const second = await api.signIn('9198100004');
    expect((await api.json('GET', '/api/home', undefined, api.authed(second.token))).status).toBe(200);
    t.clock.advance(400 * 86_400_000); // past any session lifetime
    const expired = await api.json('GET', '/api/home', undefined, api.authed(second.token));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('UNAUTHENTICATED');
  });

  // issue 8: on PostgreSQL the home query runs straight on the pool, without drizzle's layers
  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL the pool runs the home query and answers the very rows drizzle does, one statement each',
    async () => {
      expect(t.database.pool).toBeDefined();
      const b = await submitCompleteApplication(t.database.db, api, '9198100005', { account: '09171234567' });
      await decidePendingApplications(lendingContext(t.app));
      const placed = await api.json(
        'POST',
        '/api/orders',
        await withdrawalBody(api, b.h, { signature: SIGNATURE }),
        {
          ...b.h,
          'idempotency-key': 'home-withdraw-0005',
        },
      );
      expect(placed.status).toBe(201);
      const bound = {
        tokenHash: sha256Hex(b.h.authorization!.slice('Bearer '.length)),
        now: t.clock.now().toISOString(),
      };
      t.queries.length = 0;
      const onPool = await prepareHomeStatement(t.database).execute(bound);
      expect(t.queries).toHaveLength(1);
      const throughDrizzle = await prepareHomeStatement({ db: t.database.db }).execute(bound);
      expect(onPool).toHaveLength(1);
      expect(onPool[0]!.order_row).not.toBeNull();
      expect(onPool).toEqual(throughDrizzle);
    },
  );

  it('is documented in the OpenAPI document', async () => {
    const doc = (await api.json('GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/home'].get.summary).toContain('home screen');
  });
});
