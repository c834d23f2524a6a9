import type { ReportStandaloneResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { COUPONS_KEY } from '../../../lib/coupon-keys.ts';

export type StandaloneVia = 'display-mode' | 'navigator' | 'query';

/**
 * SH-15: how the app was opened from the home screen, if it was: the display mode of an installed
 * web app, iOS Safari's `navigator.standalone`, or the `standalone` query flag SH-07 stored.
 */
export function standaloneLaunch(storedFlag: string | undefined | null): StandaloneVia | null {
  if (typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches)
    return 'display-mode';
  if (
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
    return 'navigator';
  if (storedFlag && storedFlag !== '0' && storedFlag !== 'false') return 'query';
  return null;
}

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
