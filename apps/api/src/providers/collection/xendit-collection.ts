import { timingSafeEqual } from 'node:crypto';
import type { Centavos } from '@pisonow/domain';
import { pesoDecimal } from '../payout/xendit-payout.ts';
import {
  CollectionChannelUnsupportedError,
  CollectionSendError,
  headerValue,
  type CollectionChannel,
  type CollectionEvent,
  type CollectionInstructions,
  type CollectionProvider,
  type CollectionRequest,
  type WebhookHeaders,
} from './collection-provider.ts';
import { centavosFromPesos, instant, parseJsonExact } from './exact-amount.ts';

/**
 * Xendit Payments API v3 (`POST /v3/payment_requests`, type PAY) for Philippine collections.
 *
 * Documented behaviour this adapter models (Xendit docs, as published 2025-2026):
 * - Create a payment request: https://docs.xendit.co/apidocs/create-payment-request
 *   Basic auth with the secret key (`<key>:`), header `api-version: 2024-11-11`, our
 *   `idempotency-key`; body `reference_id`, `type: "PAY"`, `country: "PH"`, `currency: "PHP"`,
 *   `request_amount` (a number, in pesos: we write the exact decimal literal `977.30`, never a float),
 *   `channel_code`, `channel_properties`, `description`, `metadata`. Answer 201 with
 *   `payment_request_id`, `status` (REQUIRES_ACTION, …, FAILED) and `actions[]` of
 *   `{ type: REDIRECT_CUSTOMER | PRESENT_TO_CUSTOMER, descriptor: WEB_URL | DEEPLINK_URL |
 *   PAYMENT_CODE | VIRTUAL_ACCOUNT_NUMBER | QR_STRING, value }`. Errors `{ error_code, message }`:
 *   400 API_VALIDATION_ERROR / INVALID_VALUE_ERROR, 401 INVALID_API_KEY, 403, 409, 500 SERVER_ERROR,
 *   503 CHANNEL_UNAVAILABLE / ISSUER_UNAVAILABLE.
 * - Channels (https://docs.xendit.co/docs/gcash, /7-eleven, /cebuana, /palawan, /lbc, /ecpay,
 *   /bank-transfer): e-wallets GCASH, PAYMAYA, GRABPAY, SHOPEEPAY redirect the payer (REDIRECT_CUSTOMER,
 *   `success_return_url` / `failure_return_url` / `cancel_return_url`, https only; GCash requests live
 *   15 minutes); over-the-counter 7ELEVEN, CEBUANA, PALAWAN, LBC, ECPAY present a payment code;
 *   BANK_TRANSFER presents a virtual account number at Asia United Bank, payable by InstaPay / PESONet
 *   from any bank or e-wallet. M Lhuillier is not a documented Xendit PH collection channel: refused.
 *   The OTC / bank-transfer `channel_properties` (`payer_name`, `expires_at`, `display_name`) come from
 *   Xendit's Channel Data Finder widget, which the published pages only embed: confirm them in test
 *   mode before going live.
 * - Webhooks (https://docs.xendit.co/apidocs/payment-webhook-notification,
 *   https://docs.xendit.co/docs/payments-api-webhooks,
 *   https://docs.xendit.co/docs/handling-webhooks): authenticated ONLY by the `x-callback-token`
 *   header equal to the dashboard's webhook verification token (no body signature, no signed
 *   timestamp, so there is no tolerance to check and a replayed delivery is indistinguishable from a
 *   retry: dedupe by event id). Events `payment.capture` (status SUCCEEDED, `captures[]` with
 *   `capture_amount` and `capture_timestamp`, `payment_details.receipt_id`), `payment.failure`
 *   (`failure_code`), and `payment_request.expiry` (documented as an event name; its body is taken to
 *   be the payment request object with status EXPIRED, as the other events carry their object).
 *   Xendit warns that expiry can race a capture: a `paid` after `expired` is still money received.
 *   Xendit says `payment_id` and `capture_id` identify unique events; retries repeat the same body.
 */

