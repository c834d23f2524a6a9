import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponListResponse } from '@pisonow/domain';
import { api } from './api/index.ts';
import { COUPONS_KEY } from './coupon-keys.ts';

/**
 * The borrower's coupons (EN-07), shared: the coupon pages list them, and the repay sheet and the
 * withdrawal page offer the ones that apply (features never import each other, so it lives here).
 */
export { COUPONS_KEY };

export function fetchCoupons(status: 'usable' | 'spent', signal?: AbortSignal): Promise<CouponListResponse> {
  return api.request(`/api/coupons?status=${status}`, {
    auth: true,
    signal,
  });
}

export const couponsQuery = (status: 'usable' | 'spent') =>
  queryOptions({
    queryKey: [...COUPONS_KEY, status] as const,
    queryFn: ({ signal }) => fetchCoupons(status, signal),
    staleTime: 30_000,
  });

export function useCoupons(status: 'usable' | 'spent', enabled = true) {
  return useQuery({ ...couponsQuery(status), enabled });
}
