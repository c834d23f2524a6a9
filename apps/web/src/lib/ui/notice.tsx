import type { ReactNode } from 'react';
import './ui.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

/** A short message in a tinted box (design system): info, success, warning or danger. */
export function Notice({
  tone = 'info',
  title,
  children,
  testId,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`ui-notice ui-notice--${tone}`}
      role={tone === 'danger' ? 'alert' : 'note'}
      data-testid={testId}
    >
      {title && <strong className="ui-notice__title">{title}</strong>}
      {children && <span className="ui-notice__body">{children}</span>}
    </div>
  );
}