export interface XenditCollectionOptions {
  /** a secret key with Money-in write permission */
  secretKey: string;
  /** the webhook verification token from Xendit's dashboard */
  callbackToken: string;
  /** https://api.xendit.co (tests point it at a local fake) */
  baseUrl: string;
  /** the account name the borrower's bank shows for a bank transfer (our company name) */
  displayName: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const XENDIT_API_VERSION = '2024-11-11';

/** Our codes → Xendit v3 channel codes, per channel. What is missing here is unsupported. */
export const XENDIT_COLLECTION_CHANNELS: Readonly<
  Record<CollectionChannel, Readonly<Record<string, string>>>
> = {
  ewallet: { GCASH: 'GCASH', MAYA: 'PAYMAYA', GRABPAY: 'GRABPAY', SHOPEEPAY: 'SHOPEEPAY' },
  bank_transfer: { BANK_TRANSFER: 'BANK_TRANSFER' },
  otc: { '7ELEVEN': '7ELEVEN', CEBUANA: 'CEBUANA', PALAWAN: 'PALAWAN', LBC: 'LBC', ECPAY: 'ECPAY' },
};

/**
 * What each over-the-counter partner takes through Xendit, in centavos (the channel pages' "Min
 * Amount" and "Max Amount": https://docs.xendit.co/docs/7-eleven, /cebuana, /palawan, /lbc, /ecpay).
 * A ₱20 extension fee asked of 7-Eleven was refused by Xendit and reached the borrower as
 * COLLECTION_FAILED. E-wallets and bank transfers document no limit that a loan here can reach.
 */
const XENDIT_AMOUNT_LIMITS: Readonly<Record<string, { min: Centavos; max: Centavos }>> = {
  '7ELEVEN': { min: 5_000n, max: 5_000_000n },
  CEBUANA: { min: 100n, max: 3_000_000n },
  PALAWAN: { min: 5_000n, max: 2_000_000n },
  LBC: { min: 5_000n, max: 20_000_000n },
  ECPAY: { min: 100n, max: 5_000_000n },
};

/** The bank a Xendit PH virtual account lives at (docs: "Select Asia United Bank (AUB) as the recipient bank"). */
export const XENDIT_BANK_TRANSFER_BANK = 'Asia United Bank (AUB)';

interface Action {
  type?: unknown;
  descriptor?: unknown;
  value?: unknown;
}

export class XenditCollectionProvider implements CollectionProvider {
  readonly name = 'xendit';
  readonly #o: XenditCollectionOptions;
  constructor(options: XenditCollectionOptions) {
    this.#o = options;
  }

  supports(channel: CollectionChannel, providerCode: string): boolean {
    return XENDIT_COLLECTION_CHANNELS[channel]?.[providerCode] !== undefined;
  }

  amountLimits(channel: CollectionChannel, providerCode: string): { min: Centavos; max: Centavos } | null {
    return channel === 'otc' ? (XENDIT_AMOUNT_LIMITS[providerCode] ?? null) : null;
  }

