import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ID_CARD, SELFIE, philsysFor } from './application.ts';
import { freshPhone, loginThroughApi, type BorrowerSession } from './login.ts';

/**
 * Borrower setups through the server's HTTP API, for the journeys whose subject is not the
 * application itself (console, servicing, coupons, messages…): the borrower the UI helpers make
 * (`loginThroughUi`, `applyAndWait`, then /allWithdraw and /loan) with the same answers on each
 * step and the same fixture photos, uploaded for real (the server checks their quality and runs the
 * sandbox face check), in a few seconds instead of the ~30–60 s of the seven pages. The requests go
 * through `page.request` (the page's origin and cookie jar); the session is then put into
 * localStorage the way the app keeps it (`coCore`, `userInfo`), so the journey carries on in the
 * browser.
 *
 * The application pages stay covered through the UI by application.spec.ts and the first test of
 * withdrawal.spec.ts.
 */

/**
 * VAL-12: the contacts notice version the app shows, read from its one definition in the domain
 * (the e2e package does not depend on @pisonow/domain), so a new version never breaks the setup.
 */
const CONTACTS_NOTICE_VERSION = (() => {
  const source = readFileSync(
    new URL('../../packages/domain/src/application/contracts.ts', import.meta.url),
    'utf8',
  );
  const version = /CONTACTS_NOTICE_VERSION = '([^']+)'/.exec(source)?.[1];
  if (!version) throw new Error('CONTACTS_NOTICE_VERSION not found in the domain contracts');
  return version;
})();

/**
 * Puts a session into the browser as the start page's login does (coCore.publicData + userInfo),
 * on a same-origin page where the app is not running (nothing overwrites the store meanwhile).
 * Whatever else coCore already holds (language tab, captured query) is kept.
 */
export async function putSessionInBrowser(page: Page, session: BorrowerSession): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((s) => {
    const raw = localStorage.getItem('coCore');
    const stored = (raw ? JSON.parse(raw) : {}) as { state?: Record<string, unknown>; version?: number };
    const state = {
      ...stored.state,
      publicData: { customerId: s.customerId, token: s.token, phone_number: s.phone },
    };
    localStorage.setItem('coCore', JSON.stringify({ state, version: stored.version ?? 1 }));
    localStorage.setItem(
      'userInfo',
      JSON.stringify({
        customerId: s.customerId,
        phone: s.phone,
        registered: s.registered,
        expiresAt: s.expiresAt,
      }),
    );
  }, session);
}

/**
 * Signs a fresh borrower in through the API and into the browser; home shows "Apply now" (drawn
 * only once the signed-in home summary has loaded).
 */
export async function signInThroughApi(page: Page, phone = freshPhone()): Promise<BorrowerSession> {
  const session = await loginThroughApi(page.request, phone);
  await putSessionInBrowser(page, session);
  await page.goto('/homeIndex');
  await expect(page.getByTestId('apply-card').getByTestId('apply-now')).toBeVisible();
  return session;
}

/** Like `loginThroughUi`: a signed-in borrower on /homeIndex; returns the phone. */
export async function loginThroughApiInBrowser(page: Page, phone = freshPhone()): Promise<string> {
  return (await signInThroughApi(page, phone)).phone;
}

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** BE-03: an upload grant, then a PUT of the photo's bytes to its link; returns the accepted photo's id. */
export async function uploadPhotoThroughApi(
  request: APIRequestContext,
  session: BorrowerSession,
  kind: 'idCard' | 'selfie',
  file: string,
): Promise<string> {
  const grant = await ok(
    await request.post('/api/photos/upload-grants', {
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
      data: { kind },
    }),
    `upload grant (${kind})`,
  );
  const uploaded = await ok(
    await request.put(grant.uploadUrl as string, {
      headers: { 'content-type': 'image/jpeg' },
      data: await readFile(file),
    }),
    `upload (${kind})`,
  );
  expect(uploaded.status).toBe('accepted');
  return uploaded.photoId as string;
}

