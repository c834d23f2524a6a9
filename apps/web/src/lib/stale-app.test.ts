import { describe, expect, it, vi } from 'vitest';
import { createStaleApp, ownBuild } from './stale-app.ts';

function serviceWorker(controlled: boolean) {
  const listeners: (() => void)[] = [];
  const update = vi.fn(async () => undefined);
  return {
    sw: {
      controller: controlled ? ({} as ServiceWorker) : null,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      getRegistration: async () => ({ update }) as unknown as ServiceWorkerRegistration,
    } as unknown as Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'getRegistration'>,
    update,
    takeControl: () => listeners.forEach((l) => l()),
  };
}

describe('an app older than the server (issue 9, lib/stale-app.ts)', () => {
  it('reads its own build from its HTML; none in development', () => {
    const doc = (content: string | null) => ({
      querySelector: () => (content === null ? null : { getAttribute: () => content }),
    });
    expect(ownBuild(doc('0123abcd') as unknown as Document)).toBe('0123abcd');
    expect(ownBuild(doc(null) as unknown as Document)).toBe('');
  });

  it('nothing happens until an answer names another build', () => {
    const reload = vi.fn();
    const stale = createStaleApp({ serviceWorker: serviceWorker(true).sw, reload });
    expect(stale.reloadIfStale()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('with a service worker: asks it to update once, reloads at the first page change after the new build took control', async () => {
    const reload = vi.fn();
    const worker = serviceWorker(true);
    const stale = createStaleApp({ serviceWorker: worker.sw, reload });
    stale.markStale();
    stale.markStale();
    await Promise.resolve();
    await Promise.resolve();
    expect(worker.update).toHaveBeenCalledTimes(1);
    // the old build still serves the app: a reload now would start the same old code
    expect(stale.reloadIfStale()).toBe(false);
    worker.takeControl();
    expect(stale.reloadIfStale()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without a service worker in control: the next page change reloads from the server', () => {
    const reload = vi.fn();
    const stale = createStaleApp({ serviceWorker: serviceWorker(false).sw, reload });
    stale.markStale();
    expect(stale.reloadIfStale()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
