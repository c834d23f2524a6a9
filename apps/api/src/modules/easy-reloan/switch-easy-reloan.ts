import {
  EASY_RELOAN_AGREEMENT_VERSION,
  type EasyReloanViewResponse,
  type Locale,
  type SwitchEasyReloanRequest,
} from '@pisonow/domain';
import { AppError } from '../../lib/app-error.ts';
import type { EasyReloanContext } from './easy-reloan-context.ts';
import { applyEasyReloan } from './easy-reloan-record.ts';
import { getEasyReloan } from './get-easy-reloan.ts';

/**
 * The borrower switches Easy Re-loan on (having agreed to the agreement in force, VAL-12) or off
 * (ST-08). The domain decides; the new state, its history and any voucher granted or forfeited are
 * written in one transaction with the borrower's row locked, so a double tap grants one voucher.
 * Switching to the state it is already in changes nothing and answers the same view.
 */
export async function switchEasyReloan(
  ctx: EasyReloanContext,
  input: { customerId: string; request: SwitchEasyReloanRequest; locale: Locale },
): Promise<EasyReloanViewResponse> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const outcome = await applyEasyReloan(tx, {
      customerId: input.customerId,
      now,
      locale: input.locale,
      event: input.request.on
        ? {
            type: 'switch_on',
            agreedVersion: input.request.agreedVersion ?? null,
            currentAgreementVersion: EASY_RELOAN_AGREEMENT_VERSION,
          }
        : { type: 'switch_off' },
    });
    if (!outcome.ok) throw new AppError(outcome.code);
    return getEasyReloan({ db: tx }, { customerId: input.customerId });
  });
}
