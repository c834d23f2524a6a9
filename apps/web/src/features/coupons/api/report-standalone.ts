import type { ReportStandaloneResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { COUPONS_KEY } from '../../../lib/coupon-keys.ts';
import type { StandaloneVia } from '../model/standalone-launch.ts';

/** POST /api/coupons/standalone-launch: the server grants the installation coupon once. */
export async function reportStandalone(via: StandaloneVia): Promise<ReportStandaloneResponse> {
  const result = await api.request<ReportStandaloneResponse>('/api/coupons/standalone-launch', {
    method: 'POST',
    auth: true,
    body: { via },
  });
  if (result.granted) void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
  return result;
}
