import type { SendLoginCodeRequest, SendLoginCodeResponse } from '@pisonow/domain/contracts/auth';
import { api } from '../../../lib/api/index.ts';
import { useLocalMutation } from '../../../lib/api/use-local-mutation.ts';

export type SendLoginCodeInput = SendLoginCodeRequest & { idempotencyKey: string };

/** POST /api/auth/login-code: texts a 4-digit code (may answer CAPTCHA_REQUIRED first). */
export function sendLoginCode({
  idempotencyKey,
  ...body
}: SendLoginCodeInput): Promise<SendLoginCodeResponse> {
  return api.request('/api/auth/login-code', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function useSendLoginCode() {
  // the login page ships without TanStack Query (issue 9)
  return useLocalMutation(sendLoginCode);
}