  async create(request: CollectionRequest): Promise<CollectionInstructions> {
    const channelCode = XENDIT_COLLECTION_CHANNELS[request.channel]?.[request.providerCode];
    if (!channelCode)
      throw new CollectionChannelUnsupportedError(this.name, request.channel, request.providerCode);
    if (request.amount <= 0n)
      throw new CollectionSendError('the amount must be positive', false, 'INVALID_AMOUNT');

    let channelProperties: Record<string, string>;
    if (request.channel === 'ewallet') {
      channelProperties = {
        success_return_url: request.successReturnUrl,
        failure_return_url: request.failureReturnUrl,
        cancel_return_url: request.failureReturnUrl,
      };
    } else if (request.channel === 'otc') {
      channelProperties = { payer_name: request.payerName, expires_at: request.expiresAt.toISOString() };
    } else {
      channelProperties = { display_name: this.#o.displayName, expires_at: request.expiresAt.toISOString() };
    }
    const payload = JSON.stringify({
      reference_id: request.referenceId,
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: '__AMOUNT__',
      capture_method: 'AUTOMATIC',
      channel_code: channelCode,
      channel_properties: channelProperties,
      description: request.description,
      metadata: { collection_id: request.referenceId },
    }).replace('"__AMOUNT__"', pesoDecimal(request.amount));

    let response: Response;
    try {
      response = await (this.#o.fetch ?? fetch)(`${this.#o.baseUrl.replace(/\/$/, '')}/v3/payment_requests`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.#o.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
          'api-version': XENDIT_API_VERSION,
          'idempotency-key': request.idempotencyKey,
        },
        body: payload,
        signal: AbortSignal.timeout(this.#o.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new CollectionSendError(`xendit unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      // A 2xx we cannot read may still have created the request: the same idempotency key makes a retry safe.
      throw new CollectionSendError(
        `xendit answered ${response.status} with something that is not a JSON object`,
        response.ok || response.status >= 500,
      );
    }
    if (!response.ok) {
      const code = typeof body.error_code === 'string' ? body.error_code : undefined;
      // 401 INVALID_API_KEY, 400 validation, 403 settings, 409 idempotency key reused with another body: our side to fix.
      throw new CollectionSendError(
        `xendit refused: ${response.status} ${code ?? ''}`.trim(),
        response.status === 429 || response.status >= 500,
        code,
      );
    }
    const id = body.payment_request_id ?? body.id;
    if (typeof id !== 'string' || !id)
      throw new CollectionSendError('xendit answered without a payment_request_id', false);
    if (body.status === 'FAILED' || body.status === 'CANCELED' || body.status === 'EXPIRED') {
      const code = typeof body.failure_code === 'string' ? body.failure_code : String(body.status);
      throw new CollectionSendError(`xendit payment request ${id} is ${String(body.status)}`, false, code);
    }
    const actions: Action[] = Array.isArray(body.actions) ? (body.actions as Action[]) : [];
    const action = (type: string, descriptors: string[]) => {
      for (const d of descriptors) {
        const found = actions.find(
          (a) => a.type === type && a.descriptor === d && typeof a.value === 'string' && a.value,
        );
        if (found) return found.value as string;
      }
      return undefined;
    };
    const props = (body.channel_properties ?? {}) as Record<string, unknown>;
    const providerExpiry = instant(props.expires_at);
    const expiresAt =
      providerExpiry && providerExpiry < request.expiresAt ? providerExpiry : request.expiresAt;
    const base = {
      providerCollectionId: id,
      providerCode: request.providerCode,
      amount: request.amount,
      expiresAt,
    };

    if (request.channel === 'ewallet') {
      const checkoutUrl = action('REDIRECT_CUSTOMER', ['WEB_URL', 'DEEPLINK_URL']);
      if (!checkoutUrl) throw new CollectionSendError(`xendit gave no checkout URL for ${id}`, false);
      return { ...base, channel: 'ewallet', checkoutUrl };
    }
    if (request.channel === 'otc') {
      const paymentCode = action('PRESENT_TO_CUSTOMER', ['PAYMENT_CODE']);
      if (!paymentCode) throw new CollectionSendError(`xendit gave no payment code for ${id}`, false);
      return { ...base, channel: 'otc', paymentCode };
    }
    const bankAccountNumber = action('PRESENT_TO_CUSTOMER', ['VIRTUAL_ACCOUNT_NUMBER']);
    if (!bankAccountNumber)
      throw new CollectionSendError(`xendit gave no virtual account number for ${id}`, false);
    return {
      ...base,
      channel: 'bank_transfer',
      bankName: XENDIT_BANK_TRANSFER_BANK,
      bankAccountNumber,
      bankAccountName: this.#o.displayName,
    };
  }

  isAuthentic(headers: WebhookHeaders, _rawBody: string, _receivedAt: Date): boolean {
    // Xendit signs nothing with a timestamp: the static token is its only authenticity check (see above).
    const token = headerValue(headers, 'x-callback-token');
    if (typeof token !== 'string') return false;
    const a = Buffer.from(token);
    const b = Buffer.from(this.#o.callbackToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  verifyWebhook(headers: WebhookHeaders, rawBody: string, receivedAt: Date): CollectionEvent | null {
    if (!this.isAuthentic(headers, rawBody, receivedAt)) return null;
    return this.readStoredWebhook(rawBody);
  }

  readStoredWebhook(rawBody: string): CollectionEvent | null {
    let parsed: unknown;
    try {
      parsed = parseJsonExact(rawBody);
    } catch {
      return null;
    }
    const event = parsed as { event?: unknown; data?: Record<string, unknown> } | null;
    const d = event?.data;
    if (!event || typeof event.event !== 'string' || !d || typeof d !== 'object') return null;
    if (d.currency !== undefined && d.currency !== 'PHP') return null;
    const providerCollectionId = d.payment_request_id;
    const referenceId = d.reference_id;
    if (
      typeof providerCollectionId !== 'string' ||
      !providerCollectionId ||
      typeof referenceId !== 'string' ||
      !referenceId
    )
      return null;

    if (event.event === 'payment.capture') {
      if (d.status !== 'SUCCEEDED' || typeof d.payment_id !== 'string' || !d.payment_id) return null;
      const captures = Array.isArray(d.captures) ? (d.captures as Record<string, unknown>[]) : [];
      // The capture timestamp is the payer's moment (BE-10); the payment's `updated` is the fallback,
      // never our receipt time. A capture without a readable time is dated by `updated` too: refused,
      // the authentic payment was stored unread and the borrower's money never booked.
      const updated = instant(d.updated);
      let amountPaid = 0n;
      let paidAt: Date | null = null;
      for (const c of captures) {
        const amount = centavosFromPesos(c?.capture_amount);
        if (amount === null) return null;
        amountPaid += amount;
        const at = instant(c?.capture_timestamp) ?? updated;
        if (at && (!paidAt || at > paidAt)) paidAt = at;
      }
      if (captures.length === 0) {
        const amount = centavosFromPesos(d.request_amount);
        if (amount === null) return null;
        amountPaid = amount;
      }
      paidAt ??= updated;
      if (amountPaid <= 0n || !paidAt) return null;
      const details = (d.payment_details ?? {}) as Record<string, unknown>;
      const captureIds = captures.map((c) => c.capture_id).filter((x): x is string => typeof x === 'string');
      return {
        providerEventId: `xendit:payment.capture:${d.payment_id}${captureIds.length ? `:${captureIds.join('+')}` : ''}`,
        providerCollectionId,
        referenceId,
        state: 'paid',
        amountPaid,
        paidAt,
        channelReference:
          typeof details.receipt_id === 'string' && details.receipt_id ? details.receipt_id : d.payment_id,
      };
    }
    if (event.event === 'payment.failure') {
      if (d.status !== 'FAILED' || typeof d.payment_id !== 'string' || !d.payment_id) return null;
      return {
        providerEventId: `xendit:payment.failure:${d.payment_id}`,
        providerCollectionId,
        referenceId,
        state: 'failed',
        failureCode: typeof d.failure_code === 'string' ? d.failure_code : undefined,
      };
    }
    if (event.event === 'payment_request.expiry') {
      if (d.status !== 'EXPIRED') return null;
      return {
        providerEventId: `xendit:payment_request.expiry:${providerCollectionId}`,
        providerCollectionId,
        referenceId,
        state: 'expired',
      };
    }
    return null;
  }
}
