import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import {
  fillPath,
  fingerprint,
  loadOperations,
  ownedIds,
  publicParamValues,
  seedBorrowers,
  type Borrower,
  type Operation,
} from '../../test/openapi-sweep.ts';

/**
 * Authorization sweep (RO-01, issue 8): every endpoint whose path takes an id, read from
 * `/api/openapi.json` so a new one is swept without being listed, is called by another borrower
 * with the owner's real ids. Each must refuse exactly as it refuses a random id (same status,
 * same body), so it neither serves nor reveals another borrower's data, and must change nothing.
 */

/** Path parameters that are not something a borrower owns, and why they are not swept. */
const NOT_OWNED: Record<string, string> = {
  provinceCode: 'public reference data (PSGC)',
  cityCode: 'public reference data (PSGC)',
  step: 'a fixed set of step names',
  kind: 'a fixed set of document kinds',
  token: 'the token is itself the credential (single-use upload grant, signed short-lived photo link)',
  key: 'a fixed set of operational switch names (console, admin only)',
  reportId: 'a credit-bureau file of the whole book (console, finance and admin only; BE-13)',
  screeningId: 'an AML screening (console, underwriter and admin only; BE-14)',
  strCaseId:
    'a suspicious-transaction case (console, underwriter and admin only; BE-14; never shown to the borrower)',
};
/** Routes that do not exist in production (SANDBOX=0) and hold no borrower data of their own. */
const SANDBOX_ONLY = /^\/api\/sandbox\//;

const EXAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/orders/{orderId}/payout-account': {
    channel: 'ewallet',
    providerCode: 'GCASH',
    account: '09179998888',
    confirmAccount: '09179998888',
    payeeFirstName: 'Maria',
    payeeLastName: 'Dela Cruz',
    withdrawalPhone: '9171234567',
  },
};

let t: TestApp;
let api: ReturnType<typeof client>;
let ops: Operation[];
let victims: Borrower[];
let attacker: Borrower;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
  ops = await loadOperations(t.app);
  const seeded = await seedBorrowers(t, api, '91792000');
  victims = [seeded.disbursed, seeded.failedPayout, seeded.pending];
  attacker = seeded.approved;
}, 180_000);
afterAll(async () => t?.close());

describe("authorization sweep: another borrower's ids are refused like ids that do not exist", () => {
  it('authorization sweep: every endpoint taking an id, called by another borrower, answers as for a random id and changes nothing', async () => {
    const swept = ops.filter(
      (op) =>
        op.pathParams.length > 0 &&
        !SANDBOX_ONLY.test(op.path) &&
        op.pathParams.some((p) => !NOT_OWNED[p.name]),
    );
    expect(swept.length).toBeGreaterThanOrEqual(5); // sessions, photo links, orders, documents, payout account
    const publicValues = publicParamValues();
    let calls = 0;
    for (const victim of victims) {
      const owned = await ownedIds(t.database.db, victim);
      for (const op of swept) {
        const key = `${op.method} ${op.path}`;
        const unknown = op.pathParams.filter((p) => !NOT_OWNED[p.name] && !owned[p.name]);
        expect(
          unknown.map((p) => p.name),
          `${key}: a path parameter the sweep does not know; add the owner's ids for it in ownedIds (test/openapi-sweep.ts) or say why it is not owned`,
        ).toEqual([]);
        const ids = op.pathParams.filter((p) => !NOT_OWNED[p.name]).map((p) => p.name);
        if (ids.some((name) => owned[name]!.length === 0)) continue; // this victim has none of these yet
        const base = Object.fromEntries(
          op.pathParams
            .filter((p) => NOT_OWNED[p.name])
            .map((p) => [p.name, publicValues[p.name]?.[0] ?? 'x']),
        );
        const theirs = fillPath(op.path, {
          ...base,
          ...Object.fromEntries(ids.map((name) => [name, owned[name]![0]!])),
        });
        const random = fillPath(op.path, {
          ...base,
          ...Object.fromEntries(ids.map((name) => [name, randomUUID()])),
        });
        const body = EXAMPLE_BODIES[key] ?? (op.body ? {} : undefined);
        const send = (url: string, headers: Record<string, string>) =>
          t.app.inject({
            method: op.method,
            url,
            headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            payload: body === undefined ? undefined : JSON.stringify(body),
          });

        const before = await fingerprint(t.database.db);
        for (const who of [attacker.h, {}]) {
          const onTheirs = await send(theirs, who);
          const onRandom = await send(random, who);
          calls += 2;
          const label = `${key} by ${who === attacker.h ? 'another borrower' : 'nobody'} on ${theirs}: ${onTheirs.statusCode} ${onTheirs.body.slice(0, 200)}`;
          expect(onTheirs.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(onTheirs.statusCode, label).toBeLessThan(500);
          expect(onTheirs.statusCode, label).toBe(onRandom.statusCode);
          expect(onTheirs.body, label).toBe(onRandom.body);
        }
        expect(await fingerprint(t.database.db), `${key} changed the owner's data`).toEqual(before);
      }
      // and the owner still has what was tried: a session deletion by someone else did nothing
      expect((await api.json('GET', '/api/me', undefined, victim.h)).status).toBe(200);
    }
    expect(calls).toBeGreaterThan(20);
  });

  it('authorization sweep: the owner is served, so the refusals above are not just broken routes', async () => {
    const owner = victims[0]!;
    const owned = await ownedIds(t.database.db, owner);
    expect((await api.json('GET', `/api/orders/${owned.orderId![0]}`, undefined, owner.h)).status).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/orders/${owned.orderId![0]}/documents/agreement`, headers: owner.h }))
        .statusCode,
    ).toBe(200);
    expect((await api.json('GET', `/api/photos/${owned.photoId![0]}/link`, undefined, owner.h)).status).toBe(
      200,
    );
  });
});
