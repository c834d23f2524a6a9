import { api } from '../../lib/api/index.ts';
import { claimFirstData } from '../../lib/api/page-early.ts';
import { coCoreStore, isLoggedIn } from '../../lib/store/index.ts';
import { PUBLIC_FIRST_DATA } from './first-data-paths.ts';
import { routeForPath } from './routes.ts';

/**
 * Issue 9, a cold start on a slow phone: the first page's data is asked for as the app starts,
 * while the page's code and texts are still downloading, instead of after the page has rendered
 * (one round trip less before the borrower sees a figure). The page's own request takes the answer
 * (lib/api `prefetch`). Where the first-data script asked already (before any of this code had
 * arrived), `prefetch` takes its answer over instead of asking again. Only for the page the visit
 * starts on: later pages find their data cached.
 */
export function startFirstData(pathname: string): void {
  claimFirstData();
  for (const path of PUBLIC_FIRST_DATA) api.prefetch(path);
  const route = routeForPath(pathname);
  if (!route?.firstData.length || !isLoggedIn(coCoreStore.getState())) return;
  for (const path of route.firstData) api.prefetch(path, { auth: true });
}
