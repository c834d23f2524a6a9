import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Centavos } from '@pisonow/domain';
import { pesoDecimal } from '../payout/xendit-payout.ts';
import {
  CollectionChannelUnsupportedError,
  CollectionSendError,
  collectionOption,
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
 * SANDBOX collections: nothing leaves the machine, but the webhooks are real signed webhooks that go
 * through the same route, verification, dedupe and posting as a real provider's.
 *
 * create():
 *   e-wallet       → checkoutUrl `/sandbox/checkout/<providerCollectionId>` (our page with Pay and Cancel)
 *   bank transfer  → a 16-digit virtual account number at "Sandbox Bank", unique per collection
 *   over the counter → a payment code `<CODE>-XXXXXXXXXX`
 *   Bank transfers and payment codes are paid only through `simulate()` (there is no counter).
 *   The same idempotency key always gets the same instructions, as a real provider's would.
 *   Magic values, by the last four digits of the payer's mobile number:
 *     …0000 → refused (CollectionSendError, not retryable, CHANNEL_REFUSED)
 *     …1111 → provider unavailable (CollectionSendError, retryable, CHANNEL_UNAVAILABLE)
 *     anything else, or no number → instructions as above
 *   Nothing expires by itself: expire with simulate(id, 'expire') or let your own expiry job decide.
 *
 * simulate(providerCollectionId, outcome, { now, … }) → { headers, rawBody, providerEventId }, to be
 * injected into the real webhook route:
 *   'pay'           the exact amount requested, paid at `now`
 *   'pay_late'      the exact amount, paid at `paidAt` (the webhook arrives later than the payment: BE-10)
 *   'pay_different' `amount` paid at `now` (stale or wrong amount: goes to suspense)
 *   'expire'        the collection expired unpaid
 *   'fail'          the payer declined or the channel failed (`failureCode`, default USER_DECLINED_PAYMENT)
 * Each (collection, outcome, attempt) is one event with one providerEventId: simulating it again
 * returns the same event id and body, freshly signed (a provider retry / replay). `attempt: 2` makes
 * a second, distinct event, e.g. the same collection paid twice.
 *
 * Signature: header `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`,
 * refused when forged, tampered, or more than 5 minutes from the time of receipt.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export type SimulatedOutcome = 'pay' | 'pay_late' | 'pay_different' | 'expire' | 'fail';

export interface SandboxCollectionOptions {
  /** the HMAC-SHA256 key webhooks are signed and verified with (see sandboxCollectionWebhookSecret) */
  webhookSecret: Buffer | string;
  /** signed-timestamp tolerance; default 300 s */
  toleranceSeconds?: number;
  /** the checkout page's path prefix; default /sandbox/checkout */
  checkoutPath?: string;
  /** the account name shown for bank transfers; default "PisoNow (sandbox)" */
  accountName?: string;
}

/** The facts of a collection the sandbox needs to sign an event about it. */
export interface SandboxCollectionFacts {
  referenceId: string;
  amount: Centavos;
  channel: CollectionChannel;
  providerCode: string;
}

export interface SimulateOptions {
  /** the current instant from the injected clock: signed as the delivery time; paid-at for 'pay' and 'pay_different' */
  now: Date;
  /** 'pay_late': the instant the payer paid (required) */
  paidAt?: Date;
  /** 'pay_different': the amount paid, in centavos (required) */
  amount?: Centavos;
  /** 'fail': the failure code; default USER_DECLINED_PAYMENT */
  failureCode?: string;
  /** default 1; another number is another, distinct event of the same outcome */
  attempt?: number;
  /** the sandbox keeps collections in memory: after a restart, pass them from your table */
  collection?: SandboxCollectionFacts;
}

export interface SimulatedWebhook {
  headers: Record<string, string>;
  rawBody: string;
  providerEventId: string;
}

/**
 * The sandbox's webhook key: SANDBOX_COLLECTION_WEBHOOK_SECRET when set, otherwise derived from the
 * server's SECRET_KEY (HMAC-SHA256 with a fixed label). Derived rather than random so that it needs
 * no setup, survives restarts (the secret key is kept in DATA_DIR), differs per installation and is
 * never in the repository; the label keeps it separate from every other use of the secret key.
 */
export function sandboxCollectionWebhookSecret(
  configured: string | undefined,
  serverSecretKey: Buffer,
): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return createHmac('sha256', serverSecretKey).update('pisonow:sandbox-collection-webhook:v1').digest();
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

interface Stored {
  request: CollectionRequest;
  instructions: CollectionInstructions;
}

export class SandboxCollectionProvider implements CollectionProvider {
  readonly name = 'sandbox';
  readonly #secret: Buffer;
  readonly #toleranceMs: number;
  readonly #checkoutPath: string;
  readonly #accountName: string;
  readonly #byKey = new Map<string, Stored>();
  readonly #byId = new Map<string, Stored>();
  readonly #events = new Map<string, string>();

  constructor(options: SandboxCollectionOptions) {
    this.#secret =
      typeof options.webhookSecret === 'string'
        ? Buffer.from(options.webhookSecret, 'utf8')
        : options.webhookSecret;
    if (this.#secret.length < 16) throw new Error('the sandbox webhook secret must be at least 16 bytes');
    this.#toleranceMs = (options.toleranceSeconds ?? 300) * 1000;
    this.#checkoutPath = (options.checkoutPath ?? '/sandbox/checkout').replace(/\/$/, '');
    this.#accountName = options.accountName ?? 'PisoNow (sandbox)';
  }

  /** the simulator takes any amount (tests of small fees use it); the real adapters say theirs */
  amountLimits(): null {
    return null;
  }

  supports(channel: CollectionChannel, providerCode: string): boolean {
    return collectionOption(channel, providerCode) !== undefined;
  }

  async create(request: CollectionRequest): Promise<CollectionInstructions> {
    const previous = this.#byKey.get(request.idempotencyKey);
    if (previous) return previous.instructions;
    if (!this.supports(request.channel, request.providerCode))
      throw new CollectionChannelUnsupportedError(this.name, request.channel, request.providerCode);
    if (request.amount <= 0n)
      throw new CollectionSendError('the amount must be positive', false, 'INVALID_AMOUNT');
    const tail = (request.mobileNumber ?? '').slice(-4);
    if (tail === '0000')
      throw new CollectionSendError('sandbox: the channel refused this payer', false, 'CHANNEL_REFUSED');
    if (tail === '1111')
      throw new CollectionSendError(
        'sandbox: the channel is unavailable, try again',
        true,
        'CHANNEL_UNAVAILABLE',
      );

    const digest = hash(`collection:${request.idempotencyKey}`);
    const providerCollectionId = `sbxc_${digest.slice(0, 20)}`;
    const base = {
      providerCollectionId,
      providerCode: request.providerCode,
      amount: request.amount,
      expiresAt: request.expiresAt,
    };
    let instructions: CollectionInstructions;
    if (request.channel === 'ewallet') {
      instructions = {
        ...base,
        channel: 'ewallet',
        checkoutUrl: `${this.#checkoutPath}/${providerCollectionId}`,
      };
    } else if (request.channel === 'bank_transfer') {
      const digits = BigInt(`0x${digest.slice(20, 40)}`)
        .toString()
        .padStart(12, '0')
        .slice(-12);
      instructions = {
        ...base,
        channel: 'bank_transfer',
        bankName: 'Sandbox Bank (InstaPay / PESONet)',
        bankAccountNumber: `7057${digits}`,
        bankAccountName: this.#accountName,
      };
    } else {
      instructions = {
        ...base,
        channel: 'otc',
        paymentCode: `${request.providerCode}-${digest.slice(20, 30).toUpperCase()}`,
      };
    }
    const stored = { request, instructions };
    this.#byKey.set(request.idempotencyKey, stored);
    this.#byId.set(providerCollectionId, stored);
    return instructions;
  }

  /** The collection behind a checkout page (amount, payer, return URLs), if this process created it. */
  lookup(
    providerCollectionId: string,
  ): { request: CollectionRequest; instructions: CollectionInstructions } | undefined {
    return this.#byId.get(providerCollectionId);
  }

  simulate(
    providerCollectionId: string,
    outcome: SimulatedOutcome,
    options: SimulateOptions,
  ): SimulatedWebhook {
    const stored = this.#byId.get(providerCollectionId);
    const facts: SandboxCollectionFacts | undefined = stored
      ? {
          referenceId: stored.request.referenceId,
          amount: stored.request.amount,
          channel: stored.request.channel,
          providerCode: stored.request.providerCode,
        }
      : options.collection;
    if (!facts)
      throw new Error(
        `sandbox: unknown collection ${providerCollectionId} (after a restart pass options.collection)`,
      );
    const attempt = options.attempt ?? 1;
    const providerEventId = `sbxevt_${hash(`${providerCollectionId}|${outcome}|${attempt}`).slice(0, 24)}`;

    let rawBody = this.#events.get(providerEventId);
    if (rawBody === undefined) {
      const data: Record<string, string> = {
        collection_id: providerCollectionId,
        reference_id: facts.referenceId,
        channel: facts.channel,
        provider_code: facts.providerCode,
        currency: 'PHP',
      };
      let type: string;
      if (outcome === 'pay' || outcome === 'pay_late' || outcome === 'pay_different') {
        const paidAt = outcome === 'pay_late' ? options.paidAt : options.now;
        const amount = outcome === 'pay_different' ? options.amount : facts.amount;
        if (!paidAt) throw new Error("sandbox: 'pay_late' needs options.paidAt");
        if (amount === undefined || amount <= 0n)
          throw new Error("sandbox: 'pay_different' needs a positive options.amount");
        type = 'collection.paid';
        Object.assign(data, {
          amount: pesoDecimal(amount),
          paid_at: paidAt.toISOString(),
          receipt_number: `SBX-${providerEventId.slice(7, 17).toUpperCase()}`,
        });
      } else if (outcome === 'expire') {
        type = 'collection.expired';
      } else {
        type = 'collection.failed';
        data.failure_code = options.failureCode ?? 'USER_DECLINED_PAYMENT';
      }
      rawBody = JSON.stringify({ id: providerEventId, type, created: options.now.toISOString(), data });
      this.#events.set(providerEventId, rawBody);
    }
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: this.sign(rawBody, options.now),
      },
      rawBody,
      providerEventId,
    };
  }

  /** The signature header value for a body delivered at `at` (exposed for tests of forged deliveries). */
  sign(rawBody: string, at: Date): string {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', this.#secret).update(`${t}.${rawBody}`).digest('hex')}`;
  }

  isAuthentic(headers: WebhookHeaders, rawBody: string, receivedAt: Date): boolean {
    const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
    if (!header) return false;
    const parts = new Map(
      header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]),
    );
    const t = parts.get('t');
    const v1 = parts.get('v1');
    if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
    const expected = createHmac('sha256', this.#secret).update(`${t}.${rawBody}`).digest();
    if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return false;
    return Math.abs(receivedAt.getTime() - Number(t) * 1000) <= this.#toleranceMs;
  }

  verifyWebhook(headers: WebhookHeaders, rawBody: string, receivedAt: Date): CollectionEvent | null {
    if (!this.isAuthentic(headers, rawBody, receivedAt)) return null;
    return this.readStoredWebhook(rawBody);
  }

  readStoredWebhook(rawBody: string): CollectionEvent | null {
    let body: unknown;
    try {
      body = parseJsonExact(rawBody);
    } catch {
      return null;
    }
    const b = body as { id?: unknown; type?: unknown; data?: Record<string, unknown> } | null;
    const d = b?.data;
    if (
      !b ||
      typeof b.id !== 'string' ||
      !d ||
      typeof d.collection_id !== 'string' ||
      typeof d.reference_id !== 'string' ||
      d.currency !== 'PHP'
    )
      return null;
    const base = {
      providerEventId: b.id,
      providerCollectionId: d.collection_id,
      referenceId: d.reference_id,
    };
    if (b.type === 'collection.paid') {
      const amountPaid = centavosFromPesos(d.amount);
      const paidAt = instant(d.paid_at);
      if (amountPaid === null || amountPaid <= 0n || !paidAt) return null;
      return {
        ...base,
        state: 'paid',
        amountPaid,
        paidAt,
        channelReference: typeof d.receipt_number === 'string' ? d.receipt_number : undefined,
      };
    }
    if (b.type === 'collection.expired') return { ...base, state: 'expired' };
    if (b.type === 'collection.failed')
      return {
        ...base,
        state: 'failed',
        failureCode: typeof d.failure_code === 'string' ? d.failure_code : undefined,
      };
    return null;
  }
}
