import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type OperatorRole, type ProductPageResponse } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  createSecondAdmin,
  draftProductChangeAs,
  lowerFeeSettings,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { approvalRequests, auditLog, orders, productConfigs } from '../../db/schema/index.ts';
import { currentProduct } from '../lending/product-config.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';

/**
 * Product configuration with maker-checker (issue 11, CO-06, BE-08): an admin drafts, a different
 * admin approves; only then is a new product version in force, for new orders only.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let a: ConsoleSession; // the maker
let b: ConsoleSession; // the checker
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await createOperators(t);
  a = await signInOperator(t, await createSecondAdmin(t));
  b = await signInOperator(t, ops.admin);
}, 60_000);
afterAll(async () => t?.close());

const SIGNATURE = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
async function approvedBorrower(phone: string) {
  const borrower = await submitCompleteApplication(t.database.db, api, phone);
  await decidePendingApplications(lendingContext(t.app));
  return borrower;
}
const order = async (h: Record<string, string>, key: string) =>
  api.json('POST', '/api/orders', await withdrawalBody(api, h, { signature: SIGNATURE }), {
    ...h,
    'idempotency-key': key,
  });
const page = async (s: ConsoleSession) =>
  (await api.json('GET', '/api/console/product', undefined, s.get)).body as ProductPageResponse;
const decide = (s: ConsoleSession, id: string, decision: 'approve' | 'reject', body: unknown = {}) =>
  api.json('POST', `/api/console/product/changes/${id}/${decision}`, body, s.write);
const versions = async () => Number((await t.database.db.select({ n: count() }).from(productConfigs))[0]!.n);
const drafts = async () =>
  Number(
    (
      await t.database.db
        .select({ n: count() })
        .from(approvalRequests)
        .where(eq(approvalRequests.kind, 'product_change'))
    )[0]!.n,
  );
const latestAudit = async () =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.seq} desc`)
      .limit(1)
  )[0]!;

describe('CO-06 / BE-08 product changes with maker-checker', () => {
  it('CO-06: the page shows the version in force with its worst case against every cap', async () => {
    const p = await page(a);
    expect(p.active.version).toBe((await currentProduct(t.database.db)).version);
    expect(p.active.config.serviceFeeBp).toBe(DEFAULT_PRODUCT.serviceFeeBp);
    expect(p.active.worstCases.map((w) => w.cap)).toEqual([
      'nominal',
      'effective',
      'penalty',
      'overdueCharges',
      'totalCost',
      'extension',
      'homeScreenLimit',
    ]);
    expect(p.active.worstCases.every((w) => w.within)).toBe(true);
    expect((await latestAudit()).action).toBe('product.view');
  });

  it('CO-06: a draft breaching a cap is refused with PRODUCT_BREACHES_CAPS and nothing is written', async () => {
    const base = (await page(a)).active.version;
    const [v, d] = [await versions(), await drafts()];
    for (const config of [
      { ...lowerFeeSettings(), dailyInterestPpm: 2_100 }, // 6.3% a month nominal
      { ...lowerFeeSettings(), serviceFeeBp: 900 }, // EIR over 12% a month on the smallest loan
      { ...lowerFeeSettings(), lateCharge: '5000' }, // ₱50 late charge on day 1
    ]) {
      const res = await draftProductChangeAs(t, a, { baseVersion: base, config });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('PRODUCT_BREACHES_CAPS');
      expect((await latestAudit()).outcome).toBe('failed');
    }
    // malformed: a grid too fine to check, and a minimum above the maximum
    for (const amount of [
      { min: '100', max: '1000000', step: '1' },
      { min: '500000', max: '100000', step: '50000' },
    ]) {
      const res = await draftProductChangeAs(t, a, {
        baseVersion: base,
        config: { ...lowerFeeSettings(), amount },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect([await versions(), await drafts()]).toEqual([v, d]);
  });

  it('CO-06: the same admin cannot approve their own draft (APPROVAL_SAME_OPERATOR); nothing changes', async () => {
    const base = (await page(a)).active.version;
    const res = await draftProductChangeAs(t, a, { baseVersion: base, config: lowerFeeSettings(140) });
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({ state: 'pending', baseVersion: base, version: null });
    expect(draft.worstCases.every((w: { within: boolean }) => w.within)).toBe(true);
    const v = await versions();
    const own = await decide(a, draft.id, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('APPROVAL_SAME_OPERATOR');
    expect(await versions()).toBe(v);
    // the database refuses it too, whatever the code path
    await expect(
      t.database.db
        .update(approvalRequests)
        .set({ checkerId: draft.makerId })
        .where(eq(approvalRequests.id, draft.id)),
    ).rejects.toThrow();
    // rejecting needs a reason; then the draft is closed
    expect((await decide(b, draft.id, 'reject', {})).status).toBe(400);
    const rejected = await decide(b, draft.id, 'reject', { reason: 'not this quarter' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ state: 'rejected', decisionReason: 'not this quarter' });
    expect((await decide(b, draft.id, 'approve')).body.code).toBe('APPROVAL_NOT_PENDING');
    expect(await versions()).toBe(v);
    const entry = await latestAudit();
    expect(entry.action).toBe('product.change.approve');
    expect(entry.outcome).toBe('failed');
  });

  it('CO-06: 20 simultaneous approvals create exactly one version; the next priced order uses it, booked ones keep theirs', async () => {
    const before = await currentProduct(t.database.db);
    const res = await draftProductChangeAs(t, a, {
      baseVersion: before.version,
      config: lowerFeeSettings(100),
    });
    const id = res.json().id as string;
    // a borrower books an order before the approval: the old fee, the old version
    const early = await approvedBorrower('9179930001');
    const booked = await order(early.h, 'product-change-early-1');
    expect(booked).toMatchObject({ status: 201, body: { productVersion: before.version } });
    const v = await versions();
    const all = await Promise.all(Array.from({ length: 20 }, () => decide(b, id, 'approve')));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await versions()).toBe(v + 1);
    const after = await currentProduct(t.database.db);
    expect(after.version).toBe(before.version + 1);
    expect(after.serviceFeeBp).toBe(100);
    expect(all[0]!.body).toMatchObject({ state: 'approved', version: after.version });
    const [row] = await t.database.db
      .select()
      .from(productConfigs)
      .where(eq(productConfigs.version, after.version));
    expect(row!.approvalRequestId).toBe(id);
    // exactly one approve entry that did it; the others are replays
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.change.approve'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(20);
    const done = entries.filter((e) => !(e.detail as { replayed?: boolean }).replayed);
    expect(done).toHaveLength(1);
    expect(done[0]!.before).toMatchObject({ state: 'pending', version: before.version });
    expect(done[0]!.after).toMatchObject({ state: 'approved', version: after.version });
    expect((done[0]!.after as { config: { serviceFeeBp: number } }).config.serviceFeeBp).toBe(100);
    expect((done[0]!.before as { config: { serviceFeeBp: number } }).config.serviceFeeBp).toBe(
      before.serviceFeeBp,
    );
    const p = await page(b);
    expect(p.active).toMatchObject({ version: after.version });
    expect(p.active.config.serviceFeeBp).toBe(100);
    // the next priced order uses the new version (₱2,000 × 1% = ₱20 service fee) …
    const late = await approvedBorrower('9179930002');
    const next = await order(late.h, 'product-change-late-1');
    expect(next).toMatchObject({ status: 201, body: { productVersion: after.version } });
    const [lateOrder] = await t.database.db.select().from(orders).where(eq(orders.id, next.body.id));
    expect(lateOrder).toMatchObject({ productVersion: after.version, serviceFee: 2_000n });
    // … and the order booked before keeps its own
    const [earlyOrder] = await t.database.db.select().from(orders).where(eq(orders.id, booked.body.id));
    expect(earlyOrder).toMatchObject({
      productVersion: before.version,
      serviceFee: (200_000n * BigInt(before.serviceFeeBp)) / 10_000n,
    });
  });

  it('SH-13 CO-06: a draft submitted 20 times at once with one request key is drafted once; every submit answers with it', async () => {
    const baseVersion = (await page(a)).active.version;
    const before = await drafts();
    const body = {
      requestKey: randomUUID(),
      baseVersion,
      config: lowerFeeSettings(120),
      reason: 'lower fee',
    };
    const all = await Promise.all(
      Array.from({ length: 20 }, () => api.json('POST', '/api/console/product/changes', body, a.write)),
    );
    for (const res of all) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = all[0]!.body as { id: string };
    for (const res of all) expect(res.body).toEqual(first);
    expect(first).toMatchObject({ state: 'pending', baseVersion, version: null });
    expect(await drafts()).toBe(before + 1);
    // one entry did it; the others say they answered with it
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.change.draft'),
          or(sql`${auditLog.detail}->>'changeId' = ${first.id}`, eq(auditLog.targetId, first.id)),
        ),
      );
    expect(entries).toHaveLength(20);
    expect(entries.filter((e) => !(e.detail as { replayed?: boolean }).replayed)).toHaveLength(1);
  });

  it('CO-06: a draft made on a version no longer in force is refused (PRODUCT_CHANGE_STALE)', async () => {
    const base = (await page(a)).active.version;
    const first = (
      await draftProductChangeAs(t, a, { baseVersion: base, config: lowerFeeSettings(90) })
    ).json();
    const second = (
      await draftProductChangeAs(t, a, { baseVersion: base, config: lowerFeeSettings(80) })
    ).json();
    expect((await decide(b, first.id, 'approve')).status).toBe(200);
    const v = await versions();
    const stale = await decide(b, second.id, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('PRODUCT_CHANGE_STALE');
    expect(await versions()).toBe(v);
    expect((await currentProduct(t.database.db)).serviceFeeBp).toBe(90);
    // drafting on the old version is refused too
    const late = await draftProductChangeAs(t, a, { baseVersion: base, config: lowerFeeSettings(70) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PRODUCT_CHANGE_STALE');
  });

  it('BE-08: only admins reach the product endpoints; the money queue does not list product changes', async () => {
    const finance = await signInOperator(t, ops.finance);
    expect((await api.json('GET', '/api/console/product', undefined, finance.get)).status).toBe(403);
    const queue = await api.json('GET', '/api/console/money/approvals', undefined, b.get);
    expect(queue.status).toBe(200);
    expect(queue.body.requests.filter((r: { kind: string }) => r.kind !== 'waiver')).toEqual([]);
  });
});
