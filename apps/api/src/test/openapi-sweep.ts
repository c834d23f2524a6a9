import fc from 'fast-check';
import { ordersContext } from '../modules/orders/orders-context.ts';
import { withdrawalBody } from './order-fixtures.ts';
import { sql } from 'drizzle-orm';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  approvalRequests,
  complaints,
  feedback,
  messages,
  orders,
  paymentDisputes,
  payouts,
  photos,
  refunds,
  repayments,
  reviewCases,
  sessions,
} from '../db/schema/index.ts';
import { decidePendingApplications } from '../modules/lending/decide-application.ts';
import { lendingContext } from '../modules/lending/lending-context.ts';
import { disburseOrder } from '../modules/orders/disburse-order.ts';
import { psgcDirectory } from '../modules/addresses/psgc-directory.ts';
import { submitCompleteApplication, validSteps, makatiAddress } from './application-fixtures.ts';
import type { TestApp, client } from './test-app.ts';

/**
 * Shared by the schema-guided sweeps (fuzzing, authorization): the operations come from the
 * server's own `/api/openapi.json`, so a new endpoint is swept without anyone listing it here.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema as the OpenAPI document gives it
export type JsonSchema = any;

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path, `/api/orders/{orderId}` */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  secured: boolean;
}

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, JsonSchema>>;
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }[];
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return ops;
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? 'missing');
}

/** Values that follow a JSON schema (what a well-behaved client sends). */
export function arbitraryFromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryFromSchema(v, depth + 1)));
  const base = ((): fc.Arbitrary<unknown> => {
    switch (schema.type) {
      case 'string': {
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'date-time')
          return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === 'email') return fc.emailAddress();
        if (typeof schema.pattern === 'string') {
          try {
            const re = new RegExp(schema.pattern);
            const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 2000) : 2000;
            return fc.stringMatching(re).map((s) => s.slice(0, max));
          } catch {
            /* a pattern JavaScript cannot compile: plain strings */
          }
        }
        return fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 64, 256),
        });
      }
      case 'integer': {
        const min = Math.max(schema.minimum ?? -1e6, -1e6);
        const max = Math.min(schema.maximum ?? 1e6, 1e6);
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, 0, 7, 14, 30));
      }
      case 'number':
        return fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(arbitraryFromSchema(schema.items, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object': {
        const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set<string>((schema.required ?? []) as string[]);
        if (Object.keys(props).length === 0)
          return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
        return fc.record(
          Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFromSchema(v, depth + 1)])),
          {
            requiredKeys: [...required].filter((k) => k in props),
          },
        );
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

/** Hostile values: what an attacker, a broken client or a proxy sends. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '😀',
    '九',
    "' or 1=1 --",
    '<script>',
    'A'.repeat(5000),
  ),
  fc.integer(),
  fc.double(),
  fc.constant({ __proto__: { polluted: true } }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
);

/** A valid-looking body with one field broken, dropped or added. */
export function mutated(example: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(example, fc.nat(), hostileValue, fc.constantFrom('replace', 'drop', 'add', 'keep'))
    .map(([value, i, hostile, how]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value))
        return how === 'keep' ? value : hostile;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length ? keys[i % keys.length]! : 'extra';
      if (how === 'replace') copy[key] = hostile;
      else if (how === 'drop') delete copy[key];
      else if (how === 'add') copy[`x${i % 7}`] = hostile;
      return copy;
    });
}

/**
 * Tables a refused request must never change. Left out, by design: idempotency_keys (a refusal is
 * stored to be replayed), login_failures, otp_codes, phone_locks, captcha_challenges (counting
 * wrong codes and unusual activity is the point of a refusal), photos and upload_grants (a rejected
 * photo is recorded as rejected and its single-use grant is spent), sessions (only ever revoked by a
 * successful request; covered by its count).
 */
export const GUARDED_TABLES = [
  'customers',
  'consents',
  'applications',
  'application_steps',
  'application_decisions',
  'application_events',
  'signatures',
  'orders',
  'order_documents',
  'payouts',
  'payout_callbacks',
  'ledger_transactions',
  'ledger_entries',
  'sandbox_sms_outbox',
  'product_configs',
  'repayments',
  'extension_disclosures',
  'loan_transactions',
  'order_events',
  'provider_webhooks',
  'loan_reminders',
] as const;

