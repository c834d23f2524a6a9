import { asc, eq } from 'drizzle-orm';
import {
  EASY_RELOAN_ACTIVATION_VOUCHER,
  EASY_RELOAN_AGREEMENT_VERSION,
  EASY_RELOAN_DISCOUNT,
  canSwitchOff,
  easyReloanNeedsAgreement,
  easyReloanReward,
  type EasyReloanViewResponse,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { easyReloanRewards } from '../../db/schema/index.ts';
import { loadEasyReloanReadOnly } from './easy-reloan-record.ts';

/** The borrower's own Easy Re-loan page: the switch, where they stand on the ladder, what they earned. */
export async function getEasyReloan(
  ctx: { db: Db | Tx },
  input: { customerId: string },
): Promise<EasyReloanViewResponse> {
  const state = await loadEasyReloanReadOnly(ctx.db, input.customerId);
  const rewards = await ctx.db
    .select()
    .from(easyReloanRewards)
    .where(eq(easyReloanRewards.customerId, input.customerId))
    .orderBy(asc(easyReloanRewards.grantedAt), asc(easyReloanRewards.rung));
  return {
    enabled: state.enabled,
    agreementVersion: EASY_RELOAN_AGREEMENT_VERSION,
    agreedVersion: state.agreementVersion,
    needsAgreement: easyReloanNeedsAgreement(state),
    activationVoucher: state.activationVoucher,
    canSwitchOff: canSwitchOff(state),
    autoDisbursements: state.autoDisbursements,
    streak: state.streak,
    nextReward: easyReloanReward(state.streak + 1).toString(),
    reloanDiscount: EASY_RELOAN_DISCOUNT.toString(),
    activationVoucherAmount: EASY_RELOAN_ACTIVATION_VOUCHER.toString(),
    rewards: rewards.map((r) => ({
      rung: r.rung,
      kind: r.kind as 'activation' | 'reward',
      amount: r.amount.toString(),
      orderId: r.orderId,
      grantedAt: r.grantedAt.toISOString(),
    })),
  };
}
