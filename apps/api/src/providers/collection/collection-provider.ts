import {
  COLLECTION_CHANNELS as DOMAIN_CHANNELS,
  REPAYMENT_PARTNERS,
  type Centavos,
  type CollectionChannel,
} from '@pisonow/domain';

export type { CollectionChannel };

/**
 * Collects a repayment (or an extension fee) from the borrower (ST-02, VAL-15, BE-05): an e-wallet
 * checkout the borrower is redirected to, a bank transfer to a reference account, or a payment code
 * paid in cash over the counter. Implementations: the in-process sandbox simulator (default) and
 * Xendit. The idempotency key is ours and goes to the provider, so a retried `create` can never open
 * two collections for one attempt.
 *
 * Money arrives only through `verifyWebhook`: `create` never means "paid".
 */

/** How the borrower pays (the list lives in the domain, with the Repay page's partners). */
export const COLLECTION_CHANNELS: readonly CollectionChannel[] = DOMAIN_CHANNELS;

export interface CollectionRequest {
  /** ours, stable per attempt (e.g. the collection id): the same key always gets the same collection */
  idempotencyKey: string;
  /** our collection id; the provider echoes it in every webhook about this collection */
  referenceId: string;
  channel: CollectionChannel;
  /** our code from COLLECTION_OPTIONS (GCASH, MAYA, BANK_TRANSFER, 7ELEVEN, CEBUANA, …) */
  providerCode: string;
  /** the exact amount due at this moment, in centavos (never a float); the payer is asked for exactly this */
  amount: Centavos;
  /** the borrower's name as on the loan (OTC cashiers and some e-wallets show it) */
  payerName: string;
  /** the borrower's mobile number, 09XXXXXXXXX or +639XXXXXXXXX, when the channel can use it */
  mobileNumber?: string | undefined;
  /** after this instant the collection cannot be paid (providers may cut it shorter: see instructions.expiresAt) */
  expiresAt: Date;
  /** e-wallet: where the provider sends the borrower back after paying (absolute https URL in production) */
  successReturnUrl: string;
  /** e-wallet: where the provider sends the borrower back after cancelling or failing */
  failureReturnUrl: string;
  /** shown by the provider where it shows one (e.g. "PisoNow loan repayment") */
  description: string;
}

interface InstructionsBase {
  /** the provider's id of this collection; webhooks carry it */
  providerCollectionId: string;
  providerCode: string;
  /** the exact amount the borrower must pay */
  amount: Centavos;
  /** when the instructions stop working (the provider's, when it sets a shorter one than requested) */
  expiresAt: Date;
}

/** What the "Repay" page shows or does, per channel. */
export type CollectionInstructions =
  | (InstructionsBase & {
      channel: 'ewallet';
      /** redirect the borrower here (the provider's checkout, or in sandbox our /sandbox/checkout/<id> page) */
      checkoutUrl: string;
    })
  | (InstructionsBase & {
      channel: 'bank_transfer';
      /** the receiving bank the borrower selects in their banking app (InstaPay / PESONet) */
      bankName: string;
      /** a virtual account number unique to this collection: it is also the payment reference */
      bankAccountNumber: string;
      /** the account name the borrower's bank app will display */
      bankAccountName: string;
    })
  | (InstructionsBase & {
      channel: 'otc';
      /** the code the borrower shows or tells the cashier */
      paymentCode: string;
    });

export type CollectionState = 'paid' | 'expired' | 'failed';

interface EventBase {
  /**
   * The dedupe key of this event: the same event delivered again (a provider retry, a replay) has the
   * same id; a second, different payment of the same collection has another. Unique per provider.
   */
  providerEventId: string;
  providerCollectionId: string;
  /** our collection id (CollectionRequest.referenceId) */
  referenceId: string;
}

/** A collection's outcome reported by the provider's webhook, after its authenticity was checked. */
export type CollectionEvent =
  | (EventBase & {
      state: 'paid';
      /** what the payer actually paid, exactly; may differ from the amount requested (it goes to suspense then) */
      amountPaid: Centavos;
      /** the instant the payer paid, from the provider's payload, never the time we received it (BE-10) */
      paidAt: Date;
      /** the receipt or network reference the borrower can quote (receipt on /repaidDetail) */
      channelReference?: string | undefined;
    })
  | (EventBase & {
      state: 'expired' | 'failed';
      /** the provider's reason, for failures (USER_DECLINED_PAYMENT, INSUFFICIENT_BALANCE, …) */
      failureCode?: string | undefined;
    });

