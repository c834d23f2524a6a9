import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { amlScreenings } from '../db/schema/index.ts';
import { importSanctionsList } from '../modules/aml/import-sanctions-list.ts';
import {
  DEFAULT_PRODUCT,
  OPERATOR_ROLES,
  manilaDate,
  productToSettings,
  type OperatorRole,
} from '@pisonow/domain';
import { openPaymentDispute } from '../modules/servicing/open-payment-dispute.ts';
import { servicingContext } from '../modules/servicing/routes.ts';
import { seedDisbursedLoan, seedReceiptPhoto } from './loan-fixtures.ts';
import { createOperator } from '../modules/console/create-operator.ts';
import { totpAt } from '../lib/totp.ts';
import type { TestApp } from './test-app.ts';

/** Console test helpers (issue 11): operators of every role and signing in the way the console does. */
export const OPERATOR_PASSWORD = 'a long test password 42';

export interface TestOperator {
  id: string;
  role: OperatorRole;
  email: string;
  totpSecret: string;
}

export async function createOperators(t: TestApp): Promise<Record<OperatorRole, TestOperator>> {
  const out = {} as Record<OperatorRole, TestOperator>;
  for (const role of OPERATOR_ROLES) {
    const email = `${role}@ops.test`;
    const created = await createOperator(
      { db: t.database.db, clock: t.clock, secretKey: t.app.secretKey },
      { email, password: OPERATOR_PASSWORD, role },
    );
    out[role] = { id: created.id, role, email, totpSecret: created.totpSecret };
  }
  return out;
}

export interface ConsoleSession {
  cookie: string;
  csrf: string;
  /** headers for a GET */
  get: Record<string, string>;
  /** headers for a state-changing request */
  write: Record<string, string>;
}

