import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '@pisonow/domain/money';
import { coCoreStore, useCoCore } from '../../../lib/store/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { COUPONS_KEY } from '../../../lib/coupon-keys.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { standaloneLaunch } from '../model/standalone-launch.ts';
import { reportStandalone } from './report-standalone.ts';

const reported = new Set<string>();
const MARK = 'pisonow.standaloneReported';

/**
 * SH-15: once a signed-in borrower opens the app from the home screen, tell the server once (per
 * borrower on this device; the server grants once per borrower whatever the device says).
 */
export function useStandaloneReport() {
  const { t } = useTranslation();
  const customerId = useCoCore((s) => s.publicData.customerId);
  const token = useCoCore((s) => s.publicData.token);
  useEffect(() => {
    if (!token || !customerId || reported.has(customerId)) return;
    const via = standaloneLaunch(coCoreStore.getState().standalone);
    if (!via) return;
    let marks: string[] = [];
    try {
      marks = JSON.parse(localStorage.getItem(MARK) ?? '[]') as string[];
    } catch {
      marks = [];
    }
    if (marks.includes(customerId)) return;
    reported.add(customerId);
    reportStandalone(via)
      .then((result) => {
        try {
          localStorage.setItem(MARK, JSON.stringify([...marks, customerId].slice(-5)));
        } catch {
          // private mode: the server is idempotent anyway
        }
        if (result.granted && result.coupon) {
          showToast(t('coupons:homeScreen.granted', { amount: formatPeso(BigInt(result.coupon.amount)) }));
          // a coupon list already on screen (the borrower went straight to /coupon) shows it too
          void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
        }
      })
      .catch(() => reported.delete(customerId));
  }, [token, customerId, t]);
}