/** The first province, its first city and that city's first barangay (what the UI helper picks with '*'). */
async function firstAddress(request: APIRequestContext) {
  const first = async (url: string, key: string) => {
    const list = (await ok(await request.get(url), url))[key] as { code: string }[];
    expect(list.length, url).toBeGreaterThan(0);
    return list[0]!.code;
  };
  const provinceCode = await first('/api/addresses/provinces', 'provinces');
  const cityCode = await first(`/api/addresses/provinces/${provinceCode}/cities`, 'cities');
  const barangayCode = await first(`/api/addresses/cities/${cityCode}/barangays`, 'barangays');
  return { provinceCode, cityCode, barangayCode };
}

/** The seven steps with the answers the UI helpers give (support/application.ts). */
async function stepBodies(
  request: APIRequestContext,
  session: BorrowerSession,
  options: { email?: string; payoutAccount?: string },
): Promise<[string, Record<string, unknown>][]> {
  const { phone } = session;
  const account = options.payoutAccount ?? `0${phone}`;
  return [
    [
      'identityInfo',
      {
        idType: 'philsys',
        idNumber: philsysFor(phone),
        firstName: 'Juan',
        middleName: '',
        lastName: 'Dela Cruz',
        birthDate: '1990-05-15',
        gender: 'male',
        idPhotoId: await uploadPhotoThroughApi(request, session, 'idCard', ID_CARD),
        selfiePhotoId: await uploadPhotoThroughApi(request, session, 'selfie', SELFIE),
      },
    ],
    [
      'baseInfo',
      {
        maritalStatus: 'single',
        education: 'college',
        email: options.email ?? 'juan.delacruz@example.com',
        loanPurpose: 'dailyExpense',
      },
    ],
    ['baseInfo2', { whatsapp: `0${phone}`, viber: `0${phone}`, facebook: '' }],
    [
      'addressInfo',
      { ...(await firstAddress(request)), postalCode: '1100', detailedAddress: '123 Rizal St., Phase 2' },
    ],
    [
      'contact',
      {
        contacts: [
          { name: 'Maria Dela Cruz', phone: '9181110001', relationship: 'parents' },
          { name: 'Pedro Santos', phone: '9181110002', relationship: 'friends' },
          { name: 'Ana Reyes', phone: '9181110003', relationship: 'siblings' },
        ],
        consentAccepted: true,
        contactsNoticeVersion: CONTACTS_NOTICE_VERSION,
      },
    ],
    [
      'workInfo',
      {
        employmentType: 'contractWorker',
        industry: 'bpoCallCenter',
        workYears: '1to3',
        monthlyIncome: '18001to25000',
        payCycle: 'biWeekly',
        payday: 15,
        companyName: 'Concentrix',
        companyPhone: '0281234567',
        companyAddress: '6750 Ayala Ave, Makati',
      },
    ],
    [
      'bankInfo',
      {
        channel: 'ewallet',
        providerCode: 'GCASH',
        account,
        confirmAccount: account,
        payeeFirstName: 'Juan',
        payeeMiddleName: '',
        payeeLastName: 'Dela Cruz',
        withdrawalPhone: phone,
      },
    ],
  ];
}

/**
 * Signs a fresh borrower in (API and browser) and saves all seven steps, without submitting: the
 * app's review page (/bankInfo?review=1) then shows Submit. Returns the session.
 */
export async function fillApplicationThroughApi(
  page: Page,
  options: { email?: string; payoutAccount?: (phone: string) => string } = {},
): Promise<BorrowerSession> {
  const session = await loginThroughApi(page.request, freshPhone());
  await putSessionInBrowser(page, session);
  const steps = await stepBodies(page.request, session, {
    ...(options.email ? { email: options.email } : {}),
    ...(options.payoutAccount ? { payoutAccount: options.payoutAccount(session.phone) } : {}),
  });
  for (const [step, body] of steps)
    await ok(
      await page.request.put(`/api/application/steps/${step}`, {
        headers: { ...session.headers, 'idempotency-key': randomUUID() },
        data: body,
      }),
      `step ${step}`,
    );
  return session;
}

