import type { ReactNode } from 'react';
import './ui.css';

/** The padded body of a page; the shell draws the header and the tab bar around it. */
export function Page({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `ui-page ${className}` : 'ui-page'}>{children}</div>;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `ui-card ${className}` : 'ui-card'}>{children}</section>;
}
