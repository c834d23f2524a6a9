import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.ts';

/** The few fields of my loans the complaint form needs to name one (GET /api/orders). */
const loanChoice = z.object({
  id: z.string(),
  principal: z.string(),
  createdAt: z.string(),
  status: z.string(),
});
export type LoanChoice = z.infer<typeof loanChoice>;

export function fetchMyLoans(signal?: AbortSignal): Promise<LoanChoice[]> {
  return api.request('/api/orders', {
    auth: true,
    signal,
    parse: (data) => z.object({ orders: z.array(loanChoice) }).parse(data).orders,
  });
}

export function useMyLoans() {
  return useQuery(
    queryOptions({
      queryKey: ['complaints', 'loans'] as const,
      queryFn: ({ signal }) => fetchMyLoans(signal),
    }),
  );
}
