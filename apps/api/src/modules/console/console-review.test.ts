import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_DECISION_RULES, type OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import {
  createOperators,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import {
  applicationDecisions,
  applications,
  auditLog,
  messages,
  reviewCases,
} from '../../db/schema/index.ts';
import { decideApplication, decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { currentProduct, saveProductConfig, toStored } from '../lending/product-config.ts';

/**
 * The underwriting review queue (issue 11, BE-04, BE-08): borderline cases the rules route to a
 * person, the underwriter's three actions and their effect on the borrower, one decision under
 * concurrent submits, and the audit trail of each.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let underwriter: ConsoleSession;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', SESSION_TTL_DAYS: '90' });
  api = client(t.app);
  ops = await createOperators(t);
  underwriter = await signInOperator(t, ops.underwriter);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const rules = (review: Partial<typeof DEFAULT_DECISION_RULES.review>) => ({
  ...lendingContext(t.app),
  decisionRules: { ...DEFAULT_DECISION_RULES, review: { ...DEFAULT_DECISION_RULES.review, ...review } },
});

let serial = 0;
/** A borrower whose ID number is also on another customer: the default rules route it to review. */
async function duplicateIdCase() {
  serial++;
  const idNumber = `CRN-0111-77${String(serial).padStart(5, '0')}-1`;
  await submitCompleteApplication(db(), api, `91977${String(serial).padStart(5, '0')}`, { idNumber });
  serial++;
  const b = await submitCompleteApplication(db(), api, `91977${String(serial).padStart(5, '0')}`, {
    idNumber,
  });
  const decision = await decideApplication(lendingContext(t.app), { applicationId: b.applicationId });
  const [c] = await db().select().from(reviewCases).where(eq(reviewCases.applicationId, b.applicationId));
  return { ...b, decision, caseId: c!.id };
}

const decideCase = (caseId: string, body: unknown, session = underwriter) =>
  api.json('POST', `/api/console/review-cases/${caseId}/decision`, body, session.write);
const view = (h: Record<string, string>) => api.json('GET', '/api/application', undefined, h);
const messagesOf = (customerId: string) =>
  db().select().from(messages).where(eq(messages.customerId, customerId));
const auditOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('BE-04 BE-08 underwriting review queue', () => {
  it('BE-04 review routing by rule: a duplicate ID number opens a case; the borrower still sees "under review"; the sweep leaves it to a person', async () => {
    const b = await duplicateIdCase();
    expect(b.decision).toMatchObject({ outcome: 'review', reasons: ['duplicateId'], limit: 400_000n });
    expect((await view(b.h)).body).toMatchObject({ status: 'under_review', decision: null });
    await decidePendingApplications(lendingContext(t.app));
    expect(await decideApplication(lendingContext(t.app), { applicationId: b.applicationId })).toBeNull();
    expect(
      await db()
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toHaveLength(0);
    expect(
      await db().select().from(reviewCases).where(eq(reviewCases.applicationId, b.applicationId)),
    ).toHaveLength(1);
    expect(await messagesOf(b.customerId)).toHaveLength(0);
  });

  it('BE-04 review routing by rule: a review income band and (when configured) a shared payout account', async () => {
    const income = await submitCompleteApplication(db(), api, '9197800001', {
      idNumber: 'CRN-0111-7800001-1',
    });
    expect(
      await decideApplication(rules({ incomeBands: ['18001to25000'] }), {
        applicationId: income.applicationId,
      }),
    ).toMatchObject({ outcome: 'review', reasons: ['income'] });

    await submitCompleteApplication(db(), api, '9197800002', {
      idNumber: 'CRN-0111-7800002-1',
      account: '09175550001',
    });
    const shared = await submitCompleteApplication(db(), api, '9197800003', {
      idNumber: 'CRN-0111-7800003-1',
      account: '09175550001',
    });
    // off by default: approved, the shared account recorded but not a reason
    const off = await submitCompleteApplication(db(), api, '9197800004', {
      idNumber: 'CRN-0111-7800004-1',
      account: '09175550001',
    });
    expect(
      await decideApplication(lendingContext(t.app), { applicationId: off.applicationId }),
    ).toMatchObject({
      outcome: 'approve',
    });
    expect(
      await decideApplication(rules({ duplicatePayoutAccount: true }), {
        applicationId: shared.applicationId,
      }),
    ).toMatchObject({ outcome: 'review', reasons: ['duplicatePayoutAccount'] });
    const queue = await api.json('GET', '/api/console/review-cases', undefined, underwriter.get);
    const mine = queue.body.cases.find(
      (c: { applicationId: string }) => c.applicationId === shared.applicationId,
    );
    expect(mine.rules.find((r: { rule: string }) => r.rule === 'duplicatePayoutAccount')).toMatchObject({
      outcome: 'review',
    });
    const detail = await api.json('GET', `/api/console/review-cases/${mine.id}`, undefined, underwriter.get);
    expect(detail.body.matches).toEqual(
      expect.arrayContaining([expect.objectContaining({ matchedBy: 'payoutAccount' })]),
    );
  });

  it('BE-04 sandbox value review…@ sends a qualifying application to the queue (reason: sandboxForced); outside the sandbox it does nothing', async () => {
    const b = await submitCompleteApplication(db(), api, '9197800010', {
      idNumber: 'CRN-0111-7800010-1',
      email: 'review.me@example.ph',
    });
    expect(await decideApplication(lendingContext(t.app), { applicationId: b.applicationId })).toMatchObject({
      outcome: 'review',
    });
    const [c] = await db().select().from(reviewCases).where(eq(reviewCases.applicationId, b.applicationId));
    expect(c).toMatchObject({ reasons: ['sandboxForced'], maxLimit: 400_000n, status: 'open' });
    const live = await submitCompleteApplication(db(), api, '9197800011', {
      idNumber: 'CRN-0111-7800011-1',
      email: 'review.me@example.ph',
    });
    expect(
      await decideApplication(
        { ...lendingContext(t.app), sandbox: false },
        { applicationId: live.applicationId },
      ),
    ).toMatchObject({ outcome: 'approve' });
  });

  it('BE-08 the queue lists open cases oldest first with every rule; opening a case shows the duplicate and the limits; both views audited', async () => {
    const first = await duplicateIdCase();
    t.clock.advanceSeconds(60);
    const second = await duplicateIdCase();
    const res = await api.json('GET', '/api/console/review-cases', undefined, underwriter.get);
    expect(res.status).toBe(200);
    const ids = res.body.cases.map((c: { id: string }) => c.id);
    expect(ids.indexOf(first.caseId)).toBeLessThan(ids.indexOf(second.caseId));
    const openedAts = res.body.cases.map((c: { openedAt: string }) => c.openedAt);
    expect([...openedAts].sort()).toEqual(openedAts);
    const row = res.body.cases.find((c: { id: string }) => c.id === first.caseId);
    expect(row).toMatchObject({
      reasons: ['duplicateId'],
      maxLimit: '400000',
      name: 'Maria Santos Dela Cruz',
    });
    expect(row.rules.map((r: { rule: string; outcome: string }) => `${r.rule}:${r.outcome}`)).toContain(
      'duplicateId:review',
    );
    const detail = await api.json(
      'GET',
      `/api/console/review-cases/${first.caseId}`,
      undefined,
      underwriter.get,
    );
    expect(detail.body).toMatchObject({
      status: 'open',
      minLimit: '100000',
      maxLimit: '400000',
      application: { status: 'under_review', monthlyIncome: '18001to25000' },
      matches: expect.arrayContaining([
        expect.objectContaining({ matchedBy: 'idNumber', applicationStatus: 'under_review' }),
      ]),
      decision: null,
    });
    expect(JSON.stringify(detail.body)).not.toContain('CRN-0111');
    expect(await auditOf('review.case.view', first.caseId)).toHaveLength(1);
    const queueViews = await db().select().from(auditLog).where(eq(auditLog.action, 'review.queue.view'));
    expect(queueViews.length).toBeGreaterThanOrEqual(1);
  });

  it('BE-08 approve with a limit: above what the rules allow is refused (nothing written); within, the borrower gets the same decision and message as an automatic approval; audited', async () => {
    const b = await duplicateIdCase();
    const tooHigh = await decideCase(b.caseId, {
      action: 'approve',
      limit: '400001',
      reason: 'checked the IDs',
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body).toMatchObject({ code: 'REVIEW_LIMIT_NOT_ALLOWED' });
    expect(tooHigh.body.message).toContain('₱4,000.00');
    const tooLow = await decideCase(b.caseId, {
      action: 'approve',
      limit: '50000',
      reason: 'checked the IDs',
    });
    expect(tooLow.status).toBe(422);
    const noReason = await decideCase(b.caseId, { action: 'approve', limit: '300000', reason: '' });
    expect(noReason.status).toBe(400);
    expect(
      await db()
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toHaveLength(0);

    const ok = await decideCase(b.caseId, {
      action: 'approve',
      limit: '300000',
      reason: 'Same ID on a sibling account; PhilSys checked by phone',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'decided',
      decision: { action: 'approve', creditLimit: '300000', decidedBy: ops.underwriter.email },
    });
    expect((await view(b.h)).body).toMatchObject({
      status: 'approved',
      decision: { outcome: 'approve', creditLimit: '300000' },
    });
    // the same message an automatic approval writes (EN-08), once
    const msgs = await messagesOf(b.customerId);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({
      event: 'application_approved',
      params: { amount: '300000' },
      dedupeKey: `decision:${b.applicationId}:1`,
    });
    const offer = await api.json('GET', '/api/home', undefined, b.h);
    expect(offer.status).toBe(200);
    const [entry] = await auditOf('review.decide', b.caseId);
    expect(entry).toMatchObject({
      operatorId: ops.underwriter.id,
      outcome: 'ok',
      before: { status: 'open' },
      after: { status: 'decided', action: 'approve', creditLimit: '300000' },
      detail: expect.objectContaining({ reason: 'Same ID on a sibling account; PhilSys checked by phone' }),
    });
    // gone from the queue
    const queue = await api.json('GET', '/api/console/review-cases', undefined, underwriter.get);
    expect(queue.body.cases.map((c: { id: string }) => c.id)).not.toContain(b.caseId);
  });

  it('ST-05 ask for a new ID photo: the borrower is sent to re-upload, with the identity-retake message; audited', async () => {
    const b = await duplicateIdCase();
    const res = await decideCase(b.caseId, {
      action: 'reupload_id',
      reason: 'ID photo is of a different person',
    });
    expect(res.status).toBe(200);
    expect((await view(b.h)).body).toMatchObject({
      status: 'needs_photo',
      editable: true,
      decision: { outcome: 'reupload_id' },
    });
    expect((await messagesOf(b.customerId)).map((m) => m.event)).toEqual(['identity_retake']);
    expect(await auditOf('review.decide', b.caseId)).toEqual([
      expect.objectContaining({ outcome: 'ok', after: expect.objectContaining({ action: 'reupload_id' }) }),
    ]);
  });

  it('ST-03 reject with a retry date: the borrower sees "Resubmission allowed on {date}" and cannot resubmit before it; audited', async () => {
    const b = await duplicateIdCase();
    const past = await decideCase(b.caseId, {
      action: 'reject',
      retryDate: '2026-11-20',
      reason: 'fraud suspected',
    });
    expect(past).toMatchObject({ status: 400, body: { code: 'DATE_INVALID' } });
    const res = await decideCase(b.caseId, {
      action: 'reject',
      retryDate: '2027-01-15',
      reason: 'Two customers, one ID: the older one is genuine',
    });
    expect(res.status).toBe(200);
    const v = (await view(b.h)).body;
    expect(v).toMatchObject({ status: 'rejected', decision: { outcome: 'reject', retryDate: '2027-01-15' } });
    expect(await messagesOf(b.customerId)).toEqual([
      expect.objectContaining({ event: 'application_rejected', params: { date: '2027-01-15' } }),
    ]);
    const early = await api.json('POST', '/api/application/submit', undefined, {
      ...b.h,
      'accept-language': 'en-US',
    });
    expect(early).toMatchObject({
      status: 409,
      body: { code: 'RESUBMISSION_DATE', message: 'Resubmission allowed on 2027-01-15.' },
    });
    const [row] = await db()
      .select()
      .from(applicationDecisions)
      .where(eq(applicationDecisions.applicationId, b.applicationId));
    expect(row).toMatchObject({ outcome: 'reject', reason: 'underwriter' });
    expect(row!.retryAt!.toISOString()).toBe('2027-01-14T16:00:00.000Z');
    expect((await auditOf('review.decide', b.caseId))[0]).toMatchObject({
      after: expect.objectContaining({ action: 'reject', retryDate: '2027-01-15' }),
    });
  });

  it('BE-08 deciding twice gives one decision: the second is refused with REVIEW_CASE_DECIDED and audited as failed', async () => {
    const b = await duplicateIdCase();
    expect((await decideCase(b.caseId, { action: 'reupload_id', reason: 'blurred ID photo' })).status).toBe(
      200,
    );
    const again = await decideCase(b.caseId, {
      action: 'approve',
      limit: '200000',
      reason: 'second thoughts',
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'REVIEW_CASE_DECIDED' } });
    expect((await view(b.h)).body.status).toBe('needs_photo');
    const entries = await auditOf('review.decide', b.caseId);
    expect(entries.map((e) => e.outcome).sort()).toEqual(['failed', 'ok']);
  });

  it('BE-08 twenty concurrent decisions on one case give exactly one decision, one status change and one message', async () => {
    const b = await duplicateIdCase();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decideCase(
          b.caseId,
          i % 2
            ? { action: 'approve', limit: String(200_000 + i * 1000), reason: `attempt ${i}` }
            : { action: 'reject', retryDate: '2027-02-01', reason: `attempt ${i}` },
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(
      await db()
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toHaveLength(1);
    expect(await messagesOf(b.customerId)).toHaveLength(1);
    const entries = await auditOf('review.decide', b.caseId);
    expect(entries.filter((e) => e.outcome === 'ok')).toHaveLength(1);
    const [app] = await db().select().from(applications).where(eq(applications.id, b.applicationId));
    const winner = results.find((r) => r.status === 200)!.body;
    expect(app!.status).toBe(winner.decision.action === 'approve' ? 'approved' : 'rejected');
  });

  it('BE-08 a case whose borrower changed the application is no longer open work: refused as stale, superseded on resubmission', async () => {
    const b = await duplicateIdCase();
    // the borrower edits a step while under review (the application goes back to draft)
    const edit = await api.json('PUT', '/api/application/steps/baseInfo', b.steps.baseInfo, b.h);
    expect(edit.status).toBe(200);
    const queue = await api.json('GET', '/api/console/review-cases', undefined, underwriter.get);
    expect(queue.body.cases.map((c: { id: string }) => c.id)).not.toContain(b.caseId);
    const stale = await decideCase(b.caseId, { action: 'approve', limit: '200000', reason: 'too late' });
    expect(stale).toMatchObject({ status: 409, body: { code: 'REVIEW_CASE_STALE' } });
    expect(
      await db()
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, b.applicationId)),
    ).toHaveLength(0);
    // resubmitted: the rules decide the new submission (still a duplicate: a new case), the old one is superseded
    expect((await api.json('POST', '/api/application/submit', undefined, b.h)).status).toBe(200);
    await decideApplication(lendingContext(t.app), { applicationId: b.applicationId });
    const cases = await db().select().from(reviewCases).where(eq(reviewCases.applicationId, b.applicationId));
    expect(cases.map((c) => [c.submission, c.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'open'],
    ]);
    const old = await decideCase(b.caseId, { action: 'approve', limit: '200000', reason: 'too late' });
    expect(old).toMatchObject({ status: 409, body: { code: 'REVIEW_CASE_STALE' } });
  });

  it('RO-04 only an underwriter decides: a finance operator is refused (403) and nothing changes', async () => {
    const b = await duplicateIdCase();
    const finance = await signInOperator(t, ops.finance);
    const res = await decideCase(b.caseId, { action: 'reupload_id', reason: 'not mine to decide' }, finance);
    expect(res.status).toBe(403);
    expect((await view(b.h)).body.status).toBe('under_review');
    const missing = await decideCase('00000000-0000-4000-8000-000000000000', {
      action: 'reupload_id',
      reason: 'no such case',
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('BE-07 BE-08 an approval never exceeds the product cap in force, even when the product was lowered after the case opened', async () => {
    const b = await duplicateIdCase(); // opened with ₱4,000 allowed
    const { version: _v, ...product } = await currentProduct(db());
    void _v;
    const lowered = { ...product, limits: { ...product.limits, firstLoan: 300_000n } };
    await saveProductConfig(lendingContext(t.app), { config: toStored(lowered), by: 'test' });
    try {
      const detail = await api.json(
        'GET',
        `/api/console/review-cases/${b.caseId}`,
        undefined,
        underwriter.get,
      );
      expect(detail.body).toMatchObject({ maxLimit: '300000', minLimit: '100000' });
      const above = await decideCase(b.caseId, { action: 'approve', limit: '400000', reason: 'as opened' });
      expect(above).toMatchObject({ status: 422, body: { code: 'REVIEW_LIMIT_NOT_ALLOWED' } });
      const ok = await decideCase(b.caseId, { action: 'approve', limit: '300000', reason: 'within the cap' });
      expect(ok.status).toBe(200);
    } finally {
      await saveProductConfig(lendingContext(t.app), { config: toStored(product), by: 'test' });
    }
  });
});
