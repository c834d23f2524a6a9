import { describe, expect, it } from 'vitest';
import { repaymentViewResponse, type RepaymentViewResponse } from '@pisonow/domain';
import {
  amountDue,
  balanceRows,
  formatDate,
  formatManilaTime,
  groupChannels,
  groupDigits,
  isRepayable,
  labelTone,
  partnerName,
  plainAmount,
  repayFingerprint,
  resultKind,
  shouldPoll,
  sortRecords,
} from './servicing.ts';

const balance = {
  principal: '200000',
  interest: '4200',
  fees: '0',
  lateCharge: '0',
  penalty: '0',
  total: '204200',
  overdueDays: 0,
  extensions: 0,
  chargesPaused: false,
};

const order = {
  id: '3f1c7c0e-0000-4000-8000-000000000001',
  status: 'repaying',
  label: { key: 'expiresIn', text: 'Expires in 3 days', days: 3 },
  productVersion: 1,
  principal: '200000',
  termDays: 14,
  dailyInterestPpm: 1500,
  interest: '4200',
  serviceFee: '3000',
  coupon: '0',
  creditReportingFee: '500',
  tax: '0',
  documentaryStampTax: '58',
  netProceeds: '196442',
  totalRepayment: '204200',
  effectiveMonthlyRate: 0.0866,
  dueDate: '2026-12-07',
  createdAt: '2026-11-23T03:00:00.000Z',
  disbursedAt: '2026-11-23T03:00:10.000Z',
  payout: null,
  documents: [],
};

function repayment(over: Partial<RepaymentViewResponse> = {}): RepaymentViewResponse {
  return repaymentViewResponse.parse({
    id: 'r1',
    orderId: order.id,
    purpose: 'full',
    channel: 'ewallet',
    providerCode: 'GCASH',
    amount: '204200',
    state: 'pending',
    record: 'in_progress',
    heldReason: null,
    amountReceived: null,
    couponAmount: '0',
    checkoutUrl: '/api/sandbox/checkout/r1',
    bankName: null,
    bankAccountNumber: null,
    paymentCode: null,
    expiresAt: '2026-11-23T05:00:00.000Z',
    createdAt: '2026-11-23T04:00:00.000Z',
    receipt: null,
    ...over,
  });
}

