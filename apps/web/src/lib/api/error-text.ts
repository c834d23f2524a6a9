import { errorMessage, isErrorCode, type ErrorParams } from '@pisonow/domain/errors';
import type { Locale } from '@pisonow/domain/locale';
import { ApiError } from './client.ts';

/**
 * What the user reads for a failure (ER-02): the domain's one table for a known code, else the
 * server's own localised message, else the generic INTERNAL text. Never a raw exception string.
 */
export function errorText(error: unknown, locale: Locale, params: ErrorParams = {}): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) return errorMessage(error.code, locale, params);
    if (error.serverMessage) return error.serverMessage;
  }
  return errorMessage('INTERNAL', locale);
}

export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
