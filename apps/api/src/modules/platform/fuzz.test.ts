import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { ERROR_CODES } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { validSteps } from '../../test/application-fixtures.ts';
import {
  arbitraryFromSchema,
  fillPath,
  fingerprint,
  hostileValue,
  loadOperations,
  mutated,
  ownedIds,
  publicParamValues,
  seedBorrowers,
  SIGNATURE,
  type Borrower,
  type Operation,
} from '../../test/openapi-sweep.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_IP_SENDS_PER_HOUR: '1000',
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '10000',
    OTP_DAILY_LIMIT: '100',
  });
  token = (await client(t.app).signIn('9178000001')).token;
});
afterAll(async () => t?.close());

const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string; auth?: boolean }[] = [
  { method: 'POST', url: '/api/auth/login-code' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout', auth: true },
  { method: 'GET', url: '/api/me', auth: true },
  { method: 'GET', url: '/api/sessions', auth: true },
  { method: 'DELETE', url: '/api/sessions/00000000-0000-4000-8000-000000000000', auth: true },
  { method: 'GET', url: '/api/sandbox/outbox' },
  { method: 'GET', url: '/api/auth/captcha' },
];

// Values shaped like the real bodies, plus anything JSON can hold.
const phoneLike = fc.oneof(fc.stringMatching(/^9\d{9}$/), fc.string(), fc.integer(), fc.constant(null));
const bodyArb = fc.oneof(
  fc.record(
    {
      phone: phoneLike,
      code: fc.oneof(fc.stringMatching(/^\d{4}$/), fc.string(), fc.integer()),
      privacyAccepted: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
      privacyPolicyVersion: fc.oneof(fc.string(), fc.integer()),
      promotion: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.string(), fc.constant(null)),
      captchaId: fc.oneof(fc.uuid(), fc.string()),
      captchaAnswer: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('crash sweep: random bodies, headers and queries never produce a 5xx', () => {
  it('every route answers bad input with a 4xx { code, message } (VAL-17)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        bodyArb,
        fc.option(fc.string({ maxLength: 40 })),
        fc.option(fc.string({ maxLength: 60 })),
        fc.boolean(),
        async (route, body, query, acceptLanguage, withAuth) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (acceptLanguage !== null)
            headers['accept-language'] = acceptLanguage.replace(/[^\x20-\x7e]/g, '');
          if (route.auth && withAuth) headers.authorization = `Bearer ${token}`;
          const url = query === null ? route.url : `${route.url}?phone=${encodeURIComponent(query)}`;
          const res = await t.app.inject({
            method: route.method,
            url,
            headers,
            payload: route.method === 'GET' ? undefined : JSON.stringify(body),
          });
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(
            500,
          );
          if (res.statusCode >= 400) {
            const parsed = res.json();
            expect(typeof parsed.code).toBe('string');
            expect(typeof parsed.message).toBe('string');
          }
          t.clock.advanceSeconds(61);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});

/**
 * Schema-guided fuzzing (issue 8, "Sweeps in CI"): every operation of `/api/openapi.json`, with
 * bodies, path and query values drawn from its own schema, from valid examples with one field
 * broken, or from plain hostile values; logged out, with a bad token, and as borrowers at every
 * stage (fresh, under review, approved, disbursed, failed payout), using their real ids, so the
 * deep endpoints answer for real. Fails on any 5xx, any error in the server log, and any change
 * to a business table made by a request that was refused. FUZZ_REQUESTS scales it (2,000 by
 * default; `npm run fuzz` runs 20,000); FUZZ_SEED replays a run.
 */
/** Deep reads that the sweep must reach with a real answer, not only refusals. */
const MUST_ANSWER = [
  'GET /api/orders/{orderId}',
  'GET /api/orders/{orderId}/documents/{kind}',
  'GET /api/loans/offer',
  'GET /api/application',
  'GET /api/photos/{photoId}/link',
];

describe('schema-guided fuzzing from /api/openapi.json', () => {
  const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
  const logLines: string[] = [];
  let f: TestApp;
  let fapi: ReturnType<typeof client>;
  let ops: Operation[];
  let borrowers: Record<string, Borrower>;
  const pools: Record<string, string[]> = {};
  /** each seeded borrower's own ids, so a fuzzed request often names the caller's own loan (deep paths) */
  const ownPools: Record<string, Record<string, string[]>> = {};

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    f = await createTestApp(
      {
        LOG_LEVEL: 'warn',
        CAPTCHA_IP_SENDS_PER_HOUR: '1000',
        CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '10000',
        OTP_DAILY_LIMIT: '100',
        LOGIN_LOCK_FAILURES: '100',
      },
      { logStream: capture },
    );
    fapi = client(f.app);
    // The sandbox test clock moves the whole system's time by days: fuzzed, it would expire every
    // session and leave nothing to reach; it is a sandbox control, exercised by the servicing tests.
    ops = (await loadOperations(f.app)).filter(
      (op) => !(op.method === 'POST' && op.path === '/api/sandbox/clock'),
    );
    borrowers = await seedBorrowers(f, fapi, '91791000');
    for (const [actor, b] of Object.entries(borrowers)) {
      const mine = await ownedIds(f.database.db, b);
      ownPools[actor] = mine;
      for (const [name, ids] of Object.entries(mine)) (pools[name] ??= []).push(...ids);
      const grant = await fapi.json('POST', '/api/photos/upload-grants', { kind: 'idCard' }, b.h);
      (pools.token ??= []).push(String(grant.body.uploadUrl).split('/').pop()!);
    }
    for (const photoId of pools.photoId ?? []) {
      for (const b of Object.values(borrowers)) {
        const link = await fapi.json('GET', `/api/photos/${photoId}/link`, undefined, b.h);
        if (link.status === 200) pools.token!.push(String(link.body.url).split('/').pop()!);
      }
    }
    for (const [name, values] of Object.entries(publicParamValues())) (pools[name] ??= []).push(...values);
    logLines.length = 0; // only what the sweep itself provokes counts
  }, 180_000);
  afterAll(async () => f?.close());

  const examples: Record<string, fc.Arbitrary<unknown>> = {
    'POST /api/auth/login': fc.record({
      phone: fc.constantFrom('9179100001', '9179100003', '9171234567'),
      code: fc.stringMatching(/^\d{4}$/),
      privacyAccepted: fc.constant(true),
      privacyPolicyVersion: fc.constantFrom('2026-11-01', '1999-01-01'),
    }),
    'POST /api/auth/login-code': fc.record({ phone: fc.stringMatching(/^9\d{9}$/) }),
    'PUT /api/application/steps/{step}': fc.constantFrom(
      ...Object.values(
        validSteps({
          idPhotoId: '00000000-0000-4000-8000-000000000000',
          selfiePhotoId: '00000000-0000-4000-8000-000000000001',
        }),
      ),
    ),
    'PUT /api/orders/{orderId}/payout-account': fc.constantFrom(
      {
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09179998888',
        confirmAccount: '09179998888',
        payeeFirstName: 'Maria',
        payeeLastName: 'Dela Cruz',
        withdrawalPhone: '9171234567',
      },
      {
        channel: 'bank',
        providerCode: 'BDO',
        account: '001234567890',
        confirmAccount: '001234567890',
        payeeFirstName: 'Maria',
        payeeLastName: 'Dela Cruz',
        withdrawalPhone: '9171234567',
      },
    ),
    'POST /api/orders': fc.record({
      amount: fc.constantFrom('200000', '150000', '400000', '999999'),
      termDays: fc.constantFrom(7, 14, 30),
      agreeLoanAgreement: fc.constant(true),
      agreeSanctionLetter: fc.constant(true),
      signature: fc.constant(SIGNATURE),
      productVersion: fc.constantFrom(1, 2),
      documentsSha256: fc.stringMatching(/^[0-9a-f]{64}$/),
    }),
  };

  const hostileSegment = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('%ff%fe', '..%2f..%2f', 'null', '0', 'A'.repeat(150), '%00'),
  );

  const requestArb = (op: Operation) => {
    const key = `${op.method} ${op.path}`;
    const pathValuesFor = (actor: string) =>
      fc.record(
        Object.fromEntries(
          op.pathParams.map((p) => {
            const own = ownPools[actor]?.[p.name] ?? [];
            const any = pools[p.name] ?? [];
            const fromSchema = arbitraryFromSchema(p.schema).map(String);
            return [
              p.name,
              fc.oneof(
                {
                  weight: 4,
                  arbitrary: own.length
                    ? fc.constantFrom(...own)
                    : any.length
                      ? fc.constantFrom(...any)
                      : fromSchema,
                },
                { weight: 3, arbitrary: any.length ? fc.constantFrom(...any) : fromSchema },
                {
                  weight: 1,
                  arbitrary: arbitraryFromSchema(p.schema).map((v) => encodeURIComponent(String(v))),
                },
                { weight: 1, arbitrary: hostileSegment },
              ),
            ];
          }),
        ),
      );
    const query = fc.record(
      Object.fromEntries(
        op.queryParams.map((q) => [
          q.name,
          fc.option(
            fc.oneof(
              arbitraryFromSchema(q.schema),
              fc.string({ maxLength: 20 }),
              fc.constantFrom(...Object.values(borrowers).map((b) => b.phone)),
            ),
            { nil: undefined },
          ),
        ]),
      ),
    );
    const good = examples[key] ?? (op.body ? arbitraryFromSchema(op.body) : fc.constant(undefined));
    const body =
      op.body || examples[key]
        ? fc.oneof(
            { weight: 3, arbitrary: good },
            { weight: 3, arbitrary: mutated(good) },
            { weight: 1, arbitrary: op.body ? arbitraryFromSchema(op.body) : hostileValue },
            { weight: 1, arbitrary: hostileValue },
          )
        : fc.option(hostileValue, { nil: undefined, freq: 4 });
    const upload = op.path.includes('/photos/uploads/');
    return fc
      .constantFrom('anon', 'badToken', ...Object.keys(borrowers), ...Object.keys(borrowers))
      .chain((actor) =>
        fc.record({
          op: fc.constant(op),
          actor: fc.constant(actor),
          pathValues: pathValuesFor(actor),
          query,
          body,
          bytes: upload ? fc.uint8Array({ maxLength: 2048 }) : fc.constant(null),
          contentType: upload
            ? fc.constantFrom('image/jpeg', 'image/png', 'image/heic', 'text/plain', 'application/json')
            : fc.oneof(
                { weight: 12, arbitrary: fc.constant('application/json') },
                {
                  weight: 1,
                  arbitrary: fc.constantFrom(
                    'text/plain',
                    'application/x-www-form-urlencoded',
                    'multipart/form-data; boundary=x',
                    'application/json; charset=latin1',
                    '',
                  ),
                },
              ),
          rawBody: fc.oneof(
            { weight: 15, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
          ),
          language: fc.constantFrom('en-US', 'fil', 'zh-CN', 'fr', '', 'zh-CN;q=0.1, fil;q=0.9', '*;q=2'),
          idempotencyKey: fc.oneof(
            { weight: 3, arbitrary: fc.constant(undefined) },
            { weight: 3, arbitrary: fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003') },
            { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/) },
            { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
          ),
          advanceSeconds: fc.integer({ min: 0, max: 120 }),
        }),
      );
  };

  type FuzzRequest = ReturnType<typeof requestArb> extends fc.Arbitrary<infer R> ? R : never;

  it(
    `schema-guided fuzzing: ${Number(process.env.FUZZ_REQUESTS ?? 2000)} requests, logged out and in at every stage: no 5xx, no error logged, no write from a refused request`,
    async () => {
      const db = f.database.db;
      const byStatus = new Map<string, Map<number, number>>();
      let before = await fingerprint(db);
      const revive = async () => {
        // a fuzzed logout or session deletion may end a seeded borrower's session: sign in again
        for (const b of Object.values(borrowers)) {
          if ((await fapi.json('GET', '/api/me', undefined, b.h)).status === 401) {
            f.clock.advanceSeconds(61);
            const s = await fapi.signIn(b.phone);
            b.token = s.token;
            b.h = fapi.authed(s.token);
          }
        }
        before = await fingerprint(db);
      };
      const send = async (r: FuzzRequest) => {
        const headers: Record<string, string> = {};
        const borrower = borrowers[r.actor];
        if (borrower) headers.authorization = `Bearer ${borrower.token}`;
        if (r.actor === 'badToken') headers.authorization = 'Bearer ' + 'x'.repeat(43);
        if (r.language) headers['accept-language'] = r.language;
        if (r.idempotencyKey !== undefined)
          headers['idempotency-key'] = r.idempotencyKey.replace(/[^\x20-\x7e]/g, '');
        const hasBody =
          r.op.method !== 'GET' && (r.bytes !== null || r.rawBody !== null || r.body !== undefined);
        if (hasBody && r.contentType) headers['content-type'] = r.contentType;
        const qs = Object.entries(r.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&');
        const url = fillPath(r.op.path, r.pathValues as Record<string, string>) + (qs ? `?${qs}` : '');
        const payload = !hasBody
          ? undefined
          : r.bytes !== null
            ? Buffer.from(r.bytes)
            : r.rawBody !== null
              ? r.rawBody
              : JSON.stringify(r.body);
        const res = await f.app.inject({ method: r.op.method, url, headers, payload });
        const label = `${r.op.method} ${url} as ${r.actor} ${typeof payload === 'string' ? payload.slice(0, 300) : ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        const counts = byStatus.get(`${r.op.method} ${r.op.path}`) ?? new Map<number, number>();
        counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
        byStatus.set(`${r.op.method} ${r.op.path}`, counts);

        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const parsed = res.json() as { code: string; message: string };
          expect(Object.hasOwn(ERROR_CODES, parsed.code), label).toBe(true);
          expect(typeof parsed.message, label).toBe('string');
        }
        const after = await fingerprint(db);
        if (res.statusCode >= 400) expect(after, `a refused request wrote: ${label}`).toEqual(before);
        before = after;
        if (
          res.statusCode < 300 &&
          (r.op.path === '/api/auth/logout' || r.op.path.startsWith('/api/sessions/'))
        )
          await revive();
        f.clock.advanceSeconds(r.advanceSeconds);
      };
      await fc.assert(
        fc.asyncProperty(
          // The deep reads are drawn four times as often: the sweep must reach them for real (below),
          // and with well over a hundred operations an even draw left ~17 tries each, too few for
          // a check that may not fail by chance (one in 40 runs did).
          fc
            .oneof(
              ...ops.map((op) => ({
                weight: MUST_ANSWER.includes(`${op.method} ${op.path}`) ? 4 : 1,
                arbitrary: fc.constant(op),
              })),
            )
            .chain((op) => requestArb(op)),
          send,
        ),
        {
          numRuns: REQUESTS,
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
          endOnFailure: true,
        },
      );

      const succeeded = (key: string) =>
        [...(byStatus.get(key) ?? new Map<number, number>()).entries()].some(
          ([status, n]) => status < 300 && n > 0,
        );
      // A deep read that by chance never drew its borrower's own ids in the main run is drawn more
      // (the same requests, checks and fingerprints) until it answers or 100 more tries pass: the
      // sweep must reach it for real, and chance alone left one in ~40 runs short.
      if (REQUESTS >= 2000)
        for (const key of MUST_ANSWER.filter((k) => !succeeded(k))) {
          const op = ops.find((o) => `${o.method} ${o.path}` === key);
          if (!op) continue;
          await fc.assert(
            fc.asyncProperty(requestArb(op), async (r) => {
              if (!succeeded(key)) await send(r);
            }),
            { numRuns: 100, endOnFailure: true },
          );
        }

      const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors, errors.join('\n')).toEqual([]);
      // every operation was exercised, and the deep ones answered for real, not only with refusals
      const missing = ops
        .filter((op) => !byStatus.has(`${op.method} ${op.path}`))
        .map((op) => `${op.method} ${op.path}`);
      expect(missing).toEqual([]);
      if (REQUESTS >= 2000)
        for (const key of MUST_ANSWER)
          expect(
            succeeded(key),
            `${key} answered only ${JSON.stringify([...(byStatus.get(key) ?? new Map()).entries()])}`,
          ).toBe(true);
      if (process.env.FUZZ_REPORT) {
        const rows = [...byStatus.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([k, m]) =>
              `${k.padEnd(52)} ${[...m.entries()]
                .sort(([a], [b]) => a - b)
                .map(([s, n]) => `${s}×${n}`)
                .join(' ')}`,
          );
        console.log(`${REQUESTS} requests\n${rows.join('\n')}`);
      }
    },
    Math.max(300_000, Number(process.env.FUZZ_REQUESTS ?? 2000) * 200),
  );
});
