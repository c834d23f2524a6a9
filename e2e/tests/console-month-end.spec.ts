import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN, FINANCE, axe, signInToConsole } from '../support/console.ts';
import { advanceClock } from '../support/servicing.ts';
import { borrowerWithLoanThroughApi } from '../support/api-borrower.ts';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/**
 * BE-15 in the console (desktop): a loan 100 days past due is written off (finance drafts with a
 * reason, an admin approves), and an admin closes the last ended month; every screen axe-clean.
 */
test('BE-15: write-off with maker-checker, then the month-end closure; axe-clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { orderId } = await borrowerWithLoanThroughApi(page);
  // 14-day term + 100 days: the day job has run on every day in between
  const { manilaDate } = await advanceClock(page, 114);

  const ops = await (await browser.newContext()).newPage();
  await signInToConsole(ops, FINANCE);
  await ops.getByRole('menuitem', { name: 'Finance' }).click();
  await ops.getByRole('tab', { name: 'Loan' }).click();
  await ops.getByTestId('loan-order-id').locator('input').fill(orderId);
  await ops.getByTestId('loan-order-id').locator('input').press('Enter');
  await expect(ops.getByTestId('loan-money')).toContainText('overdue');
  await ops.getByTestId('write-off-reason').fill('100 days past due, no answer to calls or SMS');
  await axe(ops, 'loan money with write-off');
  await ops.getByTestId('write-off').click();
  await expect(ops.getByText('sent to an admin for approval')).toBeVisible();
  await ops.getByTestId('sign-out').click();

  await signInToConsole(ops, ADMIN);
  await ops.getByRole('menuitem', { name: 'Finance' }).click();
  await ops.getByRole('tab', { name: 'Approvals' }).click();
  const queue = ops.getByTestId('approval-queue');
  const row = queue.locator('tr', { hasText: 'write_off' }).filter({ hasText: orderId.slice(0, 8) });
  await expect(row).toContainText('100 days past due');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('approved');

  // month-end: the month before the current one has ended; close the books through it
  await ops.getByRole('menuitem', { name: 'Month-end' }).click();
  const [y, m] = manilaDate.split('-').map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const closed = ops.getByTestId('closed-through');
  if (!(await closed.textContent())?.includes(previous)) {
    await ops.getByTestId('close-month').fill(previous);
    await ops.getByTestId('close-month-submit').click();
  }
  await expect(ops.getByTestId('closures-table')).toContainText(previous);
  await axe(ops, 'month-end');
  await ops.screenshot({ path: shot('console-month-end') });
  await ops.context().close();
});
