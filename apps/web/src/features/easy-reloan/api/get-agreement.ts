import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EasyReloanAgreementResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** GET /api/easy-reloan/agreement: the agreement in force, in the borrower's language (VAL-12). */
export function fetchEasyReloanAgreement(signal?: AbortSignal): Promise<EasyReloanAgreementResponse> {
  return api.request('/api/easy-reloan/agreement', {
    auth: true,
    signal,
  });
}

export function useEasyReloanAgreement(locale: string) {
  return useQuery(
    queryOptions({
      queryKey: ['easyReloan', 'agreement', locale] as const,
      queryFn: ({ signal }) => fetchEasyReloanAgreement(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
