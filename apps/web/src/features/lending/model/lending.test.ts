import { describe, expect, it } from 'vitest';
import { applicationContracts, placeOrderRequest } from '@pisonow/domain';
import { disclosedMonthlyRate } from '@pisonow/domain';
import {
  costRows,
  minusPeso,
  plusPeso,
  peso,
  ppmPercent,
  ratioPercent,
  type PricedFigures,
} from './cost-lines.ts';
import {
  amountsFor,
  choiceSearch,
  defaultChoice,
  findQuote,
  offeredTerms,
  parseChoice,
  withTerm,
  type Quote,
} from './offer.ts';
import { payoutBody, payoutDefaults, mobileDigits } from './payout-form.ts';
import {
  SIGNATURE_MAX_BYTES,
  dataUrlBytes,
  inkLength,
  isAcceptableSignature,
  submitBlocker,
  toCanvasPoint,
} from './signature.ts';

/** The default product (docs/compliance.md) priced by hand: 0.15%/day, 1.5% fee, no tax on fees, DST passed on, ₱5 credit fee. */
function quote(pesos: number, termDays: number): Quote {
  const principal = BigInt(pesos) * 100n;
  const interest = (principal * 1500n * BigInt(termDays)) / 1_000_000n;
  const serviceFee = (principal * 150n) / 10_000n;
  const tax = 0n;
  // CO-03 ₱1.50 per ₱200 or fraction × days/365, rounded up to the centavo
  const dst = (((principal + 19_999n) / 20_000n) * 150n * BigInt(termDays) + 364n) / 365n;
  const credit = 500n;
  const net = principal - serviceFee - tax - dst - credit;
  const total = principal + interest;
  return {
    principal: principal.toString(),
    termDays,
    interest: interest.toString(),
    serviceFee: serviceFee.toString(),
    coupon: '0',
    creditReportingFee: credit.toString(),
    tax: tax.toString(),
    documentaryStampTax: dst.toString(),
    netProceeds: net.toString(),
    totalRepayment: total.toString(),
    dailyInterestPpm: 1500,
    effectiveMonthlyRate: disclosedMonthlyRate(net, total, termDays),
    dueDateIfPaidToday: termDays === 14 ? '2026-12-06' : '2026-12-22',
  };
}
const amounts = [1000, 1500, 2000, 2500, 3000, 3500, 4000];
const quotes = [14, 30].flatMap((term) => amounts.map((a) => quote(a, term)));
const offer = { terms: [14, 30], quotes };

