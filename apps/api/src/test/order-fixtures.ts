import { decidePendingApplications } from '../modules/lending/decide-application.ts';
import { lendingContext } from '../modules/lending/lending-context.ts';
import { disburseOrder } from '../modules/orders/disburse-order.ts';
import { ordersContext } from '../modules/orders/orders-context.ts';
import { submitCompleteApplication } from './application-fixtures.ts';
import type { client, TestApp } from './test-app.ts';

/**
 * A withdrawal request as the web app sends it: the documents are previewed first, and the order
 * carries the product version and the hash of what was read (issue 7: what the borrower saw is
 * what is booked).
 */
export async function withdrawalBody(
  api: ReturnType<typeof client>,
  headers: Record<string, string>,
  over: Record<string, unknown> = {},
) {
  const amount = (over.amount as string | undefined) ?? '200000';
  const termDays = (over.termDays as number | undefined) ?? 14;
  const preview = await api.json(
    'GET',
    `/api/loans/documents?amount=${amount}&termDays=${termDays}`,
    undefined,
    headers,
  );
  const seen =
    preview.status === 200
      ? {
          productVersion: preview.body.productVersion as number,
          documentsSha256: preview.body.documentsSha256 as string,
        }
      : { productVersion: 1, documentsSha256: '0'.repeat(64) };
  return { amount, termDays, agreeLoanAgreement: true, agreeSanctionLetter: true, ...seen, ...over };
}

/**
 * A borrower through the whole front door: application, decision, a signed order, paid out.
 * Returns their auth headers, customer id and the order's id.
 */
export async function borrowerWithPaidOutLoan(
  t: TestApp,
  api: ReturnType<typeof client>,
  phone: string,
): Promise<{ h: Record<string, string>; customerId: string; orderId: string }> {
  const b = await submitCompleteApplication(t.database.db, api, phone);
  await decidePendingApplications(lendingContext(t.app));
  const signature = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
  const placed = await api.json('POST', '/api/orders', await withdrawalBody(api, b.h, { signature }), {
    ...b.h,
    'idempotency-key': `order-${phone}`,
  });
  if (placed.status !== 201) throw new Error(`order not placed: ${JSON.stringify(placed.body)}`);
  await disburseOrder(ordersContext(t.app), { orderId: placed.body.id });
  return { h: b.h, customerId: b.customerId as string, orderId: placed.body.id as string };
}
