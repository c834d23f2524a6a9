import { divRound, type Centavos } from '../money.ts';
import type { ProductConfig } from './product.ts';

export interface QuoteInput {
  principal: Centavos;
  termDays: number;
  /** a withdrawal coupon: reduces the service fee, never below zero */
  coupon?: Centavos;
}

/** Every line of the cost of one loan (EN-06), in centavos. */
export interface Quote {
  productVersion: number;
  principal: Centavos;
  termDays: number;
  dailyInterestPpm: number;
  interest: Centavos;
  serviceFee: Centavos;
  coupon: Centavos;
  creditReportingFee: Centavos;
  /** percentage tax on fees (configurable, default 0) */
  tax: Centavos;
  /** documentary stamp tax the borrower pays (0 when the lender bears it) */
  documentaryStampTax: Centavos;
  /** documentary stamp tax the lender bears (0 when passed on); booked as its expense */
  lenderDocumentaryStampTax: Centavos;
  /** what reaches the borrower: principal minus the fees deducted up front */
  netProceeds: Centavos;
  /** what the borrower repays at the due date: principal plus interest */
  totalRepayment: Centavos;
  /** all interest, fees and tax of the loan as priced (before any penalty or extension) */
  financeCharge: Centavos;
}

export class PricingError extends Error {}

/** ₱1.50 of documentary stamp tax per ₱200 of principal or fraction thereof (NIRC Sec. 179). */
export const DST_PER_UNIT: Centavos = 150n;
export const DST_UNIT: Centavos = 20_000n;

/**
 * Documentary stamp tax on a loan (CO-03; NIRC Sec. 179 as amended by RA 10963, TRAIN):
 * ₱1.50 per ₱200 or fraction thereof of the principal; for a term under a year, × days / 365.
 * Rounding (explicit): the fraction of ₱200 counts as a whole unit; the prorated amount rounds UP
 * to the centavo, so the tax remitted is never less than the statutory amount (docs/compliance.md).
 */
export function documentaryStampTax(principal: Centavos, termDays: number): Centavos {
  if (principal <= 0n) return 0n;
  const units = (principal + DST_UNIT - 1n) / DST_UNIT;
  const full = units * DST_PER_UNIT;
  if (termDays >= 365) return full;
  return divRound(full * BigInt(termDays), 365n, 'up');
}

/** Is this (amount, term) one the product offers? */
export function offerable(config: ProductConfig, principal: Centavos, termDays: number): boolean {
  const { min, max, step } = config.amount;
  return (
    principal >= min &&
    principal <= max &&
    (principal - min) % step === 0n &&
    config.termDays.includes(termDays)
  );
}

/**
 * The one pricing function (used for the quote the borrower sees and the order the server books).
 * Rounding is explicit and always in the borrower's favour: charges round down to the centavo.
 */
export function priceLoan(config: ProductConfig, input: QuoteInput): Quote {
  const { principal, termDays } = input;
  if (!offerable(config, principal, termDays))
    throw new PricingError(`not offered: ${principal} centavos for ${termDays} days`);
  const interest = divRound(
    principal * BigInt(config.dailyInterestPpm) * BigInt(termDays),
    1_000_000n,
    'down',
  );
  const grossServiceFee = divRound(principal * BigInt(config.serviceFeeBp), 10_000n, 'down');
  const requested = input.coupon ?? 0n;
  if (requested < 0n) throw new PricingError('a coupon cannot be negative');
  const coupon = requested > grossServiceFee ? grossServiceFee : requested;
  const serviceFee = grossServiceFee - coupon;
  const taxable = config.taxBase === 'serviceFee' ? serviceFee : serviceFee + config.creditReportingFee;
  const tax = divRound(taxable * BigInt(config.taxRateBp), 10_000n, 'down');
  const dst = documentaryStampTax(principal, termDays);
  const borrowerDst = config.dst.borneBy === 'borrower' ? dst : 0n;
  const upFront = serviceFee + config.creditReportingFee + tax + borrowerDst;
  return {
    productVersion: config.version,
    principal,
    termDays,
    dailyInterestPpm: config.dailyInterestPpm,
    interest,
    serviceFee,
    coupon,
    creditReportingFee: config.creditReportingFee,
    tax,
    documentaryStampTax: borrowerDst,
    lenderDocumentaryStampTax: dst - borrowerDst,
    netProceeds: principal - upFront,
    totalRepayment: principal + interest,
    financeCharge: interest + upFront,
  };
}

/** Every offer of a product: each amount step × each term (for caps checks and the amount picker). */
export function* allOffers(config: ProductConfig): Generator<{ principal: Centavos; termDays: number }> {
  for (let p = config.amount.min; p <= config.amount.max; p += config.amount.step) {
    for (const termDays of config.termDays) yield { principal: p, termDays };
  }
}
