import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { isFinalAnswer } from './use-action-mutation.ts';

describe('useActionMutation rules (SH-13, issue 9)', () => {
  it('a 4xx answer is final (a new key next time); network failures and 5xx keep the key for a retry', () => {
    expect(isFinalAnswer(new ApiError({ code: 'OTP_INCORRECT', status: 400 }))).toBe(true);
    expect(isFinalAnswer(new ApiError({ code: 'OUTSTANDING_REPAYMENT', status: 409 }))).toBe(true);
    expect(isFinalAnswer(new ApiError({ code: 'NETWORK', status: 0 }))).toBe(false);
    expect(isFinalAnswer(new ApiError({ code: 'INTERNAL', status: 503 }))).toBe(false);
    expect(isFinalAnswer(new Error('boom'))).toBe(false);
  });
});