describe('servicing model', () => {
  it('VAL-15 the amount to pay now is the balance total; the booked total only before a balance exists', () => {
    expect(amountDue({ balance: { ...balance, total: '210300' }, totalRepayment: '204200' })).toBe('210300');
    expect(amountDue({ balance: null, totalRepayment: '204200' })).toBe('204200');
  });

  it('ST-01 repay and extend are offered only on a paid-out, unsettled loan', () => {
    expect(
      ['repaying', 'extended', 'overdue'].every((status) => isRepayable({ status: status as never })),
    ).toBe(true);
    expect(
      ['disbursing', 'payout_failed', 'settled', 'cancelled'].some((status) =>
        isRepayable({ status: status as never }),
      ),
    ).toBe(false);
  });

  it('EN-06 CO-01 every balance line in pesos; late charge and penalty appear once overdue or non-zero', () => {
    expect(balanceRows(balance, false).map((r) => r.line)).toEqual(['principal', 'interest', 'fees']);
    const overdue = balanceRows(
      { ...balance, lateCharge: '5000', penalty: '612', total: '209812', overdueDays: 3 },
      true,
    );
    expect(overdue).toEqual([
      { line: 'principal', value: '₱2,000.00' },
      { line: 'interest', value: '₱42.00' },
      { line: 'fees', value: '₱0.00' },
      { line: 'lateCharge', value: '₱50.00' },
      { line: 'penalty', value: '₱6.12' },
    ]);
    expect(balanceRows({ ...balance, penalty: '1' }, false).map((r) => r.line)).toContain('penalty');
  });

  it('ST-01 label tones follow the label key, not its words', () => {
    expect(['overdue', 'dueToday', 'expiresIn', 'extended', 'settled', 'disbursing'].map(labelTone)).toEqual([
      'overdue',
      'due',
      'soon',
      'soon',
      'done',
      'neutral',
    ]);
  });

  it('SH-01 dates read naturally in each language; an instant shows in Asia/Manila', () => {
    expect(formatDate('2026-12-07', 'en-US')).toBe('Dec 7, 2026');
    expect(formatDate('2026-12-07', 'zh-CN')).toBe('2026年12月7日');
    expect(formatDate('2026-12-07', 'fil')).toMatch(/2026/);
    expect(formatDate(null, 'en-US')).toBe('—');
    // 16:30 UTC is 00:30 the next day in Manila (UTC+8)
    expect(formatManilaTime('2026-12-07T16:30:00.000Z', 'en-US')).toMatch(/Dec 8, 2026.*00:30/);
    expect(formatManilaTime('2026-12-07T16:30:00.000Z', 'zh-CN')).toMatch(/2026年12月8日.*00:30/);
  });

  it('ST-02 BE-10 a repayment result: e-wallet waits, transfer and counter show instructions; paid, held, failed, expired', () => {
    expect(resultKind(repayment())).toBe('waiting');
    expect(resultKind(repayment({ channel: 'bank_transfer' }))).toBe('instructions');
    expect(resultKind(repayment({ channel: 'otc' }))).toBe('instructions');
    expect(resultKind(repayment({ state: 'paid', record: 'success' }))).toBe('success');
    expect(resultKind(repayment({ state: 'held', heldReason: 'amount_mismatch' }))).toBe('held');
    expect(resultKind(repayment({ state: 'failed', record: 'fail' }))).toBe('failed');
    expect(resultKind(repayment({ state: 'refunded', record: 'fail' }))).toBe('refunded');
    expect(resultKind(repayment({ state: 'expired', record: 'fail' }))).toBe('expired');
    expect(shouldPoll(repayment())).toBe(true);
    expect(shouldPoll(repayment({ state: 'held' }))).toBe(false);
    expect(shouldPoll(undefined)).toBe(false);
  });

  it('BE-05 channels grouped for the Repay sheet in their order; partner names from the domain', () => {
    const groups = groupChannels([
      { channel: 'ewallet', providerCode: 'GCASH', name: 'GCash' },
      { channel: 'otc', providerCode: '7ELEVEN', name: '7-Eleven' },
      { channel: 'ewallet', providerCode: 'MAYA', name: 'Maya' },
    ] as const);
    expect(groups.map((g) => [g.channel, g.options.map((o) => o.providerCode)])).toEqual([
      ['ewallet', ['GCASH', 'MAYA']],
      ['otc', ['7ELEVEN']],
    ]);
    expect(partnerName('CEBUANA')).toBe('Cebuana Lhuillier');
    expect(partnerName('NEWPARTNER')).toBe('NEWPARTNER');
  });

  it('SH-13 the same repay choice and amount keeps its idempotency fingerprint; a new amount is a new action', () => {
    const body = { purpose: 'full', channel: 'ewallet', providerCode: 'GCASH', expectedAmount: '204200' };
    expect(repayFingerprint('o1', body)).toBe(repayFingerprint('o1', { ...body }));
    expect(repayFingerprint('o1', body)).not.toBe(
      repayFingerprint('o1', { ...body, expectedAmount: '204812' }),
    );
  });

  it('CO-01 codes are grouped by four; the amount to type is plain, exact and float-free', () => {
    expect(groupDigits('7011234567890')).toBe('7011 2345 6789 0');
    expect(groupDigits('7ELEVEN-AE685C27C4')).toBe('7ELEVEN-AE685C27C4');
    expect(plainAmount('204200')).toBe('2042.00');
    expect(plainAmount('5')).toBe('0.05');
    expect(plainAmount('900719925474099123')).toBe('9007199254740991.23');
  });

  it('ST-02 records newest first', () => {
    const list = [
      { createdAt: '2026-11-01T00:00:00Z' },
      { createdAt: '2026-11-20T00:00:00Z' },
      { createdAt: '2026-11-10T00:00:00Z' },
    ];
    expect(sortRecords(list).map((r) => r.createdAt.slice(5, 10))).toEqual(['11-20', '11-10', '11-01']);
  });
});
