import type { ReactNode } from 'react';
import './ui.css';

/**
 * One row of a list (design system): a label on the left, a value on the right, optionally a link
 * or a button. Used for cost lines, contact details and settings.
 */
export function ListRow({
  label,
  value,
  href,
  onClick,
  testId,
  strong,
}: {
  label: ReactNode;
  value?: ReactNode;
  href?: string;
  onClick?: () => void;
  testId?: string;
  strong?: boolean;
}) {
  const body = (
    <>
      <span className="ui-row__label">{label}</span>
      {value !== undefined && <span className="ui-row__value">{value}</span>}
    </>
  );
  const className = `ui-row${strong ? ' ui-row--strong' : ''}${href || onClick ? ' ui-row--action' : ''}`;
  if (href) {
    return (
      <a className={className} href={href} data-testid={testId}>
        {body}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick} data-testid={testId}>
        {body}
      </button>
    );
  }
  return (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  );
}

export function List({ children, title }: { children: ReactNode; title?: ReactNode }) {
  return (
    <section className="ui-list">
      {title && <h2 className="ui-list__title">{title}</h2>}
      {children}
    </section>
  );
}
