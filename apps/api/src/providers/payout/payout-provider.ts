import type { Centavos, PayoutChannel } from '@pisonow/domain';

/**
 * Sends a loan's net proceeds to the borrower (BE-05): bank (InstaPay/PESONet), e-wallet, or a
 * remittance pickup with a claim code. Implementations: the in-process sandbox simulator (default)
 * and Xendit. The idempotency key is ours and goes to the provider, so a retried request can never
 * pay twice.
 */
export interface PayoutRequest {
  idempotencyKey: string;
  /** our payout id, echoed back in callbacks */
  referenceId: string;
  channel: PayoutChannel;
  /** our provider code (GCASH, BDO, CEBUANA, …) */
  providerCode: string;
  accountNumber?: string | undefined;
  accountHolderName: string;
  amount: Centavos;
  description: string;
}

export type PayoutState = 'accepted' | 'succeeded' | 'failed' | 'reversed';

export interface PayoutResult {
  providerPayoutId: string;
  state: PayoutState;
  failureCode?: string | undefined;
  /** remittance pickup: what the borrower shows at the counter */
  claimCode?: string | undefined;
}

/** A status change reported by the provider's webhook, after its authenticity was checked. */
export interface PayoutCallback {
  /**
   * The provider's id of this event, the same on every delivery of it (retries, a resend from the
   * dashboard): the webhook is recorded once by it (provider_webhooks), in the transaction that
   * applies it. Neither provider's payout webhook carries one, so each adapter derives it from the
   * documented fields that name the event: the payout and the status it reached (docs/servicing.md).
   */
  providerEventId: string;
  providerPayoutId: string;
  referenceId: string;
  state: Exclude<PayoutState, 'accepted'>;
  failureCode?: string | undefined;
  /** the network reference (the specification's UTR) */
  networkReference?: string | undefined;
}

export interface PayoutProvider {
  readonly name: string;
  send(request: PayoutRequest): Promise<PayoutResult>;
  /** null when the callback is not authentic or not about a payout; `isAuthentic` tells these apart */
  verifyCallback(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): PayoutCallback | null;
  /**
   * The authenticity check alone: an authentic callback that `verifyCallback` cannot read (a status
   * we do not act on) is recorded and answered 2xx, not refused like a forgery (the provider would
   * deliver it again for a day, then drop it).
   */
  isAuthentic(headers: Record<string, string | string[] | undefined>, body: unknown): boolean;
}

/**
 * VAL-14: the provider checked the payee name against the account holder and they differ; the
 * borrower must correct the account details ("Bank card info incorrect"), other failures mean the
 * account cannot receive money ("Wallet or bank info invalid").
 */
export const NAME_MISMATCH_CODES = new Set([
  'ACCOUNT_NAME_MISMATCH',
  'INVALID_ACCOUNT_HOLDER_NAME',
  'RECIPIENT_ACCOUNT_NAME_MISMATCH',
]);

/** The provider refused or could not be reached; `retryable` says whether trying again can help. */
export class PayoutSendError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'PayoutSendError';
    this.retryable = retryable;
  }
}
