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
  tax: Centavos;
  /** what reaches the borrower: principal minus the fees deducted up front */
  netProceeds: Centavos;
  /** what the borrower repays at the due date: principal plus interest */
  totalRepayment: Centavos;
  /** all interest, fees and tax of the loan as priced (before any penalty or extension) */
  financeCharge: Centavos;
}

export class PricingError extends Error {}

/** Is this (amount, term) one the product offers? */
export function offerable(config: ProductConfig, principal: Centavos, termDays: number): boolean {
  const { min, max, step } = config.amount;
  return principal >= min && principal <= max && (principal - min) % step === 0n && config.termDays.includes(termDays);
}

/**
 * The one pricing function (used for the quote the borrower sees and the order the server books).
 * Rounding is explicit and always in the borrower's favour: charges round down to the centavo.
 */
export function priceLoan(config: ProductConfig, input: QuoteInput): Quote {
  const { principal, termDays } = input;
  if (!offerable(config, principal, termDays)) throw new PricingError(`not offered: ${principal} centavos for ${termDays} days`);
  const interest = divRound(principal * BigInt(config.dailyInterestPpm) * BigInt(termDays), 1_000_000n, 'down');
  const grossServiceFee = divRound(principal * BigInt(config.serviceFeeBp), 10_000n, 'down');
  const requested = input.coupon ?? 0n;
  if (requested < 0n) throw new PricingError('a coupon cannot be negative');
  const coupon = requested > grossServiceFee ? grossServiceFee : requested;
  const serviceFee = grossServiceFee - coupon;
  const taxable = config.taxBase === 'serviceFee' ? serviceFee : serviceFee + config.creditReportingFee;
  const tax = divRound(taxable * BigInt(config.taxRateBp), 10_000n, 'down');
  const upFront = serviceFee + config.creditReportingFee + tax;
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
