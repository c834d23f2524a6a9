import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extensionDisclosures, repayments } from '../../db/schema/index.ts';
import { createOperators, signInOperator } from '../../test/console-fixtures.ts';
import { seedDisbursedLoan } from '../../test/loan-fixtures.ts';
import { seedHeldRepayment } from '../../test/money-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

/**
 * CO-02, BE-07 (RA 3765): the disclosure statement of an extension states what the extended loan
 * is, from the loan's history (what is still owed once the fee and charges are paid, its EIR and
 * finance charge), and the copy the borrower acknowledges by paying is kept and can be fetched.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9195${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/** A borrower with a ₱2,000 / 14-day loan paid out now (10:00 Manila), signed in. */
async function borrowerWithLoan(options: Partial<Parameters<typeof seedDisbursedLoan>[1]> = {}) {
  const phone = nextPhone();
  const { orderId, customerId } = await seedDisbursedLoan(db(), {
    disbursedAt: t.clock.now(),
    phone,
    ...options,
  });
  const { token } = await api.signIn(phone);
  return { orderId, customerId, h: api.authed(token) };
}

const quoteOf = async (b: { orderId: string; h: Record<string, string> }, locale = 'en-US') => {
  const res = await api.json('GET', `/api/orders/${b.orderId}/extension`, undefined, {
    ...b.h,
    'accept-language': locale,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const extend = (
  b: { orderId: string; h: Record<string, string> },
  body: Record<string, unknown>,
  locale = 'en-US',
) =>
  api.json(
    'POST',
    `/api/orders/${b.orderId}/repayments`,
    { purpose: 'extension', channel: 'otc', providerCode: '7ELEVEN', ...body },
    { ...b.h, 'idempotency-key': `k-${randomUUID()}`, 'accept-language': locale },
  );
const bill = async (b: { orderId: string; h: Record<string, string> }) =>
  (await api.json('GET', `/api/orders/${b.orderId}`, undefined, b.h)).body;

/** The value of the statement's row whose label starts with `label` (the statement is a label/value table). */
function rowValue(html: string, label: string): string | undefined {
  for (const m of html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g))
    if (m[1]!.startsWith(label)) return m[2];
  return undefined;
}
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('CO-02 BE-07 the extension disclosure statement', () => {
  it('CO-02 after a partial payment the statement shows what is still owed (₱542.00), and paying the extension books exactly that', async () => {
    t.clock.set('2027-03-01T02:00:00Z');
    const b = await borrowerWithLoan();
    // ₱1,500 arrives for the wrong amount, is held, and finance applies it as a partial payment
    t.clock.set('2027-03-05T02:00:00Z');
    const held = await seedHeldRepayment(db(), {
      orderId: b.orderId,
      amount: 150_000n,
      paidAt: t.clock.now(),
      now: t.clock.now(),
    });
    const finance = await signInOperator(t, (await createOperators(t)).finance);
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/console/money/suspense/${held}/apply`,
      headers: { ...finance.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ purpose: 'partial', reason: 'paid another amount' }),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await bill(b)).balance).toMatchObject({ principal: '54200', interest: '0', total: '54200' });

    t.clock.set('2027-03-10T02:00:00Z');
    const quote = await quoteOf(b);
    expect(quote).toMatchObject({ available: true, amount: '2000', newDueDate: '2027-03-23' });
    const html: string = quote.disclosure;
    expect(rowValue(html, 'Amount due on the new due date')).toBe('₱542.00');
    expect(rowValue(html, 'Amount to pay now')).toBe('₱20.00');
    expect(rowValue(html, 'Principal still owed')).toBe('₱542.00');
    expect(rowValue(html, 'Interest still owed')).toBe('₱0.00');
    expect(html).not.toContain('₱2,042.00');

    const started = await extend(b, {
      expectedAmount: quote.amount,
      disclosureSha256: quote.disclosureSha256,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const paid = await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, {
      outcome: 'pay',
    });
    expect(paid.body.result).toBe('applied');
    expect(await bill(b)).toMatchObject({
      status: 'extended',
      dueDate: '2027-03-23',
      balance: { principal: '54200', interest: '0', fees: '0', total: '54200', extensions: 1 },
    });
  });

  it('BE-07 RA 3765 the statement shows the extended loan EIR a month and a year, rounded up, and its total finance charge, in all three languages', async () => {
    t.clock.set('2027-04-01T02:00:00Z');
    const b = await borrowerWithLoan();
    t.clock.set('2027-04-10T02:00:00Z');
    const en = (await quoteOf(b)).disclosure as string;
    // 1,964.42 received; ₱20 on day 9 and ₱2,042 on day 22: 6.8755…% a month, 122.0956…% a year
    expect(rowValue(en, 'Effective interest rate (EIR) a month')).toMatch(
      /^6\.88% \(rounded up; cap 12\.00% a month/,
    );
    expect(rowValue(en, 'Effective interest rate (EIR) a year')).toMatch(/^122\.10% /);
    // ₱77.58 at disbursement (interest, service fee, DST, credit reporting fee) + the ₱20 fee
    expect(rowValue(en, 'Total finance charge of the extended loan')).toBe('₱97.58');
    expect(rowValue(en, 'Extension fees')).toBe('₱20.00 (1 extension, this one included)');
    expect(rowValue(en, 'Term of the extended loan')).toMatch(/^22 days, /);
    // dates in the borrower's language, never 2027-04-23 (issue 9, clarity item 7)
    expect(rowValue(en, 'New due date')).toBe('Apr 23, 2027 (8 days later)');
    expect(rowValue(en, 'Due date now')).toBe('Apr 15, 2027');
    expect(rowValue(en, 'Principal still owed')).toBe('₱2,000.00');
    expect(rowValue(en, 'Amount due on the new due date')).toBe('₱2,042.00');
    for (const locale of ['fil', 'zh-CN']) {
      const html = (await quoteOf(b, locale)).disclosure as string;
      expect(html).toContain(`lang="${locale}"`);
      const newDue = locale === 'fil' ? 'Abr 23, 2027' : '2027年4月23日';
      for (const figure of ['6.88%', '122.10%', '₱97.58', '₱2,042.00', newDue])
        expect(html).toContain(figure);
      expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(html).not.toContain('documents:');
      expect(html).not.toContain('{{');
    }
  });

  it('SH-01 a count picks its plural form: a one-day extension reads "1 day later", "1 extension"', async () => {
    t.clock.set('2027-05-01T02:00:00Z');
    const b = await borrowerWithLoan({
      terms: { lateCharge: 0n, penaltyDailyPpm: 1_500, extensionFeeBp: 10, extensionDays: 1 },
    });
    const en = (await quoteOf(b)).disclosure as string;
    expect(rowValue(en, 'New due date')).toBe('May 16, 2027 (1 day later)');
    expect(rowValue(en, 'Extension fees')).toBe('₱2.00 (1 extension, this one included)');
    expect(rowValue(en, 'Term of the extended loan')).toMatch(/^15 days, /);
  });

  it('CO-02 RA 3765 the copy the borrower acknowledges by paying is kept as shown, with its hash; the borrower fetches it, another borrower gets 404', async () => {
    t.clock.set('2027-06-01T02:00:00Z');
    const b = await borrowerWithLoan();
    const other = await borrowerWithLoan();
    t.clock.set('2027-06-12T02:00:00Z');
    const quote = await quoteOf(b, 'fil');
    expect(quote.disclosureSha256).toBe(sha256(quote.disclosure));

    // a statement the borrower was not shown (stale or forged) opens nothing
    const stale = await extend(b, { expectedAmount: quote.amount, disclosureSha256: sha256('other') }, 'fil');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ORDER_STATE_CONFLICT');
    expect(await db().select().from(repayments).where(eq(repayments.orderId, b.orderId))).toHaveLength(0);

    // shown in Filipino; the page's later requests may carry another language: the copy is the one shown
    const taps = await Promise.all(
      [0, 1, 2].map(() =>
        extend(b, { expectedAmount: quote.amount, disclosureSha256: quote.disclosureSha256 }, 'en-US'),
      ),
    );
    for (const tap of taps) expect(tap.status).toBe(201);
    const attemptId: string = taps[0]!.body.id;
    expect(new Set(taps.map((tap) => tap.body.id))).toEqual(new Set([attemptId]));
    const kept = await db()
      .select()
      .from(extensionDisclosures)
      .where(eq(extensionDisclosures.orderId, b.orderId));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      repaymentId: attemptId,
      locale: 'fil',
      html: quote.disclosure,
      sha256: quote.disclosureSha256,
    });

    // kept as shown: the database refuses to change or remove it
    await expect(
      db()
        .update(extensionDisclosures)
        .set({ html: '<p>edited</p>' })
        .where(eq(extensionDisclosures.repaymentId, attemptId)),
    ).rejects.toThrow();
    await expect(
      db().delete(extensionDisclosures).where(eq(extensionDisclosures.repaymentId, attemptId)),
    ).rejects.toThrow();

    const url = `/api/orders/${b.orderId}/extension-disclosures/${attemptId}`;
    const mine = await t.app.inject({ method: 'GET', url, headers: b.h });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^text\/html/);
    expect(mine.body).toBe(quote.disclosure);
    expect(mine.headers['x-content-sha256']).toBe(quote.disclosureSha256);
    const pdf = await t.app.inject({ method: 'GET', url: `${url}?format=pdf`, headers: b.h });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // listed with the order's documents
    expect((await bill(b)).documents).toContainEqual({
      kind: 'extension_disclosure',
      sha256: quote.disclosureSha256,
      url,
    });

    // the copy stays what was shown after the extension is paid and the loan has moved on
    await api.json('POST', `/api/sandbox/repayments/${attemptId}/simulate`, { outcome: 'pay' });
    expect((await t.app.inject({ method: 'GET', url, headers: b.h })).body).toBe(quote.disclosure);

    // another borrower: not found, through their own order or this one
    for (const path of [url, `/api/orders/${other.orderId}/extension-disclosures/${attemptId}`]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: other.h });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(
      (await bill(other)).documents.some((d: { kind: string }) => d.kind === 'extension_disclosure'),
    ).toBe(false);
    // a full repayment attempt has no extension statement
    const full = await api.json(
      'POST',
      `/api/orders/${other.orderId}/repayments`,
      {
        purpose: 'full',
        channel: 'ewallet',
        providerCode: 'GCASH',
        expectedAmount: (await bill(other)).balance.total,
      },
      { ...other.h, 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(full.status).toBe(201);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${other.orderId}/extension-disclosures/${full.body.id}`,
      headers: other.h,
    });
    expect(none.statusCode).toBe(404);
  });

  it('CO-02 RA 3765 a client that does not send the hash: the copy kept is the statement in the language of the request', async () => {
    t.clock.set('2027-07-01T02:00:00Z');
    const b = await borrowerWithLoan();
    const quote = await quoteOf(b, 'zh-CN');
    const started = await extend(b, { expectedAmount: quote.amount }, 'zh-CN');
    expect(started.status).toBe(201);
    const [kept] = await db()
      .select()
      .from(extensionDisclosures)
      .where(eq(extensionDisclosures.repaymentId, started.body.id));
    expect(kept).toMatchObject({ locale: 'zh-CN', html: quote.disclosure, sha256: quote.disclosureSha256 });
  });
});
