import { timingSafeEqual } from 'node:crypto';
import type {
  PayoutCallback,
  PayoutProvider,
  PayoutRequest,
  PayoutResult,
  PayoutState,
} from './payout-provider.ts';
import { PayoutSendError } from './payout-provider.ts';

export interface XenditOptions {
  secretKey: string;
  /** the webhook verification token from Xendit's dashboard */
  callbackToken: string;
  /** https://api.xendit.co (tests point it at a local fake) */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Our provider codes → Xendit's Philippine channel codes. */
export const XENDIT_CHANNELS: Readonly<Record<string, string>> = {
  GCASH: 'PH_GCASH',
  MAYA: 'PH_PAYMAYA',
  GRABPAY: 'PH_GRABPAY',
  SHOPEEPAY: 'PH_SHOPEEPAY',
  COINSPH: 'PH_COINS',
  BDO: 'PH_BDO',
  BPI: 'PH_BPI',
  MBTC: 'PH_MET',
  LBP: 'PH_LBP',
  PNB: 'PH_PNB',
  SECB: 'PH_SEC',
  UBP: 'PH_UBP',
  RCBC: 'PH_RCBC',
  CBC: 'PH_CBC',
  EWB: 'PH_EWB',
  DBP: 'PH_DBP',
  AUB: 'PH_AUB',
  PSB: 'PH_PSB',
  GOTYME: 'PH_GOTYME',
  SEABANK: 'PH_SEABANK',
  CEBUANA: 'PH_CEBUANA',
  PALAWAN: 'PH_PALAWAN',
  MLHUILLIER: 'PH_MLHUILLIER',
};

const STATE: Record<string, PayoutState> = {
  ACCEPTED: 'accepted',
  REQUESTED: 'accepted',
  PENDING_COMPLIANCE_ASSESSMENT: 'accepted',
  READY: 'accepted',
  LOCKED: 'accepted',
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  COMPLIANCE_REJECTED: 'failed',
  CANCELLED: 'failed',
  EXPIRED: 'failed',
  REVERSED: 'reversed',
};

/** Centavos as the exact decimal Xendit expects for PHP (`97730` → `977.30`), never via a float. */
export function pesoDecimal(centavos: bigint): string {
  return `${centavos / 100n}.${(centavos % 100n).toString().padStart(2, '0')}`;
}

/**
 * Xendit Payouts v2 (`POST /v2/payouts`): basic auth with the secret key, our `Idempotency-key`
 * header, `reference_id` = our payout id. Webhooks are authenticated by the `x-callback-token`
 * header matching the dashboard's verification token; events payout.succeeded / payout.failed /
 * payout.reversed carry the payout object in `data`.
 */
export class XenditPayoutProvider implements PayoutProvider {
  readonly name = 'xendit';
  readonly #o: XenditOptions;
  constructor(options: XenditOptions) {
    this.#o = options;
  }

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const channelCode = XENDIT_CHANNELS[request.providerCode];
    if (!channelCode) throw new PayoutSendError(`no Xendit channel for ${request.providerCode}`, false);
    const channelProperties: Record<string, string> = { account_holder_name: request.accountHolderName };
    if (request.accountNumber) channelProperties.account_number = request.accountNumber;
    const payload = JSON.stringify({
      reference_id: request.referenceId,
      channel_code: channelCode,
      channel_properties: channelProperties,
      amount: '__AMOUNT__',
      currency: 'PHP',
      description: request.description,
    }).replace('"__AMOUNT__"', pesoDecimal(request.amount));
    let response: Response;
    try {
      response = await (this.#o.fetch ?? fetch)(`${this.#o.baseUrl.replace(/\/$/, '')}/v2/payouts`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.#o.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
          'idempotency-key': request.idempotencyKey,
        },
        body: payload,
        signal: AbortSignal.timeout(this.#o.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PayoutSendError(`xendit unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PayoutSendError(
        `xendit answered ${response.status} with something that is not JSON`,
        response.status >= 500,
      );
    }
    if (!response.ok) {
      // 409 DUPLICATE_ERROR from a reused key with another body is our bug, not retryable.
      throw new PayoutSendError(
        `xendit refused: ${response.status} ${String(body.error_code ?? '')}`,
        response.status === 429 || response.status >= 500,
      );
    }
    const state = STATE[String(body.status)];
    if (!state || typeof body.id !== 'string')
      throw new PayoutSendError(`xendit answered an unknown payout status ${String(body.status)}`, false);
    return {
      providerPayoutId: body.id,
      state,
      failureCode: typeof body.failure_code === 'string' ? body.failure_code : undefined,
    };
  }

  isAuthentic(headers: Record<string, string | string[] | undefined>, _body: unknown): boolean {
    const token = headers['x-callback-token'];
    if (typeof token !== 'string') return false;
    const a = Buffer.from(token);
    const b = Buffer.from(this.#o.callbackToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  verifyCallback(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): PayoutCallback | null {
    if (!this.isAuthentic(headers, body)) return null;
    const event = body as { event?: string; data?: Record<string, unknown> } | null;
    const data = event?.data;
    if (!data || typeof data.id !== 'string' || typeof data.reference_id !== 'string') return null;
    const state = STATE[String(data.status)];
    if (state !== 'succeeded' && state !== 'failed' && state !== 'reversed') return null;
    return {
      // Xendit's payout webhook carries no event id (its body is event, business_id, created and the
      // payout; its only header is the token). The payout's id and the status it reached name the
      // event: each is reached once, and a retry or a resend carries both unchanged.
      providerEventId: `xendit:payout:${data.id}:${String(data.status)}`,
      providerPayoutId: data.id,
      referenceId: data.reference_id,
      state,
      failureCode: typeof data.failure_code === 'string' ? data.failure_code : undefined,
      networkReference: typeof data.connector_reference === 'string' ? data.connector_reference : undefined,
    };
  }
}