describe('cost lines from centavo strings', () => {
  it('CO-01 EN-06 BE-07 ₱2,000 for 14 days shows every line as docs/compliance.md arithmetic gives it', () => {
    const q = findQuote(quotes, { amount: '200000', termDays: 14 })!;
    const rows = Object.fromEntries(
      costRows(q, { dueDate: q.dueDateIfPaidToday, effectiveMonthlyRate: q.effectiveMonthlyRate }).map(
        (r) => [r.line, r.value],
      ),
    );
    expect(rows).toEqual({
      principal: '₱2,000.00',
      dailyRate: '0.15%',
      interest: '+₱42.00',
      serviceFee: '−₱30.00',
      tax: '−₱0.00',
      documentaryStampTax: '−₱0.58',
      creditReportingFee: '−₱5.00',
      coupon: '+₱0.00',
      netProceeds: '₱1,964.42',
      dueDate: '2026-12-06',
      totalRepayment: '₱2,042.00',
      eir: '8.66%',
    });
  });

  it('BE-07 CO-03 the worked examples: ₱1,000/14 days EIR 9.25%, ₱1,000/30 days 6.71% (6.7002% rounded up)', () => {
    expect(ratioPercent(disclosedMonthlyRate(97_971n, 102_100n, 14))).toBe('9.25%');
    expect(ratioPercent(disclosedMonthlyRate(97_938n, 104_500n, 30))).toBe('6.71%');
    expect(ratioPercent(0.0983)).toBe('9.83%');
  });

  it('CO-01 money is formatted through bigint only, exact beyond float precision', () => {
    expect(peso('123450')).toBe('₱1,234.50');
    expect(peso('900719925474099312')).toBe('₱9,007,199,254,740,993.12');
    expect(minusPeso('540')).toBe('−₱5.40');
    expect(minusPeso('0')).toBe('−₱0.00');
    expect(plusPeso('540')).toBe('+₱5.40');
    expect(() => peso('12.5')).toThrow(RangeError);
  });

  it('EN-06 a daily rate in ppm is shown as a percentage with integer maths', () => {
    expect(ppmPercent(1500)).toBe('0.15%');
    expect(ppmPercent(1000)).toBe('0.10%');
    expect(ppmPercent(1234)).toBe('0.1234%');
    expect(ppmPercent(100)).toBe('0.01%');
    expect(ppmPercent(20_000)).toBe('2.00%');
    expect(() => ppmPercent(1.5)).toThrow(RangeError);
  });

  it('EN-06 the lines come in reading order and totals are marked', () => {
    const rows = costRows(quotes[0] as PricedFigures, { dueDate: 'x', effectiveMonthlyRate: 0.05 });
    expect(rows.map((r) => r.line)).toEqual([
      'principal',
      'serviceFee',
      'tax',
      'documentaryStampTax',
      'creditReportingFee',
      'coupon',
      'netProceeds',
      'dailyRate',
      'interest',
      'dueDate',
      'totalRepayment',
      'eir',
    ]);
    expect(rows.filter((r) => r.total).map((r) => r.line)).toEqual(['netProceeds', 'totalRepayment']);
    expect(rows.filter((r) => r.group).map((r) => [r.line, r.group])).toEqual([
      ['principal', 'receive'],
      ['dailyRate', 'repay'],
    ]);
  });

  it('clarity item 4: one sign convention, and each group adds up to its total (with a coupon)', () => {
    // ₱2,000: gross fee ₱30 of which a ₱10 coupon pays part, so the quote's service fee is ₱20
    const figures: PricedFigures = {
      principal: '200000',
      interest: '4200',
      serviceFee: '2000',
      coupon: '1000',
      creditReportingFee: '500',
      tax: '0',
      documentaryStampTax: '58',
      netProceeds: '197442',
      totalRepayment: '204200',
      dailyInterestPpm: 1500,
    };
    const rows = costRows(figures, { dueDate: 'x', effectiveMonthlyRate: 0.05 });
    const byLine = Object.fromEntries(rows.map((r) => [r.line, r.value]));
    expect(byLine.serviceFee).toBe('−₱30.00');
    expect(byLine.coupon).toBe('+₱10.00');
    for (const row of rows.filter((r) => r.deducted)) expect(row.value).toMatch(/^−₱/);
    for (const row of rows.filter((r) => r.added)) expect(row.value).toMatch(/^\+₱/);
    const centavos = (value: string) => {
      const n = Number(value.replace(/[^\d.]/g, '')) * 100;
      return Math.round(value.startsWith('−') ? -n : n);
    };
    const receive = ['principal', 'serviceFee', 'tax', 'documentaryStampTax', 'creditReportingFee', 'coupon'];
    expect(receive.reduce((sum, line) => sum + centavos(byLine[line]!), 0)).toBe(197442);
    expect(centavos(byLine.principal!) + centavos(byLine.interest!)).toBe(204200);
  });
});

describe('choosing an offer', () => {
  it('EN-06 the page opens on the largest amount offered and the first term', () => {
    expect(defaultChoice(offer)).toEqual({ amount: '400000', termDays: 14 });
    expect(defaultChoice({ terms: [14, 30], quotes: quotes.filter((q) => q.termDays === 30) })).toEqual({
      amount: '400000',
      termDays: 30,
    });
    expect(defaultChoice({ terms: [14], quotes: [] })).toBeNull();
  });

  it('EN-06 amounts are ordered by value (bigint), not as strings', () => {
    const mixed = [quote(10000, 14), quote(1000, 14), quote(9500, 14)];
    expect(amountsFor(mixed, 14)).toEqual(['100000', '950000', '1000000']);
    expect(offeredTerms({ terms: [30, 14, 7], quotes: mixed })).toEqual([14]);
  });

  it('EN-06 a new term keeps the amount if offered, else the nearest below', () => {
    const partial = [...quotes.filter((q) => q.termDays === 14), quote(1000, 30), quote(2000, 30)];
    expect(withTerm(quotes, { amount: '250000', termDays: 14 }, 30)).toEqual({
      amount: '250000',
      termDays: 30,
    });
    expect(withTerm(partial, { amount: '350000', termDays: 14 }, 30)).toEqual({
      amount: '200000',
      termDays: 30,
    });
    expect(withTerm(partial, { amount: '50000', termDays: 14 }, 30)).toEqual({
      amount: '100000',
      termDays: 30,
    });
  });

  it('ST-07 the choice travels in the URL and is read back strictly', () => {
    const search = choiceSearch({ amount: '200000', termDays: 14 });
    expect(search).toBe('amount=200000&termDays=14');
    expect(parseChoice(new URLSearchParams(search))).toEqual({ amount: '200000', termDays: 14 });
    expect(parseChoice(new URLSearchParams('amount=2000.50&termDays=14'))).toBeNull();
    expect(parseChoice(new URLSearchParams('amount=200000'))).toBeNull();
  });
});

