/**
 * Sends a text message to a Philippine mobile number. Implementations: the in-process sandbox
 * (default, writes to the outbox) and Semaphore. Callers never know which one they have.
 */
export interface SmsProvider {
  readonly name: string;
  /** `to` is the national form `9XXXXXXXXX`; resolves with the provider's message id. */
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string }>;
}

/** The provider refused or could not be reached; the message was not sent. */
export class SmsSendError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'SmsSendError';
    this.retryable = retryable;
  }
}
