import { z } from 'zod';
import { centavosString } from './lending.ts';

/**
 * Easy Re-loan contracts (ST-08, ST-09, VAL-12), shared by the server and the web app. The rules
 * live in engagement/easy-reloan.ts; these are the shapes on the wire.
 */
export const ACTIVATION_VOUCHER_STATES = ['none', 'usable', 'used', 'forfeited'] as const;

export const easyReloanRewardView = z.object({
  /** 0 for the activation voucher, else the rung of the ladder it was earned on */
  rung: z.number().int().min(0),
  kind: z.enum(['activation', 'reward']),
  amount: centavosString,
  /** the automatic re-loan that earned it; null for the activation voucher */
  orderId: z.uuid().nullable(),
  grantedAt: z.string(),
});
export type EasyReloanRewardView = z.infer<typeof easyReloanRewardView>;

export const easyReloanViewResponse = z.object({
  enabled: z.boolean(),
  /** the agreement in force; switching on needs this version agreed */
  agreementVersion: z.string(),
  /** the version the borrower agreed to, if any */
  agreedVersion: z.string().nullable(),
  /**
   * switched on under an agreement version no longer in force: nothing is booked automatically
   * (each settled loan is a miss) until the borrower agrees to `agreementVersion` again
   */
  needsAgreement: z.boolean(),
  activationVoucher: z.enum(ACTIVATION_VOUCHER_STATES),
  /** false while a used activation voucher has not been earned by an automatic re-loan (ST-08) */
  canSwitchOff: z.boolean(),
  autoDisbursements: z.number().int().min(0),
  streak: z.number().int().min(0),
  /** what the next automatic disbursement earns (ST-09) */
  nextReward: centavosString,
  /** the ₱50 discount each automatic re-loan gets */
  reloanDiscount: centavosString,
  activationVoucherAmount: centavosString,
  rewards: z.array(easyReloanRewardView),
});
export type EasyReloanViewResponse = z.infer<typeof easyReloanViewResponse>;

export const switchEasyReloanRequest = z.object({
  on: z.boolean(),
  /** switching on: the agreement version the borrower read and agreed to (VAL-12) */
  agreedVersion: z.string().max(32).nullable().optional(),
});
export type SwitchEasyReloanRequest = z.infer<typeof switchEasyReloanRequest>;

export const easyReloanAgreementResponse = z.object({
  version: z.string(),
  html: z.string(),
});
export type EasyReloanAgreementResponse = z.infer<typeof easyReloanAgreementResponse>;
