import type { SmsProvider } from './sms-provider.ts';
import { SmsSendError } from './sms-provider.ts';

export interface SemaphoreOptions {
  apiKey: string;
  senderName?: string;
  /** e.g. https://api.semaphore.co/api/v4 (tests point it at a local fake) */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface SemaphoreMessage {
  message_id: number | string;
  recipient: string;
  status: string;
}

/**
 * Semaphore (semaphore.co), a Philippine SMS gateway. Login codes go through its priority route
 * (`POST /priority`), which skips the bulk queue; the body is form-encoded with `apikey`, `number`,
 * `message` and optional `sendername`, and the answer is a JSON array with one entry per recipient.
 * Errors come back as 4xx with a JSON object of field messages; 429 when rate limited.
 */
export class SemaphoreSmsProvider implements SmsProvider {
  readonly name = 'semaphore';
  readonly #options: SemaphoreOptions;
  constructor(options: SemaphoreOptions) {
    this.#options = options;
  }

  async send({ to, body }: { to: string; body: string }) {
    const form = new URLSearchParams({ apikey: this.#options.apiKey, number: `0${to}`, message: body });
    if (this.#options.senderName) form.set('sendername', this.#options.senderName);
    const doFetch = this.#options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.#options.baseUrl.replace(/\/$/, '')}/priority`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsSendError(`semaphore unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    if (!response.ok) {
      // Never echo the request (it carries the API key and the code) into the error.
      throw new SmsSendError(
        `semaphore answered ${response.status}`,
        response.status === 429 || response.status >= 500,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SmsSendError('semaphore answered with something that is not JSON', true);
    }
    const first = Array.isArray(parsed) ? (parsed[0] as SemaphoreMessage | undefined) : undefined;
    if (!first || first.message_id === undefined)
      throw new SmsSendError('semaphore answered without a message id', false);
    if (/^failed$/i.test(first.status)) throw new SmsSendError('semaphore marked the message failed', false);
    return { providerMessageId: String(first.message_id) };
  }
}