const DECISION = { 'Can be withdrawn': 'approved', Rejected: 'rejected' } as const;

/**
 * Like `applyAndWait`: signs in, saves the seven steps, submits, waits for the sandbox decision and
 * opens home, which shows it. Returns the phone.
 */
export async function applyThroughApi(
  page: Page,
  options: {
    email?: string;
    payoutAccount?: (phone: string) => string;
    expect: 'Can be withdrawn' | 'Rejected';
  },
): Promise<string> {
  const session = await fillApplicationThroughApi(page, options);
  await ok(
    await page.request.post('/api/application/submit', {
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
    }),
    'submit',
  );
  // underwriting is a job queued with the submission (seconds in the sandbox)
  await expect
    .poll(
      async () =>
        (await ok(await page.request.get('/api/application', { headers: session.headers }), 'application'))
          .status,
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(DECISION[options.expect]);
  await page.goto('/homeIndex');
  await expect(page.getByTestId('application-status')).toHaveText(options.expect);
  return session.phone;
}

/** The session the browser holds (after one of the helpers above or a login through the UI). */
async function browserHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('coCore');
    const parsed = raw ? (JSON.parse(raw) as { state?: { publicData?: { token?: string } } }) : {};
    return parsed.state?.publicData?.token ?? '';
  });
  expect(token, 'no session in the browser').not.toBe('');
  return { authorization: `Bearer ${token}` };
}

/** A drawn signature as the signature pad sends it: a PNG data URL from a canvas. */
async function drawnSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(40, 60);
    for (let i = 1; i <= 12; i += 1) ctx.lineTo(40 + i * 20, 60 + (i % 2 ? -1 : 1) * 25);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
}

/**
 * What /allWithdraw and /loan send for an approved borrower: the documents previewed (their hash
 * and product version), both agreements, a signature, POST /api/orders; then waits for the sandbox
 * payout to reach `until` ('repaying': paid out, "Expires in 14 days"; 'payout_failed'). Returns
 * the order id.
 */
export async function withdrawThroughApi(
  page: Page,
  options: { amount?: string; termDays?: number; until?: 'repaying' | 'payout_failed' } = {},
): Promise<string> {
  const amount = options.amount ?? '400000';
  const termDays = options.termDays ?? 14;
  const headers = await browserHeaders(page);
  const seen = await ok(
    await page.request.get(`/api/loans/documents?amount=${amount}&termDays=${termDays}`, { headers }),
    'documents',
  );
  const placed = await page.request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      amount,
      termDays,
      agreeLoanAgreement: true,
      agreeSanctionLetter: true,
      signature: await drawnSignature(page),
      productVersion: seen.productVersion,
      documentsSha256: seen.documentsSha256,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: string }).id;
  // the disbursement job pays out within seconds in the sandbox
  await expect
    .poll(
      async () => (await ok(await page.request.get(`/api/orders/${orderId}`, { headers }), 'order')).status,
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(options.until ?? 'repaying');
  return orderId;
}

/**
 * A fresh borrower with a paid-out ₱4,000 / 14-day loan (what `applyAndWait`, the largest offer on
 * /allWithdraw and `agreeSignAndSubmit` lead to), home showing it.
 * With a payout account ending 4444 (sandbox: the bank is down) pass `until: 'payout_failed'`.
 */
export async function borrowerWithLoanThroughApi(
  page: Page,
  options: { payoutAccount?: (phone: string) => string; until?: 'repaying' | 'payout_failed' } = {},
): Promise<{ phone: string; orderId: string }> {
  const phone = await applyThroughApi(page, {
    ...(options.payoutAccount ? { payoutAccount: options.payoutAccount } : {}),
    expect: 'Can be withdrawn',
  });
  const until = options.until ?? 'repaying';
  const orderId = await withdrawThroughApi(page, { until });
  await page.goto('/homeIndex');
  await expect(page.getByTestId('home-order-status')).toHaveText(
    until === 'repaying' ? 'Expires in 14 days' : 'Disbursement failed: please fix your payout account',
  );
  return { phone, orderId };
}