/** Request headers as Node and Fastify give them (names lower-case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface CollectionProvider {
  readonly name: string;
  /** whether this provider can collect through that channel and code (the Repay page lists only these) */
  supports(channel: CollectionChannel, providerCode: string): boolean;
  /**
   * The amounts the partner takes through this provider, in centavos, when it has limits (Xendit
   * documents ₱50 to ₱50,000 for 7-Eleven): an amount outside them is refused before asking the
   * provider, with the limits in the borrower's language, instead of failing at the provider.
   */
  amountLimits(channel: CollectionChannel, providerCode: string): { min: Centavos; max: Centavos } | null;
  /** opens a collection; throws CollectionSendError (CollectionChannelUnsupportedError for what it cannot do) */
  create(request: CollectionRequest): Promise<CollectionInstructions>;
  /**
   * Checks the webhook's authenticity against the raw body exactly as received (signature or token,
   * constant-time; signed timestamps within tolerance of `receivedAt`) and normalizes it. Null when
   * it is forged, stale, malformed, or not about a collection; `isAuthentic` tells these apart.
   */
  verifyWebhook(headers: WebhookHeaders, rawBody: string, receivedAt: Date): CollectionEvent | null;
  /**
   * The normalizing half of `verifyWebhook` alone, for a body already found authentic when it was
   * received and stored since (provider_webhooks.body): the console re-reads the payer's paid-at
   * of money naming no borrower when finance assigns it (BE-10), rather than keeping a copy of it.
   * Never for a body just received: that is `verifyWebhook`'s, authenticity first.
   */
  readStoredWebhook(rawBody: string): CollectionEvent | null;
  /**
   * The authenticity check alone. A delivery that is authentic but that `verifyWebhook` cannot read
   * (a kind or status we do not act on, a field in a shape we do not expect) is recorded and
   * answered 2xx: answered 401 like a forgery, the provider would deliver it again for a day and
   * then drop it, leaving no trace of it with us.
   */
  isAuthentic(headers: WebhookHeaders, rawBody: string, receivedAt: Date): boolean;
}

/** The provider refused or could not be reached; `retryable` says whether trying again can help. */
export class CollectionSendError extends Error {
  readonly retryable: boolean;
  /** the provider's error or failure code when it gave one */
  readonly providerCode: string | undefined;
  constructor(message: string, retryable: boolean, providerCode?: string) {
    super(message);
    this.name = 'CollectionSendError';
    this.retryable = retryable;
    this.providerCode = providerCode;
  }
}

/** The configured provider cannot collect through this channel or code: offer another, never retry. */
export class CollectionChannelUnsupportedError extends CollectionSendError {
  constructor(provider: string, channel: CollectionChannel, providerCode: string) {
    super(`${provider} cannot collect through ${channel} ${providerCode}`, false);
    this.name = 'CollectionChannelUnsupportedError';
  }
}

export interface CollectionOption {
  channel: CollectionChannel;
  /** our code, as in CollectionRequest.providerCode */
  providerCode: string;
  /** the name the Repay page shows */
  displayName: string;
}

/**
 * Every way to repay that we know of, in the order the Repay page lists them. Codes are ours (the
 * e-wallet codes match the payout list); each adapter maps them to its provider's own codes and
 * answers `supports()` for the ones it can do. The list itself is the domain's REPAYMENT_PARTNERS.
 */
export const COLLECTION_OPTIONS: readonly CollectionOption[] = REPAYMENT_PARTNERS.map((p) => ({
  channel: p.channel,
  providerCode: p.providerCode,
  displayName: p.name,
}));

export function collectionOption(
  channel: CollectionChannel,
  providerCode: string,
): CollectionOption | undefined {
  return COLLECTION_OPTIONS.find((o) => o.channel === channel && o.providerCode === providerCode);
}

/** The options a provider can actually do, for the Repay page. */
export function collectionOptionsFor(provider: Pick<CollectionProvider, 'supports'>): CollectionOption[] {
  return COLLECTION_OPTIONS.filter((o) => provider.supports(o.channel, o.providerCode));
}

/** One header value (the first if repeated), or undefined. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
