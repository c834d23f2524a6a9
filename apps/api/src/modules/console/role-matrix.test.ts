import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CONSOLE_ACCESS, OPERATOR_ROLES, type OperatorRole } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  createOperators,
  signInOperator,
  wellFormedConsoleRequest,
  type ConsoleRequestIds,
  type TestOperator,
} from '../../test/console-fixtures.ts';
import { loadOperations } from '../../test/openapi-sweep.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { MatrixRequest } from '../../test/money-fixtures.ts';
import { seedConsoleMatrix } from '../../test/console-matrix-fixtures.ts';

/**
 * The console's role matrix (issue 11, BE-08, RO-04), generated from the one access map
 * (CONSOLE_ACCESS): every console endpoint × every role × no login × a borrower's token, with the
 * expected status each. A console route that is not in the map stops the server at start-up, and a
 * map entry without a route (or a route missing from the map) fails the first test here, so a new
 * endpoint cannot be left out.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Record<OperatorRole, TestOperator>;
let borrower: { token: string; customerId: string };
let money: Partial<Record<string, MatrixRequest>>;
let ids: ConsoleRequestIds;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  ops = await createOperators(t);
  ({ borrower, ids, money } = await seedConsoleMatrix(t, api, ops, '917990010'));
}, 60_000);
afterAll(async () => t?.close());

type Endpoint = keyof typeof CONSOLE_ACCESS;
const entries = Object.entries(CONSOLE_ACCESS) as [Endpoint, (typeof CONSOLE_ACCESS)[Endpoint]][];
const guarded = entries.filter(([, roles]) => roles !== 'public') as [Endpoint, readonly OperatorRole[]][];

/** A well-formed request for each endpoint: the money endpoints' real records, else the shared fixture. */
function requestFor(endpoint: Endpoint): { method: 'GET' | 'POST' } & MatrixRequest {
  const [method] = endpoint.split(' ') as ['GET' | 'POST', string];
  const prepared = money[endpoint];
  if (prepared) return { method, ...prepared };
  return wellFormedConsoleRequest(endpoint, ids);
}

const auditCount = async () => Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n);

describe('RO-04 / BE-08 console role matrix (generated from CONSOLE_ACCESS)', () => {
  it('RO-04: the access map and the registered console routes are the same set', async () => {
    const documented = (await loadOperations(t.app))
      .filter((op) => op.path.startsWith('/api/console'))
      .map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`)
      .sort();
    expect(documented).toEqual(Object.keys(CONSOLE_ACCESS).sort());
    expect(guarded.length).toBeGreaterThanOrEqual(8);
  });

  it('RO-04: the server refuses to start with a console route missing from the map', async () => {
    const Fastify = (await import('fastify')).default;
    const operatorAuth = (await import('../../plugins/app/operator-auth.ts')).default;
    const errorHandler = (await import('../../plugins/app/error-handler.ts')).default;
    const app = Fastify({ logger: false });
    app.decorate('config', t.app.config);
    await app.register(errorHandler);
    app.register((await import('../../plugins/app/database.ts')).default, {
      database: t.database,
      closeOnShutdown: false,
    });
    await app.register(operatorAuth);
    await app.after();
    expect(() => app.get('/api/console/forgotten', async () => ({}))).toThrow(/no entry in CONSOLE_ACCESS/);
    await app.close();
  });

  for (const [endpoint, allowed] of guarded) {
    for (const role of OPERATOR_ROLES) {
      const ok = allowed.includes(role);
      it(`RO-04: ${endpoint} as ${role} → ${ok ? '2xx' : '403 + one audit entry'}`, async () => {
        const session = await signInOperator(t, ops[role]);
        const { method, url, payload, headers } = requestFor(endpoint);
        const before = await auditCount();
        const res = await t.app.inject({
          method,
          url,
          headers: {
            ...(method === 'GET' ? session.get : session.write),
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(payload ? { payload } : {}),
        });
        if (ok) {
          expect(res.statusCode, `${endpoint} ${role}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
            200,
          );
          expect(res.statusCode, res.body).toBeLessThan(300);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
          const after = await t.database.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'access.denied'));
          const mine = after.filter((a) => a.operatorId === ops[role].id && a.targetId === endpoint);
          expect(mine.length).toBeGreaterThanOrEqual(1);
          expect(await auditCount()).toBe(before + 1);
        }
      });
    }
    it(`RO-04: ${endpoint} with no login → 401`, async () => {
      const { method, url, payload, headers } = requestFor(endpoint);
      const res = await t.app.inject({ method, url, payload, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });
    it(`RO-04: ${endpoint} with a borrower's bearer token → 401`, async () => {
      const { method, url, payload } = requestFor(endpoint);
      const res = await t.app.inject({ method, url, payload, headers: api.authed(borrower.token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });
  }
});
