import { createApiClient } from './client.ts';
import { coCoreStore } from '../store/index.ts';
import { currentLocale } from '../i18n/index.ts';
import { ownBuild, staleApp } from '../stale-app.ts';
import { takePageEarlyAnswer } from './page-early.ts';

export * from './client.ts';
export * from './idempotency.ts';
export * from './error-text.ts';

let unauthenticatedHandler: () => void = () => coCoreStore.getState().resetUser();

/** The app shell registers what a 401 does (reset the user and go to /start); lib cannot import the router. */
export function setUnauthenticatedHandler(handler: () => void): void {
  unauthenticatedHandler = handler;
}

/** The app's client: same origin, current language, the stored token. */
export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getLanguage: currentLocale,
  getToken: () => coCoreStore.getState().publicData.token,
  onUnauthenticated: () => unauthenticatedHandler(),
  isOnline: () => navigator.onLine !== false,
  appBuild: ownBuild(),
  onStaleApp: () => staleApp.markStale(),
  takePageEarly: takePageEarlyAnswer,
});
