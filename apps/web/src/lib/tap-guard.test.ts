import { describe, expect, it } from 'vitest';
import { createTapGuard, TAP_GUARD_MS } from './tap-guard.ts';

describe('double-tap guard', () => {
  it('SH-13 a target ignores taps for 1000 ms after a tap by default', () => {
    let now = 10_000;
    const guard = createTapGuard(undefined, () => now);
    expect(TAP_GUARD_MS).toBe(1000);
    expect(guard.tryTap()).toBe(true);
    now += 999;
    expect(guard.tryTap()).toBe(false);
    now += 1;
    expect(guard.tryTap()).toBe(true);
  });

  it('SH-13 the lock time can be overridden per target', () => {
    let now = 0;
    const guard = createTapGuard(3000, () => now);
    expect(guard.tryTap()).toBe(true);
    now = 2000;
    expect(guard.tryTap()).toBe(false);
    now = 3000;
    expect(guard.tryTap()).toBe(true);
  });
});
