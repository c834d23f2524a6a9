import { expect, test } from '@playwright/test';
import { appLive } from '../support/login.ts';

test.describe('desktop (SH-02)', () => {
  test('SH-02 a desktop browser shows the phone-width app centred', async ({ page }) => {
    await page.goto('/start');
    await appLive(page);
    await expect(page.getByTestId('phone-input')).toBeVisible();
    const box = await page.getByTestId('phone-input').boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toBeTruthy();
    // the form sits in a centred column, not stretched across the window
    const centre = box!.x + box!.width / 2;
    expect(Math.abs(centre - viewport.width / 2)).toBeLessThan(60);
    expect(box!.width).toBeLessThan(560);
  });
});
