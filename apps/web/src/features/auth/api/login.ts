import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@pisonow/domain/contracts/auth';
import { api } from '../../../lib/api/index.ts';

export type LoginInput = LoginRequest & { idempotencyKey: string };

/** POST /api/auth/login: code + privacy consent → session (registers a new number). */
export function login({ idempotencyKey, ...body }: LoginInput): Promise<LoginResponse> {
  return api.request('/api/auth/login', {
    method: 'POST',
    body,
    idempotencyKey,
    parse: async (data) => (await import('@pisonow/domain/contracts/auth')).loginResponse.parse(data),
  });
}

export const loginMutation = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutation());
}
