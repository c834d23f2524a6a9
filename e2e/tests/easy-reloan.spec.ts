import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { bearer, expectAccessible, setLanguage } from '../support/servicing.ts';
import { borrowerWithLoanThroughApi, loginThroughApiInBrowser } from '../support/api-borrower.ts';

/** SCREENSHOTS=1 also writes docs/screenshots/easy-reloan-<name>.png (iPhone 13). */
async function snap(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_100);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/easy-reloan-${name}.png`, import.meta.url)),
  });
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\beasyReloan:[A-Za-z_.]+/);
  expect(text).not.toMatch(/\b(ladder|reward|status)\.[a-z][A-Za-z_.]+/);
  expect(text).not.toContain('{{');
}

test.describe('Easy Re-loan pages (ST-08, ST-09, VAL-12, SH-01)', () => {
  test('VAL-12 ST-08 read the agreement, tick, switch on → the ₱200 voucher is in the records; switching off before an automatic loan warns and forfeits it', async ({
    page,
  }) => {
    await loginThroughApiInBrowser(page);
    await page.goto('/appointLoan');
    await expect(page.getByTestId('easy-reloan-status')).toHaveText('Easy Re-loan is OFF');
    await expect(page.getByTestId('easy-reloan-voucher-offer')).toContainText('₱200.00');
    await expect(page.getByTestId('easy-reloan-rung-1')).toContainText('₱50.00');
    await expect(page.getByTestId('easy-reloan-rung-4')).toContainText('₱110.00');
    await expectAccessible(page);
    await snap(page, 'off');

    await page.getByTestId('easy-reloan-on').click();
    await expect(page).toHaveURL(/\/bookingAgreement$/);
    await expect(page.getByTestId('easy-reloan-agreement')).toContainText('Easy Re-loan Agreement');
    await expect(page.getByTestId('easy-reloan-confirm')).toBeDisabled();
    await expectAccessible(page);
    await snap(page, 'agreement');
    await page.getByTestId('easy-reloan-agree').check();
    await page.getByTestId('easy-reloan-confirm').click();

    await expect(page).toHaveURL(/\/appointLoan$/);
    await expect(page.getByTestId('easy-reloan-status')).toHaveText('Easy Re-loan is ON');
    await expect(page.getByTestId('easy-reloan-next')).toContainText('₱50.00');
    await expectAccessible(page);
    await snap(page, 'on');

    await page.getByTestId('easy-reloan-records').click();
    await expect(page).toHaveURL(/\/appointLoanList$/);
    await expect(page.getByTestId('easy-reloan-reward')).toHaveCount(1);
    await expect(page.getByTestId('easy-reloan-reward')).toContainText('₱200.00');
    await expectAccessible(page);
    await snap(page, 'records');

    await page.goto('/appointLoan');
    await page.getByTestId('easy-reloan-off').click();
    await expect(page.getByTestId('easy-reloan-status')).toHaveText('Easy Re-loan is OFF');
    // the voucher is gone and is not offered again
    await expect(page.getByTestId('easy-reloan-voucher-offer')).toHaveCount(0);
  });

  test('SH-01 the Easy Re-loan pages in Filipino and Chinese: translated, no raw keys, axe-clean', async ({
    page,
  }) => {
    await loginThroughApiInBrowser(page);
    for (const [lang, off] of [
      ['fil', 'NAKA-OFF ang Easy Re-loan'],
      ['zh-CN', '轻松续借已关闭'],
    ] as const) {
      await setLanguage(page, lang);
      await page.goto('/appointLoan');
      await expect(page.getByTestId('easy-reloan-status')).toHaveText(off);
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await page.goto('/bookingAgreement');
      await expect(page.getByTestId('easy-reloan-agreement')).toContainText(
        lang === 'fil' ? 'Kasunduan sa Easy Re-loan' : '轻松续借协议',
      );
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await page.goto('/appointLoanList');
      await expect(page.getByTestId('easy-reloan-empty')).toBeVisible();
      await expectNoRawKeys(page);
      await expectAccessible(page);
    }
  });
});

test.describe('Easy Re-loan, the whole cycle (ST-08, ST-09, BE-06, BE-09)', () => {
  test.use({ actionTimeout: 15_000 });
  test('ST-08 ST-09 enable → ₱200 voucher → repay the loan → the clock moves → the next loan is booked and paid out automatically → ₱50 reward', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { orderId } = await borrowerWithLoanThroughApi(page);

    await page.goto('/bookingAgreement');
    await page.getByTestId('easy-reloan-agree').check();
    await page.getByTestId('easy-reloan-confirm').click();
    await expect(page.getByTestId('easy-reloan-status')).toHaveText('Easy Re-loan is ON');

    // repay the whole loan on the sandbox e-wallet checkout
    await page.goto(`/bill?orderId=${orderId}`);
    await page.getByTestId('bill-repay').click();
    await page.getByTestId('channel-GCASH').click();
    await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment received', { timeout: 20_000 });

    // the test clock moves an hour: the jobs that became due run, the re-loan is booked
    const moved = await page.request.post('/api/sandbox/clock', { data: { advanceHours: 1 } });
    expect(moved.ok(), await moved.text()).toBe(true);
    expect(JSON.stringify(await moved.json())).toContain('easy re-loan: booked');

    // the disbursement job pays it out (the sandbox payout succeeds): a new loan on My Loan and the reward
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/easy-reloan', { headers: await bearer(page) });
          return ((await res.json()) as { autoDisbursements: number }).autoDisbursements;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    await page.goto('/appointLoanList');
    await expect(page.getByTestId('easy-reloan-reward')).toHaveCount(2);
    await expect(page.getByTestId('easy-reloan-reward').first()).toContainText('₱50.00');
    await expect(page.getByTestId('easy-reloan-summary')).toHaveText('1 automatic loan paid out');
    await snap(page, 'records-after-reloan');
    await page.goto('/appointLoan');
    await expect(page.getByTestId('easy-reloan-next')).toContainText('₱70.00');
    await page.goto('/billIndex');
    await expect(page.getByText('Expires in 14 days').first()).toBeVisible();
  });
});
