import { api } from '../../lib/api/index.ts';
import { coCoreStore, isLoggedIn } from '../../lib/store/index.ts';
import { routeForPath } from './routes.ts';

/**
 * Issue 9, a cold start on a slow phone: the first page's data is asked for as the app starts,
 * while the page's code and texts are still downloading, instead of after the page has rendered
 * (one round trip less before the borrower sees a figure). The page's own request takes the answer
 * (lib/api `prefetch`). Only for the page the visit starts on: later pages find their data cached.
 */
export function startFirstData(pathname: string): void {
  api.prefetch('/api/config/public');
  const route = routeForPath(pathname);
  if (!route?.firstData.length || !isLoggedIn(coCoreStore.getState())) return;
  for (const path of route.firstData) api.prefetch(path, { auth: true });
}
