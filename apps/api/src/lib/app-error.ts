import type { ErrorCode, ErrorParams } from '@pisonow/domain';
import { httpStatusFor } from '@pisonow/domain';

/**
 * The one error type use cases throw for an expected refusal. The error handler turns it into
 * `{ code, message }` in the caller's language; nothing else about it reaches the client.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams;
  readonly retryAfterSeconds: number | undefined;
  /** field-level problems, for forms (validation done inside a use case) */
  readonly details: { field: string; code: ErrorCode }[] | undefined;
  constructor(
    code: ErrorCode,
    options: {
      params?: ErrorParams;
      retryAfterSeconds?: number;
      status?: number;
      details?: { field: string; code: ErrorCode }[];
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? httpStatusFor(code);
    this.params = options.params ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
