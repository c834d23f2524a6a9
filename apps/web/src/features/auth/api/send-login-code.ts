import { mutationOptions, useMutation } from '@tanstack/react-query';
import { sendLoginCodeResponse, type SendLoginCodeRequest, type SendLoginCodeResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export type SendLoginCodeInput = SendLoginCodeRequest & { idempotencyKey: string };

/** POST /api/auth/login-code: texts a 4-digit code (may answer CAPTCHA_REQUIRED first). */
export function sendLoginCode({ idempotencyKey, ...body }: SendLoginCodeInput): Promise<SendLoginCodeResponse> {
  return api.request('/api/auth/login-code', {
    method: 'POST',
    body,
    idempotencyKey,
    parse: (data) => sendLoginCodeResponse.parse(data),
  });
}

export const sendLoginCodeMutation = () => mutationOptions({ mutationKey: ['auth', 'login-code'], mutationFn: sendLoginCode });

export function useSendLoginCode() {
  return useMutation(sendLoginCodeMutation());
}
