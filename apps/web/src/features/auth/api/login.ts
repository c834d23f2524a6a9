import type { LoginRequest, LoginResponse } from '@pisonow/domain/contracts/auth';
import { api } from '../../../lib/api/index.ts';
import { useLocalMutation } from '../../../lib/api/use-local-mutation.ts';

export type LoginInput = LoginRequest & { idempotencyKey: string };

/** POST /api/auth/login: code + privacy consent → session (registers a new number). */
export function login({ idempotencyKey, ...body }: LoginInput): Promise<LoginResponse> {
  return api.request('/api/auth/login', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function useLogin() {
  // the login page ships without TanStack Query (issue 9)
  return useLocalMutation(login);
}
