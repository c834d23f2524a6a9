import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PayoutCallback, PayoutProvider, PayoutRequest, PayoutResult } from './payout-provider.ts';

/**
 * SANDBOX payouts: nothing leaves the machine. The account number's last four digits choose what
 * happens (documented in the README):
 *   …0000 → fails at once (INVALID_DESTINATION: the account is unusable, ST-04)
 *   …1111 → accepted; the result arrives later by callback (the disbursement job polls/simulates)
 *   …2222 → succeeds, then is reversed by the network
 *   …3333 → fails: the payee name does not match the account holder (VAL-14)
 *   …4444 → the first attempt to the account fails (BANK_UNAVAILABLE: an outage at the bank); a
 *           later attempt succeeds (finance's retry from the console, issue 11)
 *   anything else (and every remittance pickup) → succeeds at once
 * The same idempotency key always gets the same answer, as a real provider's would.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  readonly #seen = new Map<string, PayoutResult>();
  /** accounts ending …4444 whose first attempt already failed */
  readonly #outageSeen = new Set<string>();
  readonly #callbackKey: Buffer;

  /**
   * Sandbox callbacks are signed like a real provider's (HMAC-SHA256 of the JSON body in
   * `x-sandbox-signature`), so the real webhook route accepts nothing anonymous; only the
   * sandbox routes (`/api/sandbox/*`) hold the key and can make one.
   */
  constructor(callbackKey: Buffer = randomBytes(32)) {
    this.#callbackKey = callbackKey;
  }

  /** The headers a signed sandbox callback carries (used by the sandbox routes). */
  signCallback(body: object): Record<string, string> {
    return {
      'x-sandbox-signature': createHmac('sha256', this.#callbackKey)
        .update(JSON.stringify(body))
        .digest('hex'),
    };
  }

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const previous = this.#seen.get(request.idempotencyKey);
    if (previous) return previous;
    const id = `sbx-${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20)}`;
    const tail = (request.accountNumber ?? '').slice(-4);
    let result: PayoutResult;
    if (request.channel === 'remittance') {
      result = {
        providerPayoutId: id,
        state: 'succeeded',
        claimCode: `${request.providerCode}-${id.slice(4, 12).toUpperCase()}`,
      };
    } else if (tail === '0000')
      result = { providerPayoutId: id, state: 'failed', failureCode: 'INVALID_DESTINATION' };
    else if (tail === '1111') result = { providerPayoutId: id, state: 'accepted' };
    else if (tail === '2222') result = { providerPayoutId: id, state: 'succeeded' };
    else if (tail === '4444' && !this.#outageSeen.has(request.accountNumber ?? '')) {
      this.#outageSeen.add(request.accountNumber ?? '');
      result = { providerPayoutId: id, state: 'failed', failureCode: 'BANK_UNAVAILABLE' };
    } else if (tail === '3333')
      result = { providerPayoutId: id, state: 'failed', failureCode: 'ACCOUNT_NAME_MISMATCH' };
    else result = { providerPayoutId: id, state: 'succeeded' };
    this.#seen.set(request.idempotencyKey, result);
    return result;
  }

  /** Only a callback signed with this provider's key is authentic. */
  isAuthentic(headers: Record<string, string | string[] | undefined>, body: unknown): boolean {
    const signature = headers['x-sandbox-signature'];
    if (
      typeof signature !== 'string' ||
      !/^[0-9a-f]{64}$/.test(signature) ||
      !body ||
      typeof body !== 'object'
    )
      return false;
    const expected = Buffer.from(this.signCallback(body)['x-sandbox-signature']!, 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  verifyCallback(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): PayoutCallback | null {
    if (!this.isAuthentic(headers, body)) return null;
    const b = body as Record<string, unknown>;
    if (typeof b.providerPayoutId !== 'string' || typeof b.referenceId !== 'string') return null;
    if (b.state !== 'succeeded' && b.state !== 'failed' && b.state !== 'reversed') return null;
    return {
      // the sandbox's callback has no event id: a payout reaches each state once
      providerEventId: `sandbox:payout:${b.providerPayoutId}:${b.state}`,
      providerPayoutId: b.providerPayoutId,
      referenceId: b.referenceId,
      state: b.state,
      failureCode: typeof b.failureCode === 'string' ? b.failureCode : undefined,
    };
  }
}
