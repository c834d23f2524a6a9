import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaResponse } from '@pisonow/domain/contracts/auth';
import { api } from '../../../lib/api/index.ts';

/** GET /api/auth/captcha: a picture code asked for on unusual activity. */
export function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaResponse> {
  return api.request('/api/auth/captcha', {
    signal,
  });
}

/** `round` changes whenever a fresh picture is needed; captchas are single-use, so nothing is cached. */
export const captchaQuery = (round: number) =>
  queryOptions({
    queryKey: ['auth', 'captcha', round],
    queryFn: ({ signal }) => fetchCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useCaptcha(round: number, enabled: boolean) {
  return useQuery({ ...captchaQuery(round), enabled });
}
