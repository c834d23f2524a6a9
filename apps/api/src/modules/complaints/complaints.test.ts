import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { complaintEscalation, manilaDate, addDays } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { auditLog, complaints, messages } from '../../db/schema/index.ts';
import type { OperatorRole } from '@pisonow/domain';

let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
let keys = 0;
const file = (h: Record<string, string>, body: unknown, key = `complaint-${++keys}`) =>
  api.json('POST', '/api/complaints', body, { ...h, 'idempotency-key': key });
const mine = async (customerId: string) =>
  db().select().from(complaints).where(eq(complaints.customerId, customerId));

async function consoleAs(role: OperatorRole) {
  const s = await signInOperator(t, ops[role]);
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: s.get }),
    post: (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...s.write, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}

describe('BE-11 complaints (RA 11765, SEC MC 5 s.2023)', () => {
  it('BE-11 a borrower files a complaint: ticket number, status open, promised date 30 days on, escalation path in their language', async () => {
    const { token, customerId } = await api.signIn('9195100001');
    const h = { ...api.authed(token), 'accept-language': 'fil' };
    const now = t.clock.now();
    const res = await file(h, { category: 'charges_or_fees', description: '  I was charged a fee twice.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ticketNumber: expect.stringMatching(/^PN-C-\d{4}-\d{6,}$/),
      category: 'charges_or_fees',
      description: 'I was charged a fee twice.',
      orderId: null,
      status: 'open',
      resolveBy: addDays(manilaDate(now), 30),
      resolution: null,
      escalation: complaintEscalation('fil'),
    });
    expect(res.body.ticketNumber.slice(5, 9)).toBe(manilaDate(now).slice(0, 4));
    expect(res.body.escalation).toContain('Financing and Lending Companies Department');

    // a second one gets the next ticket number; the list is newest first
    t.clock.advanceSeconds(60);
    const second = await file(h, {
      category: 'app_or_account',
      description: 'The app logs me out every day.',
    });
    expect(second.status).toBe(201);
    expect(second.body.ticketNumber).not.toBe(res.body.ticketNumber);
    const list = await api.json('GET', '/api/complaints', undefined, h);
    expect(list.status).toBe(200);
    expect(list.body.complaints.map((c: { id: string }) => c.id)).toEqual([second.body.id, res.body.id]);
    const one = await api.json('GET', `/api/complaints/${res.body.id}`, undefined, api.authed(token));
    expect(one).toMatchObject({
      status: 200,
      body: { id: res.body.id, escalation: complaintEscalation('en-US') },
    });
    expect(await mine(customerId)).toHaveLength(2);
    expect((await api.json('GET', '/api/complaints', undefined, {})).status).toBe(401);
  });

  it('BE-11 ownership: another borrower gets 404 for my complaint and cannot name my loan (nothing written)', async () => {
    const phone = '9195100002';
    const { orderId } = await seedDisbursedLoan(db(), { disbursedAt: t.clock.now(), phone });
    const owner = api.authed((await api.signIn(phone)).token);
    const filed = await file(owner, {
      category: 'payment_not_reflected',
      description: 'I paid at 7-Eleven yesterday and it is not shown.',
      orderId,
    });
    expect(filed).toMatchObject({ status: 201, body: { orderId } });

    const other = await api.signIn('9195100003');
    const oh = api.authed(other.token);
    const theirs = await api.json('GET', `/api/complaints/${filed.body.id}`, undefined, oh);
    const random = await api.json(
      'GET',
      '/api/complaints/00000000-0000-4000-8000-000000000001',
      undefined,
      oh,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(random.body);
    expect((await api.json('GET', '/api/complaints', undefined, oh)).body.complaints).toEqual([]);
    const withTheirLoan = await file(oh, {
      category: 'payment_not_reflected',
      description: 'Somebody else’s loan is named here.',
      orderId,
    });
    expect(withTheirLoan).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await mine(other.customerId)).toEqual([]);
  });

  it('BE-11 validation: a short description, an unknown category or a bad loan id is 400 and nothing is written', async () => {
    const { token, customerId } = await api.signIn('9195100004');
    const h = api.authed(token);
    for (const [body, code] of [
      [{ category: 'other', description: 'too short' }, 'FEEDBACK_TOO_SHORT'],
      [{ category: 'other', description: '          x' }, 'FEEDBACK_TOO_SHORT'],
      [{ category: 'rude_staff', description: 'A long enough description.' }, 'VALIDATION_FAILED'],
      [{ description: 'A long enough description.' }, 'VALIDATION_FAILED'],
      [{ category: 'other', description: 'x'.repeat(2001) }, 'VALIDATION_FAILED'],
      [
        { category: 'other', description: 'A long enough description.', orderId: 'not-a-uuid' },
        'VALIDATION_FAILED',
      ],
      [{ category: 'other', description: 'A long enough description.', customerId }, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await file(h, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe(code);
    }
    expect(await mine(customerId)).toEqual([]);
    // and without an Idempotency-Key, nothing either
    const noKey = await api.json(
      'POST',
      '/api/complaints',
      { category: 'other', description: 'A long enough description.' },
      h,
    );
    expect(noKey).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_MISSING' } });
    expect(await mine(customerId)).toEqual([]);
  });

  it('BE-11 idempotent replay: the same Idempotency-Key files one ticket and answers the same', async () => {
    const { token, customerId } = await api.signIn('9195100005');
    const h = api.authed(token);
    const body = { category: 'collection_conduct', description: 'A collector called my employer.' };
    const [a, b] = await Promise.all([file(h, body, 'same-key-1'), file(h, body, 'same-key-1')]);
    expect([a.status, b.status]).toContain(201);
    const c = await file(h, body, 'same-key-1');
    expect(c.status).toBe(201);
    expect(c.body.ticketNumber).toBe((a.status === 201 ? a : b).body.ticketNumber);
    expect(await mine(customerId)).toHaveLength(1);
  });

  it('BE-11 the deadline is configurable: COMPLAINT_RESOLUTION_DAYS=15 promises 15 calendar days', async () => {
    const t2 = await createTestApp({ COMPLAINT_RESOLUTION_DAYS: '15' });
    try {
      t2.clock.set('2026-12-20T17:30:00Z'); // 01:30 on 21 December in Manila
      const api2 = client(t2.app);
      const { token } = await api2.signIn('9195100006');
      const res = await api2.json(
        'POST',
        '/api/complaints',
        { category: 'privacy', description: 'Please stop texting my sister.' },
        { ...api2.authed(token), 'idempotency-key': 'deadline-15' },
      );
      expect(res.body).toMatchObject({ resolveBy: '2027-01-05', ticketNumber: 'PN-C-2026-000001' });
    } finally {
      await t2.close();
    }
  });

  it('BE-11 console: support sees the queue with days left and overdue; resolving needs an answer, is audited, and the borrower is told in their language', async () => {
    const { token, customerId } = await api.signIn('9195100007');
    const h = { ...api.authed(token), 'accept-language': 'zh-CN' };
    const filed = await file(h, { category: 'charges_or_fees', description: 'Why is there a service fee?' });
    expect(filed.status).toBe(201);
    const id = filed.body.id as string;
    let support = await consoleAs('support');

    const queue = await support.get('/api/console/complaints');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({
      status: 'open',
      daysLeft: 30,
      overdue: false,
      phone: '9195100007',
      locale: 'zh-CN',
    });
    // unresolved first
    const statuses = queue.json().items.map((i: { status: string }) => i.status);
    expect(
      statuses.indexOf('resolved') === -1 || statuses.lastIndexOf('open') < statuses.indexOf('resolved'),
    ).toBe(true);

    // 31 days later it is overdue
    t.clock.advance(31 * 86_400_000);
    support = await consoleAs('support'); // a fresh console session: the first one timed out
    const late = (await support.get('/api/console/complaints')).json();
    expect(late.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      daysLeft: -1,
      overdue: true,
    });
    expect(late.overdue).toBeGreaterThanOrEqual(1);

    const progress = await support.post(`/api/console/complaints/${id}/progress`, {
      status: 'in_progress',
      response: 'We are checking your fees.',
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ status: 'in_progress', response: 'We are checking your fees.' });

    const noAnswer = await support.post(`/api/console/complaints/${id}/progress`, { status: 'resolved' });
    expect(noAnswer.statusCode).toBe(400);
    expect((await db().select().from(complaints).where(eq(complaints.id, id)))[0]!.status).toBe(
      'in_progress',
    );

    const answer = 'The service fee is in your disclosure statement; we refunded the duplicate.';
    const resolved = await support.post(`/api/console/complaints/${id}/progress`, {
      status: 'resolved',
      response: answer,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', response: answer, overdue: false });
    const again = await support.post(`/api/console/complaints/${id}/progress`, { status: 'in_progress' });
    expect(again.json()).toMatchObject({ code: 'COMPLAINT_CLOSED' });
    expect(again.statusCode).toBe(409);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.progress'), eq(auditLog.targetId, id)));
    expect(audits.map((a) => a.outcome).sort()).toEqual(['denied', 'ok', 'ok']);
    expect(audits.find((a) => (a.after as { status?: string } | null)?.status === 'resolved')).toMatchObject({
      operatorId: ops.support.id,
      before: { status: 'in_progress' },
    });

    // the borrower sees the resolution, and a message in their language (zh-CN)
    const again2 = await api.signIn('9195100007'); // their session, too, has ended in 31 days
    const h2 = { ...api.authed(again2.token), 'accept-language': 'zh-CN' };
    const mineNow = await api.json('GET', `/api/complaints/${id}`, undefined, h2);
    expect(mineNow.body).toMatchObject({ status: 'resolved', resolution: answer });
    const told = await db().select().from(messages).where(eq(messages.customerId, customerId));
    expect(told).toHaveLength(2);
    const inbox = await api.json('GET', '/api/messages', undefined, h2);
    const titles = inbox.body.messages.map((m: { title: string }) => m.title);
    expect(titles).toContain(`投诉 ${filed.body.ticketNumber} 已解决`);
    expect(inbox.body.messages.find((m: { title: string }) => m.title.includes('已解决')).body).toContain(
      answer,
    );
  });

  it('BE-11 console role gate: underwriter and finance get 403; a borrower token gets 401; a missing complaint 404', async () => {
    for (const role of ['underwriter', 'finance'] as const) {
      const c = await consoleAs(role);
      expect((await c.get('/api/console/complaints')).statusCode).toBe(403);
      expect(
        (
          await c.post('/api/console/complaints/00000000-0000-4000-8000-000000000001/progress', {
            status: 'in_progress',
          })
        ).statusCode,
      ).toBe(403);
    }
    const { token } = await api.signIn('9195100008');
    expect((await api.json('GET', '/api/console/complaints', undefined, api.authed(token))).status).toBe(401);
    const admin = await consoleAs('admin');
    expect((await admin.get('/api/console/complaints')).statusCode).toBe(200);
    const missing = await admin.post(
      '/api/console/complaints/00000000-0000-4000-8000-000000000001/progress',
      {
        status: 'in_progress',
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('BE-11 complaints are in "download my data"', async () => {
    const { token } = await api.signIn('9195100009');
    const h = api.authed(token);
    const filed = await file(h, { category: 'other', description: 'Please call me back about my account.' });
    const res = await api.json('GET', '/api/me/data', undefined, h);
    const table = res.body.tables?.find((x: { name: string }) => x.name === 'complaints');
    expect(table?.rows.map((r: { ticket_number: string }) => r.ticket_number)).toEqual([
      filed.body.ticketNumber,
    ]);
  });
});
