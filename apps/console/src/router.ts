import { useSyncExternalStore } from 'react';

/** A tiny router for three pages under /console (history API; the server answers every /console path with the app). */
const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigate(to: string) {
  window.history.pushState(null, '', to);
  listeners.forEach((l) => l());
}

export function usePath(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => window.location.pathname + window.location.search,
  );
}
