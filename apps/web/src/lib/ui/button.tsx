import { GuardedButton, type GuardedButtonProps } from './guarded-button.tsx';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<ButtonVariant, Pick<GuardedButtonProps, 'color' | 'fill'>> = {
  primary: { color: 'primary', fill: 'solid' },
  secondary: { color: 'primary', fill: 'outline' },
  ghost: { color: 'default', fill: 'none' },
  danger: { color: 'danger', fill: 'solid' },
};

/** The one button of the design system: antd-mobile's, with the double-tap guard and our variants. */
export function Button({
  variant = 'primary',
  className,
  ...rest
}: Omit<GuardedButtonProps, 'color' | 'fill'> & { variant?: ButtonVariant }) {
  return (
    <GuardedButton
      {...VARIANTS[variant]}
      className={className ? `ui-button ${className}` : 'ui-button'}
      {...rest}
    />
  );
}