/** One round trip: every guarded table's row count and a hash of its content. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const parts = GUARDED_TABLES.map(
    (t) =>
      `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from ${t} x`,
  );
  parts.push(`select 'sessions' as t, count(*)::text as h from sessions`);
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}

export const SIGNATURE = `data:image/png;base64,${Buffer.from('a drawn signature').toString('base64')}`;

export interface Borrower {
  phone: string;
  token: string;
  customerId: string;
  h: Record<string, string>;
}

/** Borrowers at every stage, seeded through the API and the sandbox (as the order tests do). */
export async function seedBorrowers(t: TestApp, api: ReturnType<typeof client>, prefix: string) {
  const db = t.database.db;
  const disburseAll = async () => {
    for (const o of await db.select().from(orders).where(eq(orders.status, 'disbursing')))
      await disburseOrder(ordersContext(t.app), { orderId: o.id });
  };
  const signedIn = async (suffix: string): Promise<Borrower> => {
    const phone = `${prefix}${suffix}`;
    const s = await api.signIn(phone);
    return { phone, token: s.token, customerId: s.customerId, h: api.authed(s.token) };
  };
  const applicant = async (suffix: string, account = '09171234567'): Promise<Borrower> => {
    const phone = `${prefix}${suffix}`;
    const b = await submitCompleteApplication(db, api, phone, { account });
    return { phone, token: b.token, customerId: b.customerId, h: b.h };
  };
  const withOrder = async (b: Borrower, key: string) => {
    const res = await api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, b.h, { signature: SIGNATURE }),
      { ...b.h, 'idempotency-key': key },
    );
    if (res.status !== 201) throw new Error(`order: ${JSON.stringify(res.body)}`);
  };

  const fresh = await signedIn('01');
  const approved = await applicant('03');
  const disbursed = await applicant('04');
  const failedPayout = await applicant('05', '09171230000');
  await decidePendingApplications(lendingContext(t.app));
  const pending = await applicant('06'); // submitted after the decisions ran: stays under review
  await withOrder(disbursed, `${prefix}-seed-order-1`);
  await withOrder(failedPayout, `${prefix}-seed-order-2`);
  await disburseAll();
  // repaying: an open repayment (over the counter), so the servicing endpoints have ids to sweep
  const [loan] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, disbursed.customerId));
  const bill = await api.json('GET', `/api/orders/${loan!.id}`, undefined, disbursed.h);
  const opened = await api.json(
    'POST',
    `/api/orders/${loan!.id}/repayments`,
    { purpose: 'full', channel: 'otc', providerCode: '7ELEVEN', expectedAmount: bill.body.balance.total },
    { ...disbursed.h, 'idempotency-key': `${prefix}-seed-repay-1` },
  );
  if (opened.status !== 201) throw new Error(`repayment: ${JSON.stringify(opened.body)}`);
  return { fresh, pending, approved, disbursed, failedPayout };
}

/** Every id-like value a borrower owns, by the path-parameter name that takes it. */
export async function ownedIds(db: Db, b: Borrower): Promise<Record<string, string[]>> {
  const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, b.customerId));
  const pay = mine.length
    ? await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.orderId, mine[0]!.id))
    : [];
  const sess = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.customerId, b.customerId));
  const pics = await db.select({ id: photos.id }).from(photos).where(eq(photos.customerId, b.customerId));
  const repaid = await db
    .select({ id: repayments.id })
    .from(repayments)
    .where(eq(repayments.customerId, b.customerId));
  const told = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.customerId, b.customerId));
  // the console's money routes (issue 11) take these: a borrower gets 401 there
  const refunded = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.customerId, b.customerId));
  const asked = mine.length
    ? await db
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(
          inArray(
            approvalRequests.orderId,
            mine.map((o) => o.id),
          ),
        )
    : [];
  const reviewed = await db
    .select({ id: reviewCases.id })
    .from(reviewCases)
    .where(eq(reviewCases.customerId, b.customerId));
  const wrote = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.customerId, b.customerId));
  const disputed = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(eq(paymentDisputes.customerId, b.customerId));
  const complained = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.customerId, b.customerId));
  return {
    // BE-10: the console resolves a borrower's payment dispute by its id (a borrower gets 401 there)
    disputeId: disputed.map((d) => d.id),
    // the console's borrower pages take the customer id (issue 11): a borrower gets 401 there
    customerId: [b.customerId],
    // the console's feedback queue (issue 11): a borrower gets 401 there
    feedbackId: wrote.map((f) => f.id),
    // BE-11: the borrower's own complaints (and the console's queue, where a borrower gets 401)
    complaintId: complained.map((c) => c.id),
    refundId: refunded.map((r) => r.id),
    requestId: asked.map((r) => r.id),
    orderId: mine.map((o) => o.id),
    payoutId: pay.map((p) => p.id),
    sessionId: sess.map((s) => s.id),
    photoId: pics.map((p) => p.id),
    repaymentId: repaid.map((r) => r.id),
    messageId: told.map((m) => m.id),
    // the console's review cases (issue 11): a borrower gets 401 there
    caseId: reviewed.map((r) => r.id),
    // product changes (issue 11, CO-06) belong to no borrower: admins' drafts, a borrower gets 401
    changeId: [],
    // BE-05: money naming no borrower belongs to none (it is what finance assigns): a borrower gets 401
    unmatchedId: [],
  };
}

/** Path parameters that name public reference data or a fixed set, not something a borrower owns. */
export function publicParamValues(): Record<string, string[]> {
  const d = psgcDirectory();
  const province = d.provinces[0]!;
  const city = d.citiesOf(province.code)![0]!;
  const m = makatiAddress();
  return {
    provinceCode: [province.code, m.provinceCode],
    cityCode: [city.code, m.cityCode],
    step: Object.keys(validSteps({ idPhotoId: '', selfiePhotoId: '' })),
    kind: ['disclosure', 'agreement', 'sanction_letter'],
    key: ['pauseNewApplications', 'bankChangeMaintenance'],
  };
}
