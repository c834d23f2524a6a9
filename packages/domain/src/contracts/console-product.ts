import { z } from 'zod';
import { CAP_NAMES, type CapWorstCase } from '../lending/compliance.ts';
import { DEFAULT_WAIVER_APPROVAL_THRESHOLD, type ProductConfig } from '../lending/product.ts';

/**
 * Product changes with maker-checker (issue 11, CO-06, BE-08): an admin drafts new values for the
 * product's business constants with a reason; a different admin approves (a new product version,
 * in force for new orders) or rejects with a reason. Centavos are decimal strings, rates integers
 * (ppm a day, bp), as in the stored product configuration.
 */
const centavos = z.string().regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' });
const bp = z.number().int().min(0).max(10_000);
const ppmDay = z.number().int().min(0).max(100_000);
const reason = z.string().trim().min(3, { error: 'REQUIRED' }).max(500, { error: 'VALIDATION_FAILED' });

/** Every business constant the console edits: the stored form of a product version. */
export const productSettings = z.strictObject({
  amount: z.strictObject({ min: centavos, max: centavos, step: centavos }),
  termDays: z.array(z.number().int().min(1).max(365)).min(1).max(12),
  dailyInterestPpm: ppmDay,
  serviceFeeBp: bp,
  creditReportingFee: centavos,
  taxRateBp: bp,
  taxBase: z.enum(['allFees', 'serviceFee']),
  dst: z.strictObject({ borneBy: z.enum(['borrower', 'lender']) }),
  lateCharge: centavos,
  penaltyDailyPpm: ppmDay,
  extensionFeeBp: bp,
  extensionDays: z.number().int().min(1).max(60),
  limits: z.strictObject({ firstLoan: centavos, repeatLoan: centavos, homeScreen: centavos }),
  waiverApprovalThreshold: centavos,
});
export type ProductSettings = z.infer<typeof productSettings>;

export const capWorstCaseView = z.object({
  cap: z.enum(CAP_NAMES),
  /** null when not a finite number (a loan whose fees eat the whole principal) */
  value: z.number().nullable(),
  limit: z.number(),
  unit: z.enum(['ppmMonth', 'ratioMonth', 'bp', 'centavos']),
  principal: z.string().nullable(),
  termDays: z.number().int().nullable(),
  within: z.boolean(),
});
export type CapWorstCaseView = z.infer<typeof capWorstCaseView>;

export const productChangeView = z.object({
  id: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  /** the version in force when it was drafted: approving is refused once another is in force */
  baseVersion: z.number().int(),
  /** the version its approval created */
  version: z.number().int().nullable(),
  config: productSettings,
  reason: z.string(),
  decisionReason: z.string().nullable(),
  makerId: z.string(),
  makerEmail: z.string(),
  checkerId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  worstCases: z.array(capWorstCaseView),
});
export type ProductChangeView = z.infer<typeof productChangeView>;

export const productPageResponse = z.object({
  active: z.object({
    version: z.number().int(),
    createdAt: z.string().nullable(),
    createdBy: z.string(),
    config: productSettings,
    worstCases: z.array(capWorstCaseView),
  }),
  /** pending first, then the latest decided */
  changes: z.array(productChangeView),
});
export type ProductPageResponse = z.infer<typeof productPageResponse>;

export const productChangeRequest = z.object({
  requestKey: z.uuid({ error: 'IDEMPOTENCY_KEY_MISSING' }),
  baseVersion: z.number().int().min(1),
  config: productSettings,
  reason,
});
export type ProductChangeRequest = z.infer<typeof productChangeRequest>;

export const productChangeRejectRequest = z.object({ reason });

/** The settings as a product configuration (bigint centavos) under a version number. */
export function settingsToProduct(version: number, s: ProductSettings): ProductConfig {
  return {
    version,
    amount: { min: BigInt(s.amount.min), max: BigInt(s.amount.max), step: BigInt(s.amount.step) },
    termDays: [...s.termDays],
    dailyInterestPpm: s.dailyInterestPpm,
    serviceFeeBp: s.serviceFeeBp,
    creditReportingFee: BigInt(s.creditReportingFee),
    taxRateBp: s.taxRateBp,
    taxBase: s.taxBase,
    dst: { borneBy: s.dst.borneBy },
    lateCharge: BigInt(s.lateCharge),
    penaltyDailyPpm: s.penaltyDailyPpm,
    extensionFeeBp: s.extensionFeeBp,
    extensionDays: s.extensionDays,
    limits: {
      firstLoan: BigInt(s.limits.firstLoan),
      repeatLoan: BigInt(s.limits.repeatLoan),
      homeScreen: BigInt(s.limits.homeScreen),
    },
    waiverApprovalThreshold: BigInt(s.waiverApprovalThreshold),
  };
}

/** A product configuration as the console's settings (what a draft starts from). */
export function productToSettings(p: ProductConfig): ProductSettings {
  return {
    amount: { min: String(p.amount.min), max: String(p.amount.max), step: String(p.amount.step) },
    termDays: [...p.termDays],
    dailyInterestPpm: p.dailyInterestPpm,
    serviceFeeBp: p.serviceFeeBp,
    creditReportingFee: String(p.creditReportingFee),
    taxRateBp: p.taxRateBp,
    taxBase: p.taxBase,
    dst: { borneBy: p.dst.borneBy },
    lateCharge: String(p.lateCharge),
    penaltyDailyPpm: p.penaltyDailyPpm,
    extensionFeeBp: p.extensionFeeBp,
    extensionDays: p.extensionDays,
    limits: {
      firstLoan: String(p.limits.firstLoan),
      repeatLoan: String(p.limits.repeatLoan),
      homeScreen: String(p.limits.homeScreen),
    },
    waiverApprovalThreshold: String(p.waiverApprovalThreshold ?? DEFAULT_WAIVER_APPROVAL_THRESHOLD),
  };
}

export function worstCaseView(w: CapWorstCase): CapWorstCaseView {
  return {
    cap: w.cap,
    value: Number.isFinite(w.value) ? w.value : null,
    limit: w.limit,
    unit: w.unit,
    principal: w.principal === null ? null : String(w.principal),
    termDays: w.termDays,
    within: w.within,
  };
}