export async function signInRaw(t: TestApp, body: { email: string; password: string; code: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/console/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** Signs in with a fresh TOTP step (the clock moves 30 s first, so a step is never reused). */
export async function signInOperator(t: TestApp, op: TestOperator): Promise<ConsoleSession> {
  t.clock.advanceSeconds(30);
  const res = await signInRaw(t, {
    email: op.email,
    password: OPERATOR_PASSWORD,
    code: totpAt(op.totpSecret, t.clock.now()),
  });
  if (res.statusCode !== 200) throw new Error(`console sign-in failed: ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  const csrf = (res.json() as { csrfToken: string }).csrfToken;
  return { cookie, csrf, get: { cookie }, write: { cookie, 'x-csrf-token': csrf } };
}

/**
 * Operators of every role, and the money team signed in: finance, and two admins, so a maker-checker
 * request drafted by one admin can be decided by another.
 */
export async function signInMoneyTeam(t: TestApp) {
  const ops = await createOperators(t);
  const second = await createOperator(
    { db: t.database.db, clock: t.clock, secretKey: t.app.secretKey },
    { email: 'admin2@ops.test', password: OPERATOR_PASSWORD, role: 'admin' },
  );
  return {
    ops,
    admin2Id: second.id,
    finance: await signInOperator(t, ops.finance),
    admin: await signInOperator(t, ops.admin),
    admin2: await signInOperator(t, {
      id: second.id,
      role: 'admin',
      email: 'admin2@ops.test',
      totpSecret: second.totpSecret,
    }),
  };
}

/** What a well-formed request for a console endpoint needs to name. */
export interface ConsoleRequestIds {
  customerId: string;
  sessionId: string;
  /** the borrower's phone, for the search */
  phone: string;
  /** a piece of the borrower's feedback (seedFeedback) */
  feedbackId: string;
  /** an open underwriting review case */
  caseId?: string;
  /** a borrower's open deletion request (BE-12) */
  dataRequestId?: string;
  /** a credit-data file (BE-13) */
  creditReportId?: string;
  /** a possible designated-persons match (BE-14) */
  amlScreeningId?: string;
  /** three open suspicious-transaction cases (BE-14, seedStrCases): narrated/exported, reported, closed */
  amlStrCaseIds?: { open: string; report: string; close: string };
  /** an open payment dispute (BE-10, seedOpenDispute) */
  disputeId?: string;
  /** a borrower's complaint (BE-11, seedComplaint) */
  complaintId?: string;
  /** two pending product changes drafted by another admin (seedProductChanges) */
  productChangeIds?: { approve: string; reject: string };
}

/** A second admin, the maker of product changes the fixtures' admin may then approve (CO-06). */
export async function createSecondAdmin(t: TestApp, email = 'maker-admin@ops.test'): Promise<TestOperator> {
  const created = await createOperator(
    { db: t.database.db, clock: t.clock, secretKey: t.app.secretKey },
    { email, password: OPERATOR_PASSWORD, role: 'admin' },
  );
  return { id: created.id, role: 'admin', email, totpSecret: created.totpSecret };
}

/** The default product's settings with a lower service fee (1%): a change inside every cap. */
export function lowerFeeSettings(serviceFeeBp = 100) {
  return { ...productToSettings(DEFAULT_PRODUCT), serviceFeeBp };
}

/** Drafts a product change as `maker` through the console endpoint; returns the change. */
export async function draftProductChangeAs(
  t: TestApp,
  maker: ConsoleSession,
  body: { baseVersion: number; config: unknown; reason?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/console/product/changes',
    headers: { ...maker.write, 'content-type': 'application/json' },
    payload: JSON.stringify({ requestKey: randomUUID(), reason: 'lower service fee', ...body }),
  });
}

/**
 * Two pending product changes on the version in force, drafted by a second admin, for the
 * console's approve and reject endpoints (CO-06): the fixtures' admin is then a different admin.
 */
export async function seedProductChanges(t: TestApp): Promise<{ approve: string; reject: string }> {
  const maker = await signInOperator(t, await createSecondAdmin(t));
  const page = await t.app.inject({ method: 'GET', url: '/api/console/product', headers: maker.get });
  const baseVersion = (page.json() as { active: { version: number } }).active.version;
  const ids: string[] = [];
  for (const fee of [120, 110]) {
    const res = await draftProductChangeAs(t, maker, { baseVersion, config: lowerFeeSettings(fee) });
    if (res.statusCode !== 200) throw new Error(`product change: ${res.body}`);
    ids.push((res.json() as { id: string }).id);
  }
  return { approve: ids[0]!, reject: ids[1]! };
}

/** The borrower writes feedback through the app's own endpoint; its id, for the console's queue. */
/** A possible designated-persons match (BE-14) for a borrower, for the console's AML endpoints. */
export async function seedAmlHit(t: TestApp, customerId: string): Promise<string> {
  const xml = readFileSync(
    new URL('../modules/aml/fixtures/un-consolidated-sample.xml', import.meta.url),
    'utf8',
  );
  const { listId } = await importSanctionsList(t.database.db, { xml, now: t.clock.now() });
  const id = randomUUID();
  await t.database.db.insert(amlScreenings).values({
    id,
    customerId,
    listId,
    outcome: 'possible_match',
    hits: [{ reference: 'TSi.001', name: 'RODRIGO MAGBANUA SALVADOR', score: 0.91, birthDate: 'differs' }],
    screenedAt: t.clock.now(),
  });
  return id;
}

/** Three open suspicious-transaction cases on a borrower (BE-14), opened by an underwriter. */
export async function seedStrCases(
  t: TestApp,
  underwriter: TestOperator,
  customerId: string,
): Promise<{ open: string; report: string; close: string }> {
  const session = await signInOperator(t, underwriter);
  const ids: string[] = [];
  for (const which of ['open', 'report', 'close']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/aml/str-cases',
      headers: { ...session.write, 'content-type': 'application/json' },
      payload: JSON.stringify({
        requestKey: randomUUID(),
        customerId,
        reason: 'amount_not_commensurate',
        narrative: `seeded case to ${which}: repayments far above the declared income`,
        transactions: [],
      }),
    });
    if (res.statusCode !== 201) throw new Error(`STR case: ${res.body}`);
    ids.push((res.json() as { id: string }).id);
  }
  return { open: ids[0]!, report: ids[1]!, close: ids[2]! };
}

/** A credit-data file (BE-13) made by an admin, for the console's credit-report endpoints. */
export async function seedCreditReport(t: TestApp, admin: TestOperator): Promise<string> {
  const session = await signInOperator(t, admin);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/console/credit-reports',
    headers: { ...session.write, 'content-type': 'application/json' },
    payload: JSON.stringify({ month: '2020-01' }),
  });
  if (res.statusCode !== 201) throw new Error(`credit report: ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** A borrower's open deletion request (BE-12), for the console's data-request endpoints. */
export async function seedDataRequest(t: TestApp, token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/data-deletion',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ confirm: true }),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`data request: ${res.body}`);
  return (res.json() as { request: { id: string } }).request.id;
}

export async function seedFeedback(
  t: TestApp,
  token: string,
  body = 'The app is easy to use, thank you',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    payload: JSON.stringify({ body }),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`feedback: ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** A borrower's complaint (BE-11), for the console's complaint endpoints. */
export async function seedComplaint(t: TestApp, token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    payload: JSON.stringify({
      category: 'charges_or_fees',
      description: 'I was charged a fee I did not expect',
    }),
  });
  if (res.statusCode !== 201) throw new Error(`complaint: ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * A well-formed request for each console endpoint (valid ids, query and body), so that only
 * authorization decides what answers: used by the role matrix and the audit test. Every endpoint
 * with a body needs an entry here; a fresh request key each call, so each call acts for real.
 */
export function wellFormedConsoleRequest(
  endpoint: string,
  ids: ConsoleRequestIds,
): { method: 'GET' | 'POST'; url: string; payload?: string } {
  const [method, path] = endpoint.split(' ') as ['GET' | 'POST', string];
  let url = path
    .replace(':customerId', ids.customerId)
    .replace(':sessionId', ids.sessionId)
    .replace(':feedbackId', ids.feedbackId)
    .replace(':caseId', ids.caseId ?? '00000000-0000-4000-8000-000000000000')
    .replace(':key', 'pauseNewApplications')
    .replace(':requestId', ids.dataRequestId ?? '00000000-0000-4000-8000-000000000000')
    .replace(':complaintId', ids.complaintId ?? '00000000-0000-4000-8000-000000000000')
    .replace(':reportId', ids.creditReportId ?? '00000000-0000-4000-8000-000000000000')
    .replace(':screeningId', ids.amlScreeningId ?? '00000000-0000-4000-8000-000000000000')
    .replace(
      ':strCaseId',
      (endpoint.endsWith('/report')
        ? ids.amlStrCaseIds?.report
        : endpoint.endsWith('/close')
          ? ids.amlStrCaseIds?.close
          : ids.amlStrCaseIds?.open) ?? '00000000-0000-4000-8000-000000000000',
    )
    .replace(':disputeId', ids.disputeId ?? '00000000-0000-4000-8000-000000000000')
    .replace(
      ':changeId',
      (endpoint.endsWith('/reject') ? ids.productChangeIds?.reject : ids.productChangeIds?.approve) ??
        '00000000-0000-4000-8000-000000000000',
    );
  if (endpoint === 'GET /api/console/borrowers') url += `?q=${ids.phone}`;
  if (endpoint === 'GET /api/console/reports/portfolio') url += '?asOf=2020-01-31';
  if (endpoint === 'GET /api/console/reports/month') url += '?month=2020-01';
  if (endpoint === 'GET /api/console/aml/str-cases/:strCaseId/export') url += '?format=csv';
  const bodies: Record<string, () => unknown> = {
    'POST /api/console/coupons': () => ({
      requestKey: randomUUID(),
      audience: { kind: 'borrower', customerId: ids.customerId },
      type: 'repayment',
      amount: '5000',
      validDays: 7,
      reason: 'goodwill after a late payout',
    }),
    'POST /api/console/feedback/:feedbackId/handle': () => ({ note: 'Thanked them by SMS' }),
    'POST /api/console/review-cases/:caseId/decision': () => ({
      action: 'reupload_id',
      reason: 'role matrix',
    }),
    'POST /api/console/switches/:key': () => ({ on: false, reason: 'role matrix' }),
    'POST /api/console/data-requests/:requestId/complete': () => ({ note: 'role matrix: completed' }),
    'POST /api/console/credit-reports': () => ({ month: '2020-02' }),
    'POST /api/console/complaints/:complaintId/progress': () => ({
      status: 'in_progress',
      response: 'role matrix: looking into it',
    }),
    'POST /api/console/aml/screenings/:screeningId/resolve': () => ({
      resolution: 'cleared',
      note: 'role matrix: another person',
    }),
    'POST /api/console/credit-reports/:reportId/submitted': () => ({ reference: 'CIC-ROLE-MATRIX' }),
    'POST /api/console/aml/borrowers/:customerId/risk-rating': () => ({}),
    'POST /api/console/aml/str-cases': () => ({
      requestKey: randomUUID(),
      customerId: ids.customerId,
      reason: 'deviation_from_profile',
      narrative: 'role matrix: a narrative of at least twenty characters',
      transactions: [],
    }),
    'POST /api/console/aml/str-cases/:strCaseId/narrative': () => ({
      narrative: 'role matrix: the narrative rewritten, still long enough',
    }),
    'POST /api/console/aml/str-cases/:strCaseId/report': () => ({ filingReference: 'AMLC-ROLE-MATRIX' }),
    'POST /api/console/aml/str-cases/:strCaseId/close': () => ({ note: 'role matrix: nothing to report' }),
    // an ended month with nothing in it: closing it stops no test's postings
    'POST /api/console/accounting/closures': () => ({ month: '2020-01' }),
    'POST /api/console/disputes/:disputeId/resolve': () => ({
      outcome: 'rejected',
      reason: 'no_payment_found',
      note: 'role matrix',
    }),
    // drafted on the seeded version 1 (these suites approve once, after drafting)
    'POST /api/console/product/changes': () => ({
      requestKey: randomUUID(),
      baseVersion: 1,
      config: lowerFeeSettings(130),
      reason: 'role matrix',
    }),
    'POST /api/console/product/changes/:changeId/approve': () => ({}),
    'POST /api/console/product/changes/:changeId/reject': () => ({ reason: 'role matrix: not now' }),
    'POST /api/console/borrowers/:customerId/collection-contacts': () => ({
      channel: 'call',
      outcome: 'no_answer',
      note: 'role matrix',
    }),
    'POST /api/console/notices': () => ({
      requestKey: randomUUID(),
      audience: { kind: 'borrower', customerId: ids.customerId },
      kind: 'notify',
      text: NOTICE_TEXT,
    }),
  };
  const body = bodies[endpoint];
  return body ? { method, url, payload: JSON.stringify(body()) } : { method, url };
}

/** A notice in the three languages of the app. */
export const NOTICE_TEXT = {
  'en-US': { title: 'Office closed on Monday', body: 'Customer service is closed on 30 November.' },
  fil: { title: 'Sarado ang opisina sa Lunes', body: 'Sarado ang customer service sa 30 Nobyembre.' },
  'zh-CN': { title: '周一休息', body: '客服于 11 月 30 日休息。' },
};

/** An open payment dispute (BE-10) on a loan of its own, opened through the borrower's use case. */
export async function seedOpenDispute(t: TestApp): Promise<string> {
  const db = t.database.db;
  const now = t.clock.now();
  const { orderId, customerId } = await seedDisbursedLoan(db, {
    disbursedAt: new Date(now.getTime() - 3 * 86_400_000),
  });
  const receiptPhotoId = await seedReceiptPhoto(db, customerId, now);
  const dispute = await openPaymentDispute(servicingContext(t.app), {
    customerId,
    orderId,
    request: {
      providerCode: 'GCASH',
      reference: 'GC-ROLE-MATRIX',
      amount: '150000',
      paidOn: manilaDate(now),
      receiptPhotoId,
    },
  });
  return dispute.id;
}
