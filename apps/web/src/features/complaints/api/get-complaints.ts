import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplaintListResponse, ComplaintView } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

export const COMPLAINTS_KEY = ['complaints', 'mine'] as const;

/** GET /api/complaints (BE-11): my complaints, newest first, the escalation path in my language. */
export function fetchComplaints(signal?: AbortSignal): Promise<ComplaintView[]> {
  return api.request('/api/complaints', {
    auth: true,
    signal,
    parse: (data) => (data as ComplaintListResponse).complaints,
  });
}

export const complaintsQuery = () =>
  queryOptions({ queryKey: COMPLAINTS_KEY, queryFn: ({ signal }) => fetchComplaints(signal), staleTime: 0 });

export function useComplaints() {
  return useQuery(complaintsQuery());
}
