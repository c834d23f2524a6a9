import { formatPeso } from '@pisonow/domain';

/** The priced figures a cost table shows: an offer's quote or a booked order (centavo strings). */
export interface PricedFigures {
  principal: string;
  interest: string;
  serviceFee: string;
  coupon: string;
  creditReportingFee: string;
  tax: string;
  /** documentary stamp tax the borrower pays (CO-03) */
  documentaryStampTax: string;
  netProceeds: string;
  totalRepayment: string;
  dailyInterestPpm: number;
}

export const COST_LINES = [
  'principal',
  'dailyRate',
  'interest',
  'serviceFee',
  'tax',
  'documentaryStampTax',
  'creditReportingFee',
  'coupon',
  'netProceeds',
  'dueDate',
  'totalRepayment',
  'eir',
] as const;
export type CostLine = (typeof COST_LINES)[number];

export interface CostRow {
  line: CostLine;
  value: string;
  /** deducted from what the borrower receives (shown `−₱x`) */
  deducted?: boolean;
  /** added: the coupon to what is received, the interest to what is repaid (shown `+₱x`) */
  added?: boolean;
  /** a total: shown emphasised */
  total?: boolean;
  /** the first line of a group: the table puts the group's heading above it */
  group?: 'receive' | 'repay';
}

/** A centavo string as `₱1,234.50` through bigint only (CO-01): no float ever touches money. */
export function peso(centavos: string): string {
  if (!/^-?\d+$/.test(centavos)) throw new RangeError(`not a centavo amount: ${centavos}`);
  return formatPeso(BigInt(centavos));
}

/** The minus sign (U+2212) every deduction carries, zero included: one convention (clarity item 4). */
export const MINUS = '\u2212';

/** A deduction as `−₱15.00`, zero as `−₱0.00`: every deduction reads the same way. */
export function minusPeso(centavos: string): string {
  return `${MINUS}${formatPeso(BigInt(centavos))}`;
}

/** An addition as `+₱15.00`, zero as `+₱0.00`. */
export function plusPeso(centavos: string): string {
  return `+${formatPeso(BigInt(centavos))}`;
}

/** A daily rate in parts per million as a percentage: 1500 → `0.15%`, 1234 → `0.1234%` (integer maths). */
export function ppmPercent(ppm: number): string {
  if (!Number.isInteger(ppm) || ppm < 0) throw new RangeError(`not a ppm rate: ${ppm}`);
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}%`;
}

/** A monthly rate as a ratio (0.0983) as `9.83%`. A rate is not money: two decimals are what the disclosure shows. */
export function ratioPercent(ratio: number): string {
  return `${(Math.round(ratio * 10_000) / 100).toFixed(2)}%`;
}

/**
 * Every cost line of EN-06 / BE-07 for one choice, in two groups that each add up (clarity item 4):
 * what arrives (the loan amount, each deduction `−₱x`, the coupon `+₱x`, = you receive) and what is
 * repaid (the daily rate, the interest `+₱x` on the loan amount, the due date, = total to repay, EIR).
 * The coupon lowers the service fee (pricing.ts), so the fee line is the fee before the coupon and
 * the coupon line gives it back: the lines sum to what the borrower receives.
 */
export function costRows(
  figures: PricedFigures,
  extra: { dueDate: string; effectiveMonthlyRate: number },
): CostRow[] {
  const grossServiceFee = (BigInt(figures.serviceFee) + BigInt(figures.coupon)).toString();
  return [
    { line: 'principal', value: peso(figures.principal), group: 'receive' },
    { line: 'serviceFee', value: minusPeso(grossServiceFee), deducted: true },
    { line: 'tax', value: minusPeso(figures.tax), deducted: true },
    { line: 'documentaryStampTax', value: minusPeso(figures.documentaryStampTax), deducted: true },
    { line: 'creditReportingFee', value: minusPeso(figures.creditReportingFee), deducted: true },
    { line: 'coupon', value: plusPeso(figures.coupon), added: true },
    { line: 'netProceeds', value: peso(figures.netProceeds), total: true },
    { line: 'dailyRate', value: ppmPercent(figures.dailyInterestPpm), group: 'repay' },
    { line: 'interest', value: plusPeso(figures.interest), added: true },
    { line: 'dueDate', value: extra.dueDate },
    { line: 'totalRepayment', value: peso(figures.totalRepayment), total: true },
    { line: 'eir', value: ratioPercent(extra.effectiveMonthlyRate) },
  ];
}
