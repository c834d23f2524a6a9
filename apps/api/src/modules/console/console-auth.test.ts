import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  OPERATOR_PASSWORD,
  signInOperator,
  signInRaw,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { auditLog, operatorSessions, operators } from '../../db/schema/index.ts';
import { totpAt } from '../../lib/totp.ts';
import { unsealTotpSecret } from './console-tokens.ts';
import type { OperatorRole } from '@pisonow/domain';

/** Operator sign-in (issue 11, BE-08, RO-04): argon2id password + mandatory TOTP, lockout, cookie, CSRF, idle expiry. */
let t: TestApp;
let ops: Record<OperatorRole, TestOperator>;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({
    CONSOLE_LOCK_FAILURES: '3',
    CONSOLE_LOCK_MINUTES: '15',
    CONSOLE_IDLE_MINUTES: '15',
  });
  api = client(t.app);
  ops = await createOperators(t);
}, 60_000);
afterAll(async () => t?.close());
beforeEach(() => t.clock.advanceSeconds(60));

const codeNow = (op: TestOperator) => totpAt(op.totpSecret, t.clock.now());

describe('RO-04 / BE-08 console sign-in', () => {
  it('RO-04: stores the password as argon2id and the TOTP secret sealed, never in clear', async () => {
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, ops.admin.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row!.totpSecretSealed).not.toContain(ops.admin.totpSecret);
    expect(unsealTotpSecret(t.app.secretKey, row!.totpSecretSealed)).toBe(ops.admin.totpSecret);
  });

  it('RO-04: e-mail + password + TOTP signs in with an httpOnly SameSite=Strict cookie scoped to /api/console', async () => {
    const res = await signInRaw(t, {
      email: ops.support.email,
      password: OPERATOR_PASSWORD,
      code: codeNow(ops.support),
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^pn_console=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/console');
    expect(cookie).not.toContain('Secure'); // NODE_ENV=test; production adds Secure (next test)
    const body = res.json();
    expect(body.operator).toMatchObject({ email: ops.support.email, role: 'support' });
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(body.idleTimeoutSeconds).toBe(900);
    // only the token's hash is stored
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await t.database.db.select().from(operatorSessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const me = await api.json('GET', '/api/console/me', undefined, { cookie: cookie.split(';')[0]! });
    expect(me.status).toBe(200);
    expect(me.body.csrfToken).toBe(body.csrfToken);
  });

  it('RO-04: the cookie is Secure in production', async () => {
    const { sessionCookie } = await import('./console-tokens.ts');
    expect(sessionCookie('x', { secure: true, maxAgeSeconds: 60 })).toContain('Secure');
  });

  it('BE-08: a wrong password is refused with one generic code, and audited', async () => {
    const res = await signInRaw(t, {
      email: ops.finance.email,
      password: 'wrong password',
      code: codeNow(ops.finance),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CONSOLE_SIGN_IN_FAILED');
    expect(res.headers['set-cookie']).toBeUndefined();
    const unknown = await signInRaw(t, {
      email: 'nobody@ops.test',
      password: OPERATOR_PASSWORD,
      code: '123456',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('CONSOLE_SIGN_IN_FAILED');
    const failed = await t.database.db.select().from(auditLog).where(eq(auditLog.outcome, 'failed'));
    expect(
      failed.some(
        (a) => a.operatorId === ops.finance.id && (a.detail as { reason: string }).reason === 'password',
      ),
    ).toBe(true);
    expect(failed.some((a) => a.operatorEmail === 'nobody@ops.test')).toBe(true);
    // a successful sign-in resets the count
    await signInOperator(t, ops.finance);
  });

  it('BE-08: a wrong TOTP code is refused; codes two steps away are refused, one step is tolerated', async () => {
    const wrong = String((Number(codeNow(ops.underwriter)) + 1) % 1_000_000).padStart(6, '0');
    const res = await signInRaw(t, {
      email: ops.underwriter.email,
      password: OPERATOR_PASSWORD,
      code: wrong,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CONSOLE_SIGN_IN_FAILED');
    const old = totpAt(ops.underwriter.totpSecret, new Date(t.clock.now().getTime() - 90_000));
    if (old !== codeNow(ops.underwriter)) {
      const stale = await signInRaw(t, {
        email: ops.underwriter.email,
        password: OPERATOR_PASSWORD,
        code: old,
      });
      expect(stale.statusCode).toBe(401);
    }
    const previous = totpAt(ops.underwriter.totpSecret, new Date(t.clock.now().getTime() - 30_000));
    const ok = await signInRaw(t, {
      email: ops.underwriter.email,
      password: OPERATOR_PASSWORD,
      code: previous,
    });
    expect(ok.statusCode).toBe(200);
    const missing = await signInRaw(t, {
      email: ops.underwriter.email,
      password: OPERATOR_PASSWORD,
      code: '',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('BE-08: a TOTP code that was used is not accepted a second time (replay)', async () => {
    const code = codeNow(ops.admin);
    const first = await signInRaw(t, { email: ops.admin.email, password: OPERATOR_PASSWORD, code });
    expect(first.statusCode).toBe(200);
    const replay = await signInRaw(t, { email: ops.admin.email, password: OPERATOR_PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('CONSOLE_SIGN_IN_FAILED');
    // nor the step before it (earlier than the last one used)
    const earlier = totpAt(ops.admin.totpSecret, new Date(t.clock.now().getTime() - 30_000));
    const res = await signInRaw(t, { email: ops.admin.email, password: OPERATOR_PASSWORD, code: earlier });
    expect(res.statusCode).toBe(401);
    // and two at once: exactly one passes
    t.clock.advanceSeconds(30);
    const again = codeNow(ops.admin);
    const both = await Promise.all([
      signInRaw(t, { email: ops.admin.email, password: OPERATOR_PASSWORD, code: again }),
      signInRaw(t, { email: ops.admin.email, password: OPERATOR_PASSWORD, code: again }),
    ]);
    // (the other is refused: as a replay, or unchecked while the first is in flight after two
    // failures, which locks the account: over the limit of attempts, whatever their outcome)
    const statuses = both.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 429]).toContain(statuses[1]);
  });

  it('BE-08: lockout after CONSOLE_LOCK_FAILURES failures, even with the right credentials, until it runs out', async () => {
    const op = ops.support;
    for (let i = 0; i < 3; i++) {
      const res = await signInRaw(t, { email: op.email, password: 'nope', code: codeNow(op) });
      expect(res.statusCode).toBe(401);
    }
    const locked = await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('CONSOLE_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advanceSeconds(15 * 60 + 1);
    const after = await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) });
    expect(after.statusCode).toBe(200);
  });

  it('BE-08: a count left above the limit by an attempt that never finished locks, then heals; it never refuses for good', async () => {
    const op = ops.underwriter;
    t.clock.advanceSeconds(15 * 60 + 1); // whatever an earlier test left
    await t.database.db
      .update(operators)
      .set({ failedAttempts: 7, lockedUntil: null })
      .where(eq(operators.id, op.id));
    const refused = await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) });
    expect(refused.statusCode).toBe(429);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row).toMatchObject({ failedAttempts: 0 });
    expect(row!.lockedUntil).not.toBeNull();
    t.clock.advanceSeconds(15 * 60 + 1);
    expect(
      (await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) })).statusCode,
    ).toBe(200);
  });

  it('BE-08: guesses sent in parallel are all counted: the lock comes, and no more than CONSOLE_LOCK_FAILURES of them are checked', async () => {
    const op = ops.finance;
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signInRaw(t, { email: op.email, password: 'nope', code: codeNow(op) }),
      ),
    );
    // at most three were checked (401); the rest were refused unchecked while locked (429)
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row!.lockedUntil).not.toBeNull();
    const right = await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) });
    expect(right.statusCode).toBe(429);
    t.clock.advanceSeconds(15 * 60 + 1);
    expect(
      (await signInRaw(t, { email: op.email, password: OPERATOR_PASSWORD, code: codeNow(op) })).statusCode,
    ).toBe(200);
  });

  it('BE-08: the session ends after CONSOLE_IDLE_MINUTES without a request (injected clock), and stays ended', async () => {
    const s = await signInOperator(t, ops.support);
    t.clock.advanceSeconds(14 * 60);
    expect((await api.json('GET', '/api/console/me', undefined, s.get)).status).toBe(200); // activity renews
    t.clock.advanceSeconds(14 * 60);
    expect((await api.json('GET', '/api/console/me', undefined, s.get)).status).toBe(200);
    t.clock.advanceSeconds(15 * 60 + 1);
    const expired = await api.json('GET', '/api/console/me', undefined, s.get);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('UNAUTHENTICATED');
    expect((await api.json('GET', '/api/console/me', undefined, s.get)).status).toBe(401);
  });

  it("BE-08: a state-changing request without the CSRF token, or with another session's, is refused", async () => {
    const s = await signInOperator(t, ops.admin);
    const other = await signInOperator(t, ops.support);
    const none = await api.json('POST', '/api/console/auth/sign-out', undefined, s.get);
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('CSRF_INVALID');
    const foreign = await api.json('POST', '/api/console/auth/sign-out', undefined, {
      ...s.get,
      'x-csrf-token': other.csrf,
    });
    expect(foreign.status).toBe(403);
    const junk = await api.json('POST', '/api/console/auth/sign-out', undefined, {
      ...s.get,
      'x-csrf-token': 'junk',
    });
    expect(junk.status).toBe(403);
    expect((await api.json('GET', '/api/console/me', undefined, s.get)).status).toBe(200); // still signed in
    const ok = await api.json('POST', '/api/console/auth/sign-out', undefined, s.write);
    expect(ok.status).toBe(204);
    expect(String(ok.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await api.json('GET', '/api/console/me', undefined, s.get)).status).toBe(401);
  });

  it('RO-04: a borrower bearer token never reaches a console endpoint; an operator cookie never reaches a borrower endpoint', async () => {
    const borrower = await api.signIn('9179900001');
    const s = await signInOperator(t, ops.admin);
    for (const url of ['/api/console/me', '/api/console/dashboard', '/api/console/operators']) {
      const res = await api.json('GET', url, undefined, api.authed(borrower.token));
      expect(res.status, url).toBe(401);
    }
    // the operator's cookie token presented as a bearer token is not a borrower session either
    const token = s.cookie.split('=')[1]!;
    for (const url of ['/api/me', '/api/home', '/api/application']) {
      expect((await api.json('GET', url, undefined, s.get)).status, url).toBe(401);
      expect((await api.json('GET', url, undefined, api.authed(token))).status, url).toBe(401);
    }
    // and both together: each side reads only its own credential
    const both = await api.json('GET', '/api/console/me', undefined, {
      ...s.get,
      ...api.authed(borrower.token),
    });
    expect(both.body.operator.role).toBe('admin');
    const me = await api.json('GET', '/api/me', undefined, { ...s.get, ...api.authed(borrower.token) });
    expect(me.status).toBe(200);
    expect(me.body.customerId ?? me.body.id).toBeDefined();
  });
});
