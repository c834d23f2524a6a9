import { useStore } from 'zustand';
import { createCoCoreStore, isLoggedIn, type CoCoreState } from './co-core.ts';

export * from './co-core.ts';

/** The app's one core store, persisted in window.localStorage under `coCore`. */
export const coCoreStore = createCoCoreStore(window.localStorage);

export function useCoCore<T>(selector: (state: CoCoreState) => T): T {
  return useStore(coCoreStore, selector);
}

export function useLoggedIn(): boolean {
  return useCoCore(isLoggedIn);
}
