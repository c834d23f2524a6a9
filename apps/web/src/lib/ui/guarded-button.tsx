import type { MouseEvent } from 'react';
import Button, { type ButtonProps } from 'antd-mobile/es/components/button';
import { TAP_GUARD_MS, useTapGuard } from '../tap-guard.ts';

export type GuardedButtonProps = ButtonProps & {
  /** per-target override of the 1000 ms default */ guardMs?: number;
};

/** antd-mobile Button with the double-tap guard: use it for every submit button. */
export function GuardedButton({ guardMs = TAP_GUARD_MS, onClick, disabled, ...rest }: GuardedButtonProps) {
  const { locked, guard } = useTapGuard(guardMs);
  return (
    <Button
      {...rest}
      disabled={Boolean(disabled) || locked}
      onClick={guard<MouseEvent<HTMLButtonElement>>((event) => onClick?.(event))}
    />
  );
}
