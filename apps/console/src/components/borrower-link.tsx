import type { ReactNode } from 'react';
import { navigate } from '../router.ts';

/**
 * A borrower's name or number in a queue that opens their page in the console: a real link (open in
 * a new tab works), followed inside the app without a reload.
 */
export function BorrowerLink({
  customerId,
  children,
  testId,
}: {
  customerId: string;
  children: ReactNode;
  testId?: string;
}) {
  const to = `/console/borrowers/${customerId}`;
  return (
    <a
      href={to}
      data-testid={testId}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
