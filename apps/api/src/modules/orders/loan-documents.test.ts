import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, LOCALES, disclosedMonthlyRate, priceLoan, type Locale } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import { formatDate } from '@pisonow/domain/date-format';
import {
  disclosedEir,
  disclosureStatement,
  loanAgreement,
  percent,
  row,
  sanctionLetter,
  type DocumentParties,
} from './loan-documents.ts';

const parties: DocumentParties = {
  company: {
    name: 'PisoNow Lending Corp.',
    secRegistrationNo: 'CS2026-0001',
    certificateOfAuthorityNo: 'CA-3000',
  },
  borrower: { name: 'Maria Santos Dela Cruz', phone: '+639171234567', address: 'Makati City' },
  orderId: 'order-1',
  date: '2026-11-23',
  dueDate: '2026-12-07',
  lateCharge: 5_000n,
  penaltyDailyPpm: 1_000,
  extensionFeeBp: 100,
  extensionDays: 8,
};

/** What each language's disclosure must say (RA 3765, BSP/SEC disclosure; issue 7 review). */
const REQUIRED: Record<Locale, string[]> = {
  'en-US': [
    'Disclosure Statement',
    'a month',
    'a year',
    'Documentary stamp tax',
    'Extension',
    '8 days',
    'no overdue fees',
    'principal is unchanged',
    'caps above hold',
    'no prepayment charge',
    'any time before the due date',
    'together never exceed 5% a month',
    'pro rata by day',
    '100% of the principal',
    'I acknowledge',
    'signature',
    'right to a copy',
    'paid out plus 14 days',
  ],
  fil: [
    'Pahayag ng Pagsisiwalat',
    'kada buwan',
    'kada taon',
    'Documentary stamp tax',
    'Extension',
    '8 araw',
    'walang overdue fee',
    'hindi nagbabago ang principal',
    'hangganan',
    'walang singil sa maagang pagbabayad',
    'bago ang takdang petsa',
    '5% kada buwan',
    'kada araw',
    '100% ng principal',
    'Kinikilala ko',
    'Lagda',
    'karapatan kang magkaroon ng kopya',
    'dagdag ang 14 araw',
  ],
  'zh-CN': [
    '贷款交易披露声明',
    '月实际利率',
    '年实际利率',
    '印花税',
    '展期',
    '8 天',
    '不收取逾期费用',
    '本金不变',
    '上限',
    '不收取提前还款费用',
    '还款日前',
    '每月不超过应还金额的 5%',
    '按天折算',
    '本金的 100%',
    '本人确认',
    '借款人签名',
    '副本',
    '加 14 天',
  ],
};

describe("RA 3765 disclosure statement in the borrower's language (CO-03, BE-07, issue 7)", () => {
  const q = priceLoan(DEFAULT_PRODUCT, { principal: 200_000n, termDays: 14 });

  it.each(LOCALES)('BE-07 CO-03 %s: every required element, every charge and the DST', (locale) => {
    const html = disclosureStatement(q, parties, locale);
    expect(html).toContain(`lang="${locale}"`);
    for (const phrase of REQUIRED[locale]) expect(html, phrase).toContain(phrase);
    // every charge: principal, service fee, credit reporting fee, tax on fees, DST, net, interest, finance charge, repayment
    for (const amount of [
      '₱2,000.00',
      '₱30.00',
      '₱5.00',
      '₱0.00',
      '₱0.58',
      '₱1,964.42',
      '₱42.00',
      '₱77.58',
      '₱2,042.00',
      '₱50.00',
      '0.10%',
      '₱20.00',
      '1.00%',
      formatDate('2026-12-07', locale), // the due date in the borrower's language (issue 9, item 7)
    ])
      expect(html, amount).toContain(amount);
    // the EIR a month and a year, rounded up: 8.6540…% → 8.66%; (1.086540…)^12 − 1 = 170.738…% → 170.74%
    expect(html).toContain('8.66%');
    expect(html).toContain('170.74%');
    expect(html).toContain('data-part="acknowledgement"');
    expect(html).toContain('data-part="signature"');
    expect(html).toContain('data-part="copy"');
  });

  it('BE-07 the EIR shown rounds up, never down, and an exact figure stays put', () => {
    // 8.6540…% a month is disclosed as 8.66% (the domain's one rounding rule: up to 0.01%)
    expect(disclosedEir(q).monthly).toBe(0.0866);
    expect(percent(disclosedMonthlyRate(196_442n, 204_200n, 14))).toBe('8.66%');
    expect(percent(0.0925)).toBe('9.25%');
    const big = priceLoan(DEFAULT_PRODUCT, { principal: 1_000_000n, termDays: 14 });
    expect(disclosureStatement(big, parties)).toContain('8.19%'); // 8.1809…%: half-up would show 8.18%
  });

  it('CO-03 a DST borne by the lender is disclosed as not charged', () => {
    const borne = priceLoan(
      { ...DEFAULT_PRODUCT, dst: { borneBy: 'lender' } },
      { principal: 200_000n, termDays: 14 },
    );
    const html = disclosureStatement(borne, parties, 'en-US');
    expect(html).toContain('paid by the lender, not charged to you');
    expect(html).toContain('₱1,965.00');
  });

  it.each([
    ['en-US', 'Loan Agreement', 'Sanction Letter', 'paid out plus 14 days', 'no prepayment charge'],
    [
      'fil',
      'Kasunduan sa Pautang',
      'Liham ng Pag-apruba',
      'dagdag ang 14 araw',
      'walang singil sa maagang pagbabayad',
    ],
    ['zh-CN', '借款协议', '贷款批准函', '加 14 天', '不收取提前还款费用'],
  ] as const)(
    "%s: the agreement and the sanction letter are in the borrower's language with the same figures",
    (locale, agreementTitle, letterTitle, dueRule, prepayment) => {
      const agreement = loanAgreement(q, parties, locale);
      const letter = sanctionLetter(q, parties, locale);
      for (const text of [
        agreementTitle,
        dueRule,
        prepayment,
        '₱2,000.00',
        '₱35.58',
        '₱1,964.42',
        '₱2,042.00',
        formatDate('2026-12-07', locale),
        'Maria Santos Dela Cruz',
      ])
        expect(agreement, text).toContain(text);
      const due = formatDate('2026-12-07', locale);
      for (const text of [letterTitle, '₱2,000.00', '₱1,964.42', '₱2,042.00', due, 'order-1'])
        expect(letter, text).toContain(text);
      expect(agreement).toContain(`lang="${locale}"`);
    },
  );
});

