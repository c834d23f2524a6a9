import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expectAccessible, setLanguage } from '../support/servicing.ts';
import { borrowerWithLoanThroughApi } from '../support/api-borrower.ts';

/** SCREENSHOTS=1 also writes docs/screenshots/messages-<name>.png (iPhone 13). */
async function snap(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_100);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/messages-${name}.png`, import.meta.url)),
  });
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\bmessages:[A-Za-z_.]+/);
  expect(text).not.toMatch(/\b(tab|empty)\.[a-z][A-Za-z_.]+/);
  expect(text).not.toContain('{{');
}

test.describe('message centre and support (EN-08, CO-04, RO-03, VAL-11, SH-01)', () => {
  test.use({ actionTimeout: 15_000 });
  test('EN-08 the loan events arrive as messages: the badge counts them, opening one reads it, clear all empties the count; three languages, axe-clean', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await borrowerWithLoanThroughApi(page); // approved, then paid out: two notices

    await page.goto('/my');
    await expect(page.getByTestId('tab-unread')).toHaveText(', 2 unread messages');
    await expect(page.getByTestId('my-unread')).toHaveText('2 unread');
    // CO-04 RO-03 VAL-11: customer service on the profile page, and feedback checked on both sides
    await expect(page.getByTestId('support-open')).toHaveText(/^(Open now|Closed now)$/);
    await expect(page.getByTestId('support-deletion')).toContainText(
      'delete your account, contact customer service',
    );
    await page.getByTestId('my-feedback').click();
    await page.getByTestId('feedback-text').fill('too short');
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-error')).toHaveText('Please write at least 10 characters.');
    await page.getByTestId('feedback-text').fill('Easy to use, thank you!');
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-sent')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/msgCenter');
    await expect(page.getByTestId('msg-tab-count-notify')).toContainText('2');
    await expect(page.getByTestId('msg-item-loan_disbursed')).toContainText('Your loan has been sent');
    await expect(page.getByTestId('msg-item-application_approved')).toContainText('₱4,000.00');
    await expectAccessible(page);
    await snap(page, 'center');

    await page.getByTestId('msg-item-loan_disbursed').click();
    await expect(page).toHaveURL(/\/msgDetail\?id=/);
    await expect(page.getByTestId('msg-detail-title')).toHaveText('Your loan has been sent');
    await expect(page.getByTestId('msg-detail-bill')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'detail');
    await expect(page.getByTestId('tab-unread')).toHaveText(', 1 unread message');

    await page.goto('/msgCenter');
    await page.getByTestId('msg-clear-all').click();
    await expect(page.getByTestId('msg-tab-count-notify')).toHaveCount(0);
    await expect(page.getByTestId('tab-unread')).toHaveCount(0);

    await page.getByTestId('msg-tab-activity').click();
    await expect(page.getByTestId('msg-empty')).toBeVisible();
    await page.goto('/triLink');
    await expect(page.getByTestId('trilink-notify')).toContainText('0 unread');
    await expectAccessible(page);

    for (const [lang, title] of [
      ['fil', 'Naipadala na ang iyong loan'],
      ['zh-CN', '您的贷款已放款'],
    ] as const) {
      await setLanguage(page, lang);
      await page.goto('/msgCenter');
      await expect(page.getByTestId('msg-item-loan_disbursed')).toContainText(title);
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await page.getByTestId('msg-item-loan_disbursed').click();
      await expect(page.getByTestId('msg-detail-title')).toHaveText(title);
      await expectNoRawKeys(page);
      await page.goto('/triLink');
      await expectNoRawKeys(page);
      await expectAccessible(page);
    }
  });
});
