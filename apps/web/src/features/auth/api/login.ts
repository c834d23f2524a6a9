import { mutationOptions, useMutation } from '@tanstack/react-query';
import { loginResponse, type LoginRequest, type LoginResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export type LoginInput = LoginRequest & { idempotencyKey: string };

/** POST /api/auth/login: code + privacy consent → session (registers a new number). */
export function login({ idempotencyKey, ...body }: LoginInput): Promise<LoginResponse> {
  return api.request('/api/auth/login', {
    method: 'POST',
    body,
    idempotencyKey,
    parse: (data) => loginResponse.parse(data),
  });
}

export const loginMutation = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutation());
}