describe('signature and submit guard', () => {
  const png = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

  it('ST-07 a signature is a PNG data URL no bigger than ~200 kB, as the server contract accepts', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(isAcceptableSignature(png(10_000))).toBe(true);
    expect(isAcceptableSignature(png(SIGNATURE_MAX_BYTES + 3))).toBe(false);
    expect(isAcceptableSignature('data:image/jpeg;base64,AAAA')).toBe(false);
    expect(isAcceptableSignature(null)).toBe(false);
    // whatever the guard lets through, the server's contract accepts
    const ok = png(SIGNATURE_MAX_BYTES - 3);
    expect(isAcceptableSignature(ok)).toBe(true);
    expect(
      placeOrderRequest.safeParse({
        amount: '200000',
        termDays: 14,
        agreeLoanAgreement: true,
        agreeSanctionLetter: true,
        signature: ok,
        productVersion: 1,
        documentsSha256: 'a'.repeat(64),
      }).success,
    ).toBe(true);
  });

  it('ST-07 pointer positions map onto the 600×200 canvas whatever its size on screen; ink is stroke length', () => {
    expect(toCanvasPoint(160, 60, { left: 10, top: 10, width: 300, height: 100 })).toEqual({
      x: 300,
      y: 100,
    });
    expect(toCanvasPoint(-50, 999, { left: 0, top: 0, width: 300, height: 100 })).toEqual({ x: 0, y: 200 });
    expect(
      inkLength([
        { x: 0, y: 0 },
        { x: 3, y: 4 },
        { x: 3, y: 10 },
      ]),
    ).toBe(11);
    expect(inkLength([{ x: 1, y: 1 }])).toBe(0);
  });

  it('VAL-12 ST-07 submit waits for both agreements, then for a signature only when none is on file', () => {
    const sig = png(5_000);
    expect(
      submitBlocker({ agreeAgreement: false, agreeSanction: true, needsSignature: false, signature: null }),
    ).toBe('AGREEMENTS_REQUIRED');
    expect(
      submitBlocker({ agreeAgreement: true, agreeSanction: false, needsSignature: true, signature: sig }),
    ).toBe('AGREEMENTS_REQUIRED');
    expect(
      submitBlocker({ agreeAgreement: true, agreeSanction: true, needsSignature: true, signature: null }),
    ).toBe('SIGNATURE_REQUIRED');
    expect(
      submitBlocker({ agreeAgreement: true, agreeSanction: true, needsSignature: true, signature: sig }),
    ).toBeNull();
    expect(
      submitBlocker({ agreeAgreement: true, agreeSanction: true, needsSignature: false, signature: null }),
    ).toBeNull();
  });
});

describe('payout account after a failed payout', () => {
  const contract = applicationContracts({ today: '2026-11-22', postalCodeLength: 4 }).bankInfo;
  const saved = {
    channel: 'ewallet',
    providerCode: 'GCASH',
    account: '09171230000',
    confirmAccount: '09171230000',
    payeeFirstName: 'Juan',
    payeeLastName: 'Dela Cruz',
    withdrawalPhone: '9171234567',
  };

  it('ST-04 VAL-07 prefill keeps channel, provider and payee but not the account that failed', () => {
    const values = payoutDefaults(saved, { channel: 'ewallet', providerCode: 'MAYA' });
    expect(values).toMatchObject({
      channel: 'ewallet',
      providerCode: 'MAYA',
      account: '',
      confirmAccount: '',
      payeeFirstName: 'Juan',
      payeeLastName: 'Dela Cruz',
      withdrawalPhone: '9171234567',
    });
  });

  it('ST-04 VAL-06 the body passes the bankInfo contract; empty optionals and pickup account fields are left out', () => {
    const body = payoutBody({
      ...payoutDefaults(saved, null),
      account: '09171239999',
      confirmAccount: '09171239999',
    });
    expect(body).not.toHaveProperty('payeeMiddleName');
    expect(body).not.toHaveProperty('branchCode');
    expect(contract.safeParse(body).success).toBe(true);
    const pickup = payoutBody({
      ...payoutDefaults(saved, null),
      channel: 'remittance',
      providerCode: 'CEBUANA',
      account: '123',
      branchCode: 'X-1',
    });
    expect(pickup).not.toHaveProperty('account');
    expect(contract.safeParse(pickup).success).toBe(true);
    const mismatch = contract.safeParse(
      payoutBody({ ...payoutDefaults(saved, null), account: '09171239999', confirmAccount: '09171238888' }),
    );
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.message).toBe('BANK_INFO_MISMATCH');
  });

  it('VAL-09 the mobile field keeps the 10 digits after +63', () => {
    expect(mobileDigits('+63 917 123 4567')).toBe('9171234567');
    expect(mobileDigits('09171234567')).toBe('9171234567');
    expect(mobileDigits('9171234567')).toBe('9171234567');
  });
});

describe('payout body from parsed values', () => {
  it('ST-04 values the contract has parsed (optionals undefined) still make a body', () => {
    expect(
      payoutBody({
        channel: 'ewallet',
        providerCode: 'GCASH',
        account: '09171239999',
        payeeMiddleName: undefined,
      }),
    ).toEqual({ channel: 'ewallet', providerCode: 'GCASH', account: '09171239999' });
  });
});
