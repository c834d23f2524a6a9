import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { bearer, expectAccessible, setLanguage } from '../support/servicing.ts';
import { borrowerWithLoanThroughApi, loginThroughApiInBrowser } from '../support/api-borrower.ts';

/**
 * Coupons and add-to-home-screen (EN-07, SH-15, ER-01) on an iPhone against the real server with
 * the sandbox collection provider. SCREENSHOTS=1 also writes docs/screenshots/coupons-<name>.png.
 */
test.describe.configure({ mode: 'serial' });

async function snap(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_100);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/coupons-${name}.png`, import.meta.url)),
  });
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(coupons|routes|common):[A-Za-z_.]+/);
  expect(text).not.toMatch(/\b(type|state|rule|picker|homeScreen)\.[a-z][A-Za-z_.]+/);
  expect(text).not.toContain('{{');
}

const peso = (centavos: bigint) =>
  `₱${(Number(centavos) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('coupons (EN-07, SH-15, ER-01)', () => {
  test('SH-15 EN-07 a standalone launch grants the ₱200 coupon once; a full repayment with it asks ₱200 less and settles the loan; it then shows as used', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { orderId } = await borrowerWithLoanThroughApi(page);
    // opened from the home screen (SH-07 stores the flag; the shell reports it)
    await page.goto('/homeIndex?standalone=1');
    await page.goto('/coupon');
    await expect(page.getByTestId('coupon-card')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId('coupon-card')).toHaveAttribute('data-rule', 'installation');
    await expect(page.getByTestId('coupon-amount')).toHaveText('₱200.00');
    await expect(page.getByTestId('coupon-card')).toContainText('Full repayment only');
    await snap(page, 'usable');
    // once: a second launch grants nothing
    await page.goto('/homeIndex?standalone=1');
    const again = await page.request.post('/api/coupons/standalone-launch', {
      headers: await bearer(page),
      data: { via: 'query' },
    });
    expect((await again.json()).granted).toBe(false);
    await page.goto('/coupon');
    await expect(page.getByTestId('coupon-card')).toHaveCount(1);

    await page.goto(`/bill?orderId=${orderId}`);
    await page.getByTestId('bill-repay').click();
    await expect(page.getByTestId('repay-sheet')).toBeVisible();
    const due = (await page.getByTestId('repay-amount').innerText()).trim();
    const dueCentavos = BigInt(due.replace(/[₱,.]/g, ''));
    await page.getByTestId('coupon-option-installation').locator('input').check();
    await expect(page.getByTestId('repay-amount')).toHaveText(peso(dueCentavos - 20_000n));
    await snap(page, 'repay-sheet');
    await page.getByTestId('channel-GCASH').click();
    await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    await expect(page).toHaveURL(/\/repaidDetail\?repayment=/);
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment received', { timeout: 20_000 });
    await expect(page.getByTestId('receipt-amount')).toHaveText(peso(dueCentavos - 20_000n));
    const order = await page.request.get(`/api/orders/${orderId}`, { headers: await bearer(page) });
    expect((await order.json()).status).toBe('settled');

    await page.goto('/couponInvalid');
    await expect(page.getByTestId('coupon-card')).toHaveCount(1);
    await expect(page.getByTestId('coupon-state')).toHaveText('Used');
    await expect(page.getByTestId('coupon-used-at')).toBeVisible();
    await snap(page, 'used');
  });

  test('EN-07 SH-01 the coupon pages in English, Filipino and Chinese: no missing key, axe-clean', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginThroughApiInBrowser(page);
    const granted = await page.request.post('/api/coupons/standalone-launch', {
      headers: await bearer(page),
      data: { via: 'display-mode' },
    });
    expect((await granted.json()).granted).toBe(true);
    for (const [lang, usable, empty] of [
      ['en-US', 'Home screen coupon', 'No used, expired or invalid coupons.'],
      ['fil', 'Coupon sa home screen', 'Walang nagamit, expired o hindi valid na coupon.'],
      ['zh-CN', '添加到主屏幕优惠券', '没有已使用、已过期或已失效的优惠券。'],
    ] as const) {
      await setLanguage(page, lang);
      await page.goto('/coupon');
      await expect(page.getByTestId('coupon-card')).toContainText(usable);
      await expect(page.getByTestId('coupons-count')).toBeVisible();
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await page.goto('/couponInvalid');
      await expect(page.getByTestId('coupons-empty')).toHaveText(empty);
      await expectNoRawKeys(page);
      await expectAccessible(page);
    }
  });
});
