import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { manilaDate } from '@pisonow/domain';
import { ledgerEntries, loanTransactions } from '../../db/schema/index.ts';
import { documentBlocks } from '../../lib/pdf/document-blocks.ts';
import { borrowerWithPaidOutLoan } from '../../test/order-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

/**
 * BE-12: the statement of account and the clearance letter from the ledger, and every loan
 * document as a PDF in the borrower's language.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let phoneSeq = 0;
const nextPhone = () => `9197${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000', CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000' });
  t.clock.set('2027-03-01T02:00:00Z');
  api = client(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

const borrowerWithLoan = () => borrowerWithPaidOutLoan(t, api, nextPhone());

const get = (url: string, headers: Record<string, string>, locale = 'en-US') =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': locale } });

async function payInFull(h: Record<string, string>, orderId: string) {
  const bill = await api.json('GET', `/api/orders/${orderId}`, undefined, h);
  const started = await api.json(
    'POST',
    `/api/orders/${orderId}/repayments`,
    { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: bill.body.balance.total },
    { ...h, 'idempotency-key': `k-${randomUUID()}` },
  );
  expect(started.status).toBe(201);
  const paid = await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, {
    outcome: 'pay',
  });
  expect(paid.body.result).toBe('applied');
}

/** The fonts a PDF embeds, by their base names. */
async function embeddedFonts(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = object.get(PDFName.of('BaseFont'));
      if (base instanceof PDFName) names.push(base.decodeText());
    }
  }
  return names;
}

