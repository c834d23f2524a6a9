import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** POST /api/auth/logout: ends the server session (204). */
export async function logout({ idempotencyKey }: { idempotencyKey: string }): Promise<void> {
  await api.request<void>('/api/auth/logout', { method: 'POST', auth: true, idempotencyKey });
}

export const logoutMutation = () => mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });

export function useLogout() {
  return useMutation(logoutMutation());
}
