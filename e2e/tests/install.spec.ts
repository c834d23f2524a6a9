import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { loginThroughUi } from '../support/login.ts';
import { expectAccessible, setLanguage } from '../support/servicing.ts';

test.describe('add to home screen tutorials (SH-15, SH-01)', () => {
  test('SH-15 the invitation and the iPhone Safari guide, in three languages, axe-clean', async ({
    page,
  }) => {
    await loginThroughUi(page);
    await page.goto('/addDeskTopBrowser');
    await expect(page.getByTestId('install-coupon')).toContainText('₱200.00');
    await expect(page.getByTestId('install-limit')).toContainText('₱80,000.00');
    await expectAccessible(page);
    if (process.env.SCREENSHOTS)
      await page.screenshot({
        path: fileURLToPath(new URL('../../docs/screenshots/install-invitation.png', import.meta.url)),
      });
    await page.getByTestId('install-guide').click();
    await expect(page).toHaveURL(/\/guildDetail$/);
    for (const n of [1, 2, 3, 4]) await expect(page.getByTestId(`guide-step-${n}`)).toBeVisible();
    await expectAccessible(page);
    if (process.env.SCREENSHOTS)
      await page.screenshot({
        path: fileURLToPath(new URL('../../docs/screenshots/install-guide.png', import.meta.url)),
      });

    for (const [lang, title] of [
      ['fil', 'Idagdag ang PisoNow sa iyong home screen'],
      ['zh-CN', '将 PisoNow 添加到主屏幕'],
    ] as const) {
      await setLanguage(page, lang);
      await page.goto('/addDeskTopBrowser');
      await expect(page.getByTestId('install-title')).toHaveText(title);
      await expect(page.locator('body')).not.toContainText('install:');
      await expectAccessible(page);
      await page.goto('/guildDetail');
      // the page first, then the checks: "no raw key" also holds while the splash still shows
      await expect(page.getByTestId('guide-step-1')).toBeVisible();
      await expect(page.locator('body')).not.toContainText('install:');
      await expectAccessible(page);
    }
  });
});
