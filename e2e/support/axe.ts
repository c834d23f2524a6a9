import type { Page } from '@playwright/test';

/**
 * Before an axe check: let finite animations and transitions end (a spinner's infinite one is left
 * running). axe measures contrast as the page is drawn at that instant, and a modal still fading in
 * or a button fading back in after the tap guard (antd-mobile's 0.15 s opacity transition) has
 * half-transparent text that no one sees once it ends.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
