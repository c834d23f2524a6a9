/**
 * An app older than the server (issue 9). The service worker can start the app from its precache
 * after a deploy, and the app trusts the shape of the server's answers (lib/api/client.ts), so old
 * code must not keep reading a newer server for long. The API client calls `markStale` when an
 * answer names another build (`X-App-Build`, apps/web/build/app-build-id.ts); the service worker is
 * asked to update, and the next page change loads the page afresh once the new build is in control
 * (or at once when no service worker serves the app). Not in the middle of a page: what the borrower
 * is typing stays.
 */

/** The build this copy of the app is, from its own HTML (empty in development: no check then). */
export function ownBuild(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  return doc?.querySelector('meta[name="app-build"]')?.getAttribute('content') ?? '';
}

export interface StaleAppDeps {
  /** navigator.serviceWorker, when there is one */
  serviceWorker?: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'getRegistration'>;
  /** a fresh load of the current address */
  reload: () => void;
}

export function createStaleApp(deps: StaleAppDeps) {
  let stale = false;
  let ready = false;
  return {
    /** An answer came from another build: fetch it (once). */
    markStale(): void {
      if (stale) return;
      stale = true;
      const sw = deps.serviceWorker;
      // no service worker in control: the server's files are the new build, a reload takes them
      if (!sw?.controller) {
        ready = true;
        return;
      }
      sw.addEventListener('controllerchange', () => (ready = true), { once: true });
      void sw
        .getRegistration()
        .then((registration) => registration?.update())
        .catch(() => undefined);
    },
    /** At a page change: load the new build instead, when it is ready. True when it reloads. */
    reloadIfStale(): boolean {
      if (!stale || !ready) return false;
      deps.reload();
      return true;
    },
  };
}

export const staleApp = createStaleApp({
  serviceWorker: typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
  reload: () => window.location.reload(),
});
