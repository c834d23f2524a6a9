import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';
import { api, ApiError } from './api/index.ts';

/**
 * GET /api/config/public. Shared by several features (company line, support contacts, privacy
 * version, route aliases), so it lives in lib rather than in one feature's api folder.
 */
export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.request('/api/config/public', {
    signal,
  });
}

/**
 * One small cache of its own, not TanStack Query: the login page and the shell read the config, and
 * TanStack Query is not part of the login page's first download (issue 9). Same rules as the query
 * it replaces: fresh for 10 minutes, refreshed when a reader mounts after that, a failed fetch
 * retried twice (1 s, 2 s) unless the server answered 4xx.
 */
const STALE_MS = 10 * 60_000;
let state: { data?: PublicConfig; error?: unknown; fetchedAt: number } = { fetchedAt: 0 };
let inFlight: Promise<PublicConfig> | undefined;
const listeners = new Set<() => void>();

function set(next: typeof state): void {
  state = next;
  for (const listener of listeners) listener();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetry(): Promise<PublicConfig> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchPublicConfig();
    } catch (error) {
      const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (final || attempt >= 2) throw error;
      await wait(1000 * 2 ** attempt);
    }
  }
}

/** Fetches the config (one request at a time), updating every reader; rejects when it fails. */
export function refetchPublicConfig(): Promise<PublicConfig> {
  inFlight ??= fetchWithRetry().then(
    (data) => {
      inFlight = undefined;
      set({ data, fetchedAt: Date.now() });
      return data;
    },
    (error: unknown) => {
      inFlight = undefined;
      set({ ...state, error });
      throw error;
    },
  );
  return inFlight;
}

/** The config, from the cache while fresh (the router's alias resolution). */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (state.data && Date.now() - state.fetchedAt < STALE_MS) return Promise.resolve(state.data);
  return refetchPublicConfig();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;
/** what the build's prerender of /start saw, so hydrating it starts from the same (no config) */
const PRERENDERED: typeof state = { fetchedAt: 0 };
const prerenderedSnapshot = () => PRERENDERED;

export function usePublicConfig(): {
  data: PublicConfig | undefined;
  error: unknown;
  refetch: () => Promise<PublicConfig | undefined>;
} {
  const current = useSyncExternalStore(subscribe, snapshot, prerenderedSnapshot);
  useEffect(() => {
    if (!state.data || Date.now() - state.fetchedAt >= STALE_MS)
      void refetchPublicConfig().catch(() => undefined);
  }, []);
  const refetch = useCallback(() => refetchPublicConfig().catch(() => undefined), []);
  return { data: current.data, error: current.error, refetch };
}
