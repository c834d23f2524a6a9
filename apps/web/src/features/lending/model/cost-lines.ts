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
  /** deducted from what the borrower receives (shown with a minus) */
  deducted?: boolean;
  /** a total: shown emphasised */
  total?: boolean;
}

/** A centavo string as `₱1,234.50` through bigint only (CO-01): no float ever touches money. */
export function peso(centavos: string): string {
  if (!/^-?\d+$/.test(centavos)) throw new RangeError(`not a centavo amount: ${centavos}`);
  return formatPeso(BigInt(centavos));
}

/** A deduction as `-₱15.00`; zero stays `₱0.00`. */
export function minusPeso(centavos: string): string {
  const value = BigInt(centavos);
  return value === 0n ? formatPeso(0n) : formatPeso(-value);
}

/** A daily rate in parts per million as a percentage: 1500 → `0.15%`, 1234 → `0.1234%` (integer maths). */
export function ppmPercent(ppm: number): string {
  if (!Number.isInteger(ppm) || ppm < 0) throw new RangeError(`not a ppm rate: ${ppm}`);
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000).padStart(4, '0').replace(/0{1,2}$/, '');
  return `${whole}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}%`;
}

/** A monthly rate as a ratio (0.0983) as `9.83%`. A rate is not money: two decimals are what the disclosure shows. */
export function ratioPercent(ratio: number): string {
  return `${(Math.round(ratio * 10_000) / 100).toFixed(2)}%`;
}

/**
 * Every cost line of EN-06 / BE-07 for one choice, in the order the borrower reads them: what is
 * borrowed, what it costs, what arrives, when and how much is repaid, and the EIR a month.
 */
export function costRows(figures: PricedFigures, extra: { dueDate: string; effectiveMonthlyRate: number }): CostRow[] {
  return [
    { line: 'principal', value: peso(figures.principal) },
    { line: 'dailyRate', value: ppmPercent(figures.dailyInterestPpm) },
    { line: 'interest', value: peso(figures.interest) },
    { line: 'serviceFee', value: minusPeso(figures.serviceFee), deducted: true },
    { line: 'tax', value: minusPeso(figures.tax), deducted: true },
    { line: 'documentaryStampTax', value: minusPeso(figures.documentaryStampTax), deducted: true },
    { line: 'creditReportingFee', value: minusPeso(figures.creditReportingFee), deducted: true },
    { line: 'coupon', value: peso(figures.coupon) },
    { line: 'netProceeds', value: peso(figures.netProceeds), total: true },
    { line: 'dueDate', value: extra.dueDate },
    { line: 'totalRepayment', value: peso(figures.totalRepayment), total: true },
    { line: 'eir', value: ratioPercent(extra.effectiveMonthlyRate) },
  ];
}
