import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { CONSOLE_ACCESS, type OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  signInOperator,
  signInRaw,
  OPERATOR_PASSWORD,
  wellFormedConsoleRequest,
  type ConsoleRequestIds,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { totpAt } from '../../lib/totp.ts';
import type { MatrixRequest } from '../../test/money-fixtures.ts';
import { seedConsoleMatrix } from '../../test/console-matrix-fixtures.ts';

/**
 * The audit trail (issue 11, BE-08): one entry for every operator action and every view of personal
 * data, generated over the access map; append-only in the database itself (PGlite and PostgreSQL:
 * CI runs this file both ways); filterable and exportable as CSV.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let money: Partial<Record<string, MatrixRequest>>;
let ids: ConsoleRequestIds;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  ops = await createOperators(t);
  ({ ids, money } = await seedConsoleMatrix(t, api, ops, '917990020'));
}, 60_000);
afterAll(async () => t?.close());

const auditCount = async () => Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n);
const latest = async () =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.seq} desc`)
      .limit(1)
  )[0]!;

/** Reading one's own session is neither an action nor a view of personal data. */
const NOT_AUDITED: Record<string, string> = {
  'GET /api/console/me': "the operator's own session and CSRF token",
};

describe('BE-08 audit trail', () => {
  const endpoints = Object.entries(CONSOLE_ACCESS).filter(([, roles]) => roles !== 'public') as [
    string,
    readonly OperatorRole[],
  ][];
  for (const [endpoint, roles] of endpoints) {
    const expected = NOT_AUDITED[endpoint] ? 0 : 1;
    it(`BE-08: ${endpoint} writes exactly ${expected} audit entr${expected === 1 ? 'y' : 'ies'} naming the operator`, async () => {
      const op = ops[roles[0]!];
      const s = await signInOperator(t, op);
      const prepared = money[endpoint];
      const { method, url, payload, headers } = prepared
        ? { method: endpoint.split(' ')[0] as 'GET' | 'POST', ...prepared }
        : {
            ...wellFormedConsoleRequest(endpoint, ids),
            headers: undefined,
          };
      const before = await auditCount();
      const res = await t.app.inject({
        method,
        url,
        headers: {
          ...(method === 'GET' ? s.get : s.write),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
      expect(await auditCount()).toBe(before + expected);
      if (expected) {
        const entry = await latest();
        expect(entry.operatorId).toBe(op.id);
        expect(entry.role).toBe(op.role);
        expect(entry.outcome).toBe('ok');
        expect(entry.at.toISOString()).toBe(t.clock.now().toISOString());
      }
    });
  }

  it('BE-08: sign-in writes one entry whether it succeeds or fails', async () => {
    const before = await auditCount();
    await signInOperator(t, ops.support);
    expect(await auditCount()).toBe(before + 1);
    await signInRaw(t, {
      email: ops.support.email,
      password: 'bad',
      code: totpAt(ops.support.totpSecret, t.clock.now()),
    });
    expect(await auditCount()).toBe(before + 2);
    expect((await latest()).outcome).toBe('failed');
    void OPERATOR_PASSWORD;
  });

  it('BE-08: revoking a borrower session records before and after, and the borrower is signed out', async () => {
    const other = await api.signIn('9179900202');
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.customerId, other.customerId));
    const op = await signInOperator(t, ops.support);
    const res = await api.json(
      'POST',
      `/api/console/borrowers/${other.customerId}/sessions/${s!.id}/revoke`,
      undefined,
      op.write,
    );
    expect(res.status).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'borrower.session.revoke',
      targetType: 'session',
      targetId: s!.id,
    });
    expect(entry.before).toEqual({ revokedAt: null });
    expect(entry.after).toEqual({ revokedAt: t.clock.now().toISOString() });
    expect((await api.json('GET', '/api/me', undefined, api.authed(other.token))).status).toBe(401);
    // another borrower's session id under this customer: not found, and still audited once
    const before = await auditCount();
    const wrong = await api.json(
      'POST',
      `/api/console/borrowers/${other.customerId}/sessions/${ids.sessionId}/revoke`,
      undefined,
      op.write,
    );
    expect(wrong.status).toBe(404);
    expect(await auditCount()).toBe(before + 1);
    expect((await latest()).outcome).toBe('not_found');
  });

  it('BE-08: the database refuses UPDATE, DELETE and TRUNCATE on the audit trail', async () => {
    const db = t.database.db;
    expect(await auditCount()).toBeGreaterThan(0);
    await expect(db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const tampered = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'tampered'));
    expect(Number(tampered[0]!.n)).toBe(0);
    // refused by the trigger, saying why (not some other failure)
    for (const statement of [
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/audit trail is append-only/);
    }
  });

  it('BE-08: GET /api/console/audit filters by operator, action and date range; CSV export has the same rows', async () => {
    const admin = await signInOperator(t, ops.admin);
    const from = new Date(t.clock.now().getTime() - 1000).toISOString();
    const support = await signInOperator(t, ops.support);
    await api.json('GET', '/api/console/dashboard', undefined, support.get);
    await api.json('GET', '/api/console/dashboard', undefined, support.get);
    const to = new Date(t.clock.now().getTime() + 1000).toISOString();
    const q = `operatorId=${ops.support.id}&action=dashboard.view&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const list = await api.json('GET', `/api/console/audit?${q}`, undefined, admin.get);
    expect(list.status).toBe(200);
    expect(list.body.entries).toHaveLength(2);
    expect(
      list.body.entries.every(
        (e: { operatorId: string; action: string }) =>
          e.operatorId === ops.support.id && e.action === 'dashboard.view',
      ),
    ).toBe(true);
    const csv = await t.app.inject({ url: `/api/console/audit/export?${q}`, headers: admin.get });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('audit.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,operatorId,operatorEmail,role,action,targetType,targetId,outcome,before,after,detail,ip',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('dashboard.view');
    const bad = await api.json('GET', '/api/console/audit?from=yesterday', undefined, admin.get);
    expect(bad.status).toBe(400);
  });

  it('BE-08: CSV cells cannot smuggle a spreadsheet formula (an operator reason is stored in the trail)', async () => {
    const admin = await signInOperator(t, ops.admin);
    const set = await api.json(
      'POST',
      '/api/console/switches/pauseNewApplications',
      { on: false, reason: '=HYPERLINK("x")' },
      admin.write,
    );
    expect(set.status).toBe(200);
    const csv = await t.app.inject({
      url: '/api/console/audit/export?action=switch.set',
      headers: admin.get,
    });
    expect(csv.body).toContain('HYPERLINK');
    for (const line of csv.body.trim().split('\r\n').slice(1)) {
      for (const cell of line.split(',')) expect(cell.startsWith('=')).toBe(false);
    }
  });

  it('BE-08 BE-12 (NPC): a borrower search is audited by how it matched and whom it found, never by the typed text (a whole ID number stays sealed)', async () => {
    const support = await signInOperator(t, ops.support);
    const typed = 'CRN-0111-2222333-4';
    await api.json('GET', `/api/console/borrowers?q=${encodeURIComponent(typed)}`, undefined, support.get);
    await api.json(
      'GET',
      `/api/console/borrowers?q=${encodeURIComponent('Juan Dela Cruz')}`,
      undefined,
      support.get,
    );
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'borrower.search'));
    const text = JSON.stringify(entries);
    expect(text).not.toContain('2222333');
    expect(text).not.toContain('Dela Cruz');
    expect(entries.map((e) => (e.detail as { searchedAs: string[] }).searchedAs)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['idNumber']), expect.arrayContaining(['name'])]),
    );
  });
});