describe('issue 10 a one-day term or extension reads "1 day" (the console allows both)', () => {
  const q = priceLoan({ ...DEFAULT_PRODUCT, termDays: [1] }, { principal: 200_000n, termDays: 1 });
  const oneDay = { ...parties, extensionDays: 1 };

  it('in the disclosure statement, the agreement and the sanction letter', () => {
    const disclosure = disclosureStatement(q, oneDay, 'en-US');
    expect(disclosure).toContain('a day for 1 day)');
    expect(disclosure).toContain('paid out plus 1 day (shown');
    expect(disclosure).toContain('extend the due date by 1 day for');
    const agreement = loanAgreement(q, oneDay, 'en-US');
    expect(agreement).toContain('paid out plus 1 day).');
    expect(agreement).toContain('extend the due date by 1 day for');
    expect(sanctionLetter(q, oneDay, 'en-US')).toContain('a loan of ₱2,000.00 for 1 day has been');
    expect(disclosureStatement(q, { ...parties, extensionDays: 2 }, 'en-US')).toContain('by 2 days for');
    expect(disclosureStatement(q, oneDay, 'zh-CN')).toContain('共 1 天');
  });
});

describe('RA 3765 the disclosure with a withdrawal coupon', () => {
  it('BE-07 CO-01 the itemised deductions add up to the net proceeds (the fee before the coupon, then the coupon)', () => {
    const q = priceLoan(DEFAULT_PRODUCT, { principal: 200_000n, termDays: 14, coupon: 1_000n });
    expect(q.coupon).toBe(1_000n);
    const html = disclosureStatement(q, parties, 'en-US');
    // the row's value, as centavos: its markup comes from the same row() the document uses
    const cell = (label: string) => {
      const prefix = row(label, '|').split('|')[0]!;
      const at = html.indexOf(prefix);
      expect(at, label).toBeGreaterThanOrEqual(0);
      const value = html.slice(at + prefix.length, html.indexOf('</td>', at + prefix.length));
      return BigInt(value.replace(/\D/g, '')) * (value.startsWith('-') ? -1n : 1n);
    };
    const text = (key: string) => translate('en-US', `documents:disclosure.${key}`);
    const fee = cell(text('serviceFee'));
    expect(fee).toBe(q.serviceFee + q.coupon); // ₱30.00 before the ₱10.00 coupon
    const deducted =
      fee + cell(text('coupon')) + cell(text('creditReportingFee')) + cell(text('tax')) + cell(text('dst'));
    expect(cell(text('principal')) - deducted).toBe(q.netProceeds);
    expect(cell(text('netProceeds'))).toBe(q.netProceeds);
  });
});

describe("BE-07 SH-01 issue 9 clarity item 7: the documents write dates in the borrower's language", () => {
  const q = priceLoan(DEFAULT_PRODUCT, { principal: 200_000n, termDays: 14 });
  const expected: Record<Locale, { signed: string; due: string }> = {
    'en-US': { signed: 'Nov 23, 2026', due: 'Dec 7, 2026' },
    fil: { signed: 'Nob 23, 2026', due: 'Dis 7, 2026' },
    'zh-CN': { signed: '2026年11月23日', due: '2026年12月7日' },
  };
  it.each(LOCALES)('%s: the signing date and the due date, never 2026-12-07', (locale) => {
    const documents = {
      disclosure: disclosureStatement(q, parties, locale),
      agreement: loanAgreement(q, parties, locale),
      sanction: sanctionLetter(q, parties, locale),
    };
    for (const [name, html] of Object.entries(documents)) {
      expect(html, name).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(html, name).toContain(expected[locale].signed);
    }
    // each document that states the repayment states its due date
    expect(documents.disclosure).toContain(expected[locale].due);
    expect(documents.agreement).toContain(expected[locale].due);
    expect(documents.sanction).toContain(expected[locale].due);
  });
});
