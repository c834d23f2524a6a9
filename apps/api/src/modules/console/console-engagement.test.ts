import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  NOTICE_TEXT,
  seedFeedback,
  signInOperator,
  type ConsoleSession,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { seedBorrowers } from '../../test/openapi-sweep.ts';
import { auditLog, coupons, feedback, messages } from '../../db/schema/index.ts';

/**
 * The console's engagement tools (issue 11, BE-08; EN-07, EN-08): a coupon or a notice to one
 * borrower or to a segment, once per request key however often it is submitted, audited, and
 * read by each borrower in their own language.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let seeded: Awaited<ReturnType<typeof seedBorrowers>>;
let finance: ConsoleSession;
let support: ConsoleSession;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await createOperators(t);
  seeded = await seedBorrowers(t, api, '91794000');
  finance = await signInOperator(t, ops.finance);
  support = await signInOperator(t, ops.support);
}, 180_000);
afterAll(async () => t?.close());

const post = (url: string, s: ConsoleSession, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...s.write, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const couponBody = (over: Record<string, unknown> = {}) => ({
  requestKey: randomUUID(),
  audience: { kind: 'borrower', customerId: seeded.disbursed.customerId },
  type: 'repayment',
  amount: '10000',
  validDays: 14,
  reason: 'goodwill: payout was late',
  ...over,
});
const couponsOf = (customerId: string, sourceKey: string) =>
  t.database.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.customerId, customerId), eq(coupons.sourceKey, sourceKey)));
const auditFor = async (action: string) =>
  Number(
    (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n,
  );

describe('BE-08 EN-07 console coupons', () => {
  it('BE-08 EN-07: a coupon to one borrower appears in their usable coupons with a message; 20 concurrent submits of one form grant once', async () => {
    const body = couponBody();
    const auditBefore = await auditFor('coupon.grant');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/console/coupons', finance, body)),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const created = results.map((r) => (r.json() as { created: number }).created);
    expect(created.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await couponsOf(seeded.disbursed.customerId, `console:${body.requestKey}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(10_000n);
    expect(rows[0]!.rule).toBe('operator');
    // one audit entry per submit, each naming the operator and the request
    expect((await auditFor('coupon.grant')) - auditBefore).toBe(20);

    const mine = await api.json('GET', '/api/coupons?status=usable', undefined, seeded.disbursed.h);
    expect(mine.status).toBe(200);
    expect(mine.body.coupons.map((c: { id: string }) => c.id)).toContain(rows[0]!.id);
    const told = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.dedupeKey, `coupon:${rows[0]!.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]!.event).toBe('coupon_granted');
  });

  it('BE-08: the same request key with other terms is refused and writes nothing', async () => {
    const body = couponBody();
    expect((await post('/api/console/coupons', finance, body)).statusCode).toBe(200);
    const res = await post('/api/console/coupons', finance, { ...body, amount: '20000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const rows = await couponsOf(seeded.disbursed.customerId, `console:${body.requestKey}`);
    expect(rows.map((r) => r.amount)).toEqual([10_000n]);
  });

  it('BE-08: more than the per-coupon maximum (₱500), a missing reason, or an unknown borrower is refused, nothing written', async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(coupons))[0]!.n);
    const tooMuch = await post('/api/console/coupons', finance, couponBody({ amount: '50001' }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('VALIDATION_FAILED');
    const noReason = await post('/api/console/coupons', finance, couponBody({ reason: ' ' }));
    expect(noReason.statusCode).toBe(400);
    const nobody = await post(
      '/api/console/coupons',
      finance,
      couponBody({ audience: { kind: 'borrower', customerId: randomUUID() } }),
    );
    expect(nobody.statusCode).toBe(404);
    expect(Number((await t.database.db.select({ n: count() }).from(coupons))[0]!.n)).toBe(before);
  });

  it('BE-08 EN-07: a segment grant reaches exactly its members, once, and a re-submit grants nothing more', async () => {
    const body = couponBody({ audience: { kind: 'segment', segment: 'active_loan' }, type: 'platform' });
    const first = await post('/api/console/coupons', finance, body);
    expect(first.statusCode, first.body).toBe(200);
    const granted = await t.database.db
      .select({ customerId: coupons.customerId })
      .from(coupons)
      .where(eq(coupons.sourceKey, `console:${body.requestKey}`));
    // the seeded borrower with a loan being repaid is the only member of "active_loan"
    expect(granted.map((g) => g.customerId)).toEqual([seeded.disbursed.customerId]);
    expect(first.json()).toEqual({ created: 1, alreadyDone: 0 });
    const again = await post('/api/console/coupons', finance, body);
    expect(again.json()).toEqual({ created: 0, alreadyDone: 1 });
    const everyone = couponBody({ audience: { kind: 'segment', segment: 'all_borrowers' } });
    const all = await post('/api/console/coupons', finance, everyone);
    expect(all.json().created).toBeGreaterThanOrEqual(Object.keys(seeded).length);
  });

  it('RO-04: support may not give coupons (403, audited); finance may not send notices', async () => {
    const res = await post('/api/console/coupons', support, couponBody());
    expect(res.statusCode).toBe(403);
    const notice = await post('/api/console/notices', finance, {
      requestKey: randomUUID(),
      audience: { kind: 'segment', segment: 'all_borrowers' },
      kind: 'notify',
      text: NOTICE_TEXT,
    });
    expect(notice.statusCode).toBe(403);
  });
});

describe('BE-08 EN-08 console notices', () => {
  it('BE-08 EN-08 SH-01: a notice to a segment is read by each member in their own language, once under 20 concurrent submits', async () => {
    const body = {
      requestKey: randomUUID(),
      audience: { kind: 'segment', segment: 'approved' },
      kind: 'activity',
      text: NOTICE_TEXT,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/console/notices', support, body)),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const created = results.reduce((s, r) => s + (r.json() as { created: number }).created, 0);
    const copies = await t.database.db.select().from(messages).where(eq(messages.event, 'operator_notice'));
    const mine = copies.filter((m) => m.dedupeKey.startsWith(`notice:${body.requestKey}:`));
    expect(mine.length).toBe(created);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(new Set(mine.map((m) => m.customerId)).size).toBe(mine.length);

    const reader = Object.values(seeded).find((b) => mine.some((m) => m.customerId === b.customerId))!;
    for (const [lang, text] of Object.entries(NOTICE_TEXT)) {
      const res = await api.json('GET', '/api/messages?kind=activity', undefined, {
        ...reader.h,
        'accept-language': lang,
      });
      expect(res.status).toBe(200);
      const notice = res.body.messages.find((m: { event: string }) => m.event === 'operator_notice');
      expect(notice, lang).toMatchObject({
        title: text.title,
        body: text.body,
        kind: 'activity',
        read: false,
      });
    }
    const unread = await api.json('GET', '/api/messages/unread-count', undefined, reader.h);
    expect(unread.body.activity).toBeGreaterThanOrEqual(1);
  });

  it('BE-08 SH-01: a notice missing a language, or the same key with another text, is refused and sends nothing', async () => {
    const before = Number(
      (
        await t.database.db.select({ n: count() }).from(messages).where(eq(messages.event, 'operator_notice'))
      )[0]!.n,
    );
    const { fil: _fil, ...noFilipino } = NOTICE_TEXT;
    const missing = await post('/api/console/notices', support, {
      requestKey: randomUUID(),
      audience: { kind: 'borrower', customerId: seeded.fresh.customerId },
      kind: 'notify',
      text: noFilipino,
    });
    expect(missing.statusCode).toBe(400);
    const body = {
      requestKey: randomUUID(),
      audience: { kind: 'borrower', customerId: seeded.fresh.customerId },
      kind: 'notify',
      text: NOTICE_TEXT,
    };
    expect((await post('/api/console/notices', support, body)).json()).toEqual({
      created: 1,
      alreadyDone: 0,
    });
    const changed = await post('/api/console/notices', support, {
      ...body,
      text: { ...NOTICE_TEXT, 'en-US': { title: 'Changed', body: 'Another text' } },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const after = Number(
      (
        await t.database.db.select({ n: count() }).from(messages).where(eq(messages.event, 'operator_notice'))
      )[0]!.n,
    );
    expect(after).toBe(before + 1);
  });
});

describe('BE-08 VAL-11 the feedback queue', () => {
  it('BE-08 VAL-11: feedback a borrower sends is in the open queue, oldest first; handled once under 20 concurrent submits, then in the handled list with the note and the operator', async () => {
    const first = await seedFeedback(t, seeded.approved.token, 'First: the limit is too low for me');
    t.clock.advanceSeconds(60);
    const second = await seedFeedback(t, seeded.disbursed.token, 'Second: payout came quickly, thanks');
    const open = await api.json('GET', '/api/console/feedback', undefined, support.get);
    expect(open.status).toBe(200);
    const ids = open.body.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(open.body.items.find((i: { id: string }) => i.id === first)).toMatchObject({
      phone: seeded.approved.phone,
      body: 'First: the limit is too low for me',
      handledAt: null,
    });
    const waiting = open.body.open as number;

    const auditBefore = await auditFor('feedback.handle');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`/api/console/feedback/${first}/handle`, support, { note: `Called back (${i})` }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const notes = new Set(results.map((r) => (r.json() as { handlingNote: string }).handlingNote));
    expect(notes.size).toBe(1); // every submit gets the one handling back
    expect((await auditFor('feedback.handle')) - auditBefore).toBe(20);

    const after = await api.json('GET', '/api/console/feedback', undefined, support.get);
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(first);
    expect(after.body.open).toBe(waiting - 1);
    const handled = await api.json('GET', '/api/console/feedback?status=handled', undefined, support.get);
    expect(handled.body.items.find((i: { id: string }) => i.id === first)).toMatchObject({
      handledBy: ops.support.id,
      handlingNote: [...notes][0],
    });
  });

  it('BE-08: an unknown feedback id is 404; an empty note is refused; finance may not read the queue', async () => {
    const unknown = await post(`/api/console/feedback/${randomUUID()}/handle`, support, { note: 'done' });
    expect(unknown.statusCode).toBe(404);
    const id = await seedFeedback(t, seeded.fresh.token);
    const empty = await post(`/api/console/feedback/${id}/handle`, support, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    const row = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row[0]!.handledAt).toBeNull();
    const denied = await api.json('GET', '/api/console/feedback', undefined, finance.get);
    expect(denied.status).toBe(403);
  });
});
