import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { FINANCE, axe, signInToConsole } from '../support/console.ts';
import { bearer, expectAccessible, expectNoRawKeys, sandboxToday, simulate } from '../support/servicing.ts';
import { borrowerWithLoanThroughApi } from '../support/api-borrower.ts';

const RECEIPT = fileURLToPath(
  new URL('../../apps/api/src/test/fixtures/photos/id-card-blurred.jpg', import.meta.url),
);
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/**
 * BE-10 end to end: a borrower paid but the money went into suspense (another amount); they report
 * it from the bill with a photo of the receipt, late charges pause; finance finds the money in the
 * console's Payment disputes and matches it; the borrower reads the answer in Messages.
 */
test('BE-10: a payment dispute with a receipt photo → matched in the console → the borrower is told; axe-clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { orderId } = await borrowerWithLoanThroughApi(page);

  // the borrower paid ₱1,500 by bank transfer instead of the whole amount: held in suspense
  const started = await page.request.post(`/api/orders/${orderId}/repayments`, {
    headers: { ...(await bearer(page)), 'idempotency-key': `dispute-${orderId}` },
    data: {
      purpose: 'full',
      channel: 'bank_transfer',
      providerCode: 'BANK_TRANSFER',
      expectedAmount: (
        await (await page.request.get(`/api/orders/${orderId}`, { headers: await bearer(page) })).json()
      ).balance.total,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await simulate(page, ((await started.json()) as { id: string }).id, {
    outcome: 'pay_different',
    amount: '150000',
  });

  // from the bill: "Paid but the payment is not showing?"
  await page.goto(`/bill?orderId=${orderId}`);
  await page.getByTestId('bill-dispute').click();
  await expect(page).toHaveURL(/\/paymentDispute\?orderId=/);
  await page.getByTestId('dispute-provider').selectOption('BANK_TRANSFER');
  // the form checks the contract before sending: an empty reference is refused in place
  await page.getByTestId('dispute-submit').click();
  await expect(page.getByTestId('error-reference')).toBeVisible();
  await page.getByTestId('dispute-reference').fill('IP-2291-8841');
  await page.getByTestId('dispute-amount').fill('1,500.00');
  // the server's day (other journeys move the sandbox clock past the browser's)
  await page.getByTestId('dispute-paid-on').fill(await sandboxToday(page));
  const uploaded = page.waitForResponse(
    (r) => /\/api\/photos\/uploads\//.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.getByTestId('dispute-receipt').setInputFiles(RECEIPT);
  expect((await uploaded).ok()).toBe(true);
  await expect(page.getByTestId('dispute-receipt-state')).toHaveText('Receipt added.');
  await expectAccessible(page);
  await page.getByTestId('dispute-submit').click();
  await expect(page.getByTestId('dispute-pending')).toContainText('We are checking your payment');
  await expect(page.getByTestId('dispute-open')).toContainText('₱1,500.00');
  await expectNoRawKeys(page);
  await expectAccessible(page);
  await page.screenshot({ path: shot('servicing-payment-dispute') });
  await page.goto(`/bill?orderId=${orderId}`);
  await expect(page.getByTestId('bill-charges-paused')).toContainText('Late charges are paused');

  // finance, in the console
  const consoleContext = await browser.newContext();
  const ops = await consoleContext.newPage();
  await signInToConsole(ops, FINANCE);
  await ops.getByRole('menuitem', { name: 'Payment disputes' }).click();
  const table = ops.getByTestId('disputes-table');
  await expect(table).toContainText('IP-2291-8841');
  await expect(table).toContainText('₱1,500.00');
  await axe(ops, 'payment disputes');
  await ops.screenshot({ path: shot('console-disputes') });
  await ops.locator('[data-testid^="dispute-decide-"]').first().click();
  await ops.getByLabel('Apply as').click();
  await ops.getByTitle('Partial payment').click();
  await ops.getByTestId('dispute-note').fill('Bank transfer IP-2291-8841 found in suspense');
  await axe(ops, 'resolve dispute');
  await ops.getByRole('button', { name: 'Record the decision' }).click();
  await expect(table).toContainText('matched');
  await consoleContext.close();

  // the borrower is told, and the bill shows the money applied
  await page.goto('/msgCenter');
  await expect(page.getByTestId('msg-item-payment_dispute_matched')).toContainText('We found your payment');
  await page.goto(`/paymentDispute?orderId=${orderId}`);
  await expect(page.getByTestId('dispute-matched')).toContainText('Found and applied');
});