describe('BE-12 statement of account, clearance letter and PDFs', () => {
  it('BE-12 the statement of an overdue, then repaid loan equals its ledger, line by line', async () => {
    const { h, orderId } = await borrowerWithLoan();
    // 17 days on: 3 days overdue (late charge + penalties), then paid in full
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 17 });
    await payInFull(h, orderId);

    const res = await get(`/api/orders/${orderId}/statement`, h);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const blocks = documentBlocks(res.body);
    expect(blocks[0]).toEqual({ kind: 'title', text: 'Statement of Account' });
    expect(res.body).toContain('Maria Santos Dela Cruz');

    const history = await db()
      .select()
      .from(loanTransactions)
      .where(eq(loanTransactions.orderId, orderId))
      .orderBy(asc(loanTransactions.createdAt), asc(loanTransactions.seq));
    expect(history.map((h) => h.type)).toEqual(
      expect.arrayContaining(['disbursement', 'penalty_accrual', 'repayment']),
    );
    // the history table: one row per loan transaction, the running balance ending at zero
    const rows = blocks.filter((b) => b.kind === 'row' && b.cells.length === 5 && !b.header);
    expect(rows).toHaveLength(history.length);
    const peso = (s: string) => (s === '' ? 0n : BigInt(s.replace(/[₱,.]/g, '')));
    const cells = rows.map((r) => (r.kind === 'row' ? r.cells : []));
    expect(cells.at(-1)![4]).toBe('₱0.00');

    // the ledger: the receivables this loan's postings moved, in total and in each direction
    const receivable = [
      'principal_receivable',
      'interest_receivable',
      'fee_receivable',
      'penalty_receivable',
    ];
    const entries = (
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))
    ).filter((e) => receivable.includes(e.account));
    const charged = cells.reduce((s, c) => s + peso(c[2]!), 0n);
    const credited = cells.reduce((s, c) => s + peso(c[3]!), 0n);
    expect(charged).toBe(entries.filter((e) => e.amount > 0n).reduce((s, e) => s + e.amount, 0n));
    expect(credited).toBe(-entries.filter((e) => e.amount < 0n).reduce((s, e) => s + e.amount, 0n));
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    // each line's balance is the balance of every posting up to it
    let running = 0n;
    for (const [i, row] of history.entries()) {
      running += row.principal + row.interest + row.fees + row.lateCharge + row.penalty;
      expect(peso(cells[i]![4]!)).toBe(running);
    }
  });

  it('BE-12 the clearance letter only for a settled loan; both documents in three languages, as PDF', async () => {
    const { h, orderId } = await borrowerWithLoan();
    const early = await get(`/api/orders/${orderId}/clearance-letter`, h, 'fil');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'LOAN_NOT_SETTLED',
      message: 'Inilalabas ang clearance letter kapag buo nang nabayaran ang utang.',
    });
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 5 });
    await payInFull(h, orderId);
    const paidOn = manilaDate(t.clock.now());

    const letter = await get(`/api/orders/${orderId}/clearance-letter`, h);
    expect(letter.statusCode).toBe(200);
    expect(letter.body).toContain('has fully paid loan');
    expect(letter.body).toContain(`The last payment was received on ${paidOn}`);
    expect(letter.body).toContain('Maria Santos Dela Cruz');

    const titles = {
      'en-US': ['Statement of Account', 'Certificate of Full Payment (Clearance)'],
      fil: ['Pahayag ng Account', 'Sertipiko ng Buong Pagbabayad (Clearance)'],
      'zh-CN': ['账户对账单', '结清证明'],
    } as const;
    for (const [locale, [statementTitle, letterTitle]] of Object.entries(titles)) {
      for (const [path, title] of [
        ['statement', statementTitle],
        ['clearance-letter', letterTitle],
      ] as const) {
        const pdf = await get(`/api/orders/${orderId}/${path}?format=pdf`, h, locale);
        expect(pdf.statusCode, `${path} ${locale}`).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const doc = await PDFDocument.load(pdf.rawPayload);
        expect(doc.getTitle()).toBe(title);
        expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
        // Chinese text needs the CJK font; the others must not carry its weight
        const fonts = await embeddedFonts(pdf.rawPayload);
        expect(fonts.some((f) => f.includes('NotoSansSC'))).toBe(locale === 'zh-CN');
        expect(pdf.rawPayload.length).toBeLessThan(200_000);
      }
    }
  });

  it('BE-12 the signed documents download as PDF in the language they were signed in, with their hash', async () => {
    const { h, orderId } = await borrowerWithLoan();
    const html = await get(`/api/orders/${orderId}/documents/agreement`, h);
    const pdf = await get(`/api/orders/${orderId}/documents/agreement?format=pdf`, h, 'zh-CN');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-sha256']).toBe(html.headers['x-content-sha256']);
    const doc = await PDFDocument.load(pdf.rawPayload);
    // signed in English (the fixture's language): printed in English, whatever the phone says now
    const [title] = documentBlocks(html.body);
    expect(title).toMatchObject({ kind: 'title', text: 'Loan Agreement' });
    expect(doc.getTitle()).toBe('Loan Agreement');
    expect(await embeddedFonts(pdf.rawPayload)).not.toContainEqual(expect.stringContaining('NotoSansSC'));
    const bad = await get(`/api/orders/${orderId}/documents/agreement?format=docx`, h);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('BE-12 CO-02 an extension paid in one event is listed as it happened: the fee charged, then the payment', async () => {
    const { h, orderId } = await borrowerWithLoan();
    await api.json('POST', '/api/sandbox/clock', { advanceDays: 3 });
    const quote = (await api.json('GET', `/api/orders/${orderId}/extension`, undefined, h)).body;
    const started = await api.json(
      'POST',
      `/api/orders/${orderId}/repayments`,
      { purpose: 'extension', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: quote.amount },
      { ...h, 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(started.status).toBe(201);
    await api.json('POST', `/api/sandbox/repayments/${started.body.id}/simulate`, { outcome: 'pay' });
    const rows = documentBlocks((await get(`/api/orders/${orderId}/statement`, h)).body)
      .filter((b) => b.kind === 'row' && b.cells.length === 5 && !b.header)
      .map((r) => (r.kind === 'row' ? r.cells : []));
    const peso = (s: string) => (s === '' ? 0n : BigInt(s.replace(/[₱,.]/g, '')));
    // disbursement, the fee (a charge), the payment (a credit); the balance was never what it was not
    expect(rows.map((c) => (peso(c[2]!) > 0n ? 'charge' : 'credit'))).toEqual(['charge', 'charge', 'credit']);
    const balances = rows.map((c) => peso(c[4]!));
    expect(balances[1]).toBe(balances[0]! + BigInt(quote.fee));
    expect(balances[2]).toBe(balances[0]);
  });

  it('BE-12 a borrower reads only their own statement and letter; no session, no document', async () => {
    const mine = await borrowerWithLoan();
    const other = await borrowerWithLoan();
    for (const path of ['statement', 'clearance-letter', 'documents/agreement']) {
      const theirs = await get(`/api/orders/${mine.orderId}/${path}`, other.h);
      expect(theirs.statusCode, path).toBe(404);
      const anonymous = await get(`/api/orders/${mine.orderId}/${path}`, {});
      expect(anonymous.statusCode, path).toBe(401);
    }
  });
});
