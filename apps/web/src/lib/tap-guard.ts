import { useCallback, useEffect, useRef, useState } from 'react';

/** SH-13: after a tap, the target ignores taps for 1000 ms unless it says otherwise. */
export const TAP_GUARD_MS = 1000;

/** The rule itself, clock injected, so it is tested without timers. */
export function createTapGuard(ms: number = TAP_GUARD_MS, now: () => number = () => Date.now()) {
  let lockedUntil = -Infinity;
  return {
    /** true when the tap may proceed (and starts the lock) */
    tryTap(): boolean {
      const t = now();
      if (t < lockedUntil) return false;
      lockedUntil = t + ms;
      return true;
    },
  };
}

/**
 * Hook form: `guard(handler)` wraps a click handler; `locked` is true for `ms` after a tap so the
 * button can render disabled (which also stops a second native form submit).
 */
export function useTapGuard(ms: number = TAP_GUARD_MS) {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Kept-alive pages (React <Activity>) run this cleanup when hidden but keep their state: cancelling
  // the unlock timer alone would leave the button disabled for good on return, so release the lock.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      lockedRef.current = false;
      setLocked(false);
    },
    [],
  );

  const guard = useCallback(
    <E extends { preventDefault(): void }>(handler?: (event: E) => void) =>
      (event: E) => {
        if (lockedRef.current) {
          event.preventDefault();
          return;
        }
        lockedRef.current = true;
        // Render the disabled state only after this click's default action: a submit button that
        // is already disabled when the click finishes dispatching would not submit its form.
        setTimeout(() => setLocked(lockedRef.current), 0);
        timer.current = setTimeout(() => {
          lockedRef.current = false;
          setLocked(false);
        }, ms);
        handler?.(event);
      },
    [ms],
  );
  return { locked, guard };
}
