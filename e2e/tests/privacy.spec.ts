import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoRawKeys, setLanguage } from '../support/servicing.ts';
import { loginThroughApiInBrowser } from '../support/api-borrower.ts';

/**
 * BE-12 on an iPhone (Data Privacy Act): from the profile, download everything held about me as
 * JSON and as a readable PDF, then ask for deletion after reading what is kept and why.
 */
test.use({ actionTimeout: 15_000 });

async function save(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('BE-12 my data: JSON and PDF downloads, a deletion request with its retention plan, three languages; axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = await loginThroughApiInBrowser(page);
  await page.goto('/my');
  await page.getByTestId('my-link-myData').click();
  await expect(page).toHaveURL(/\/myData$/);

  const json = await save(page, 'my-data-json');
  expect(json.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.bytes.toString()) as {
    tables: { name: string; rows: { phone?: string }[] }[];
  };
  expect(data.tables.find((x) => x.name === 'customers')?.rows[0]?.phone).toBe(phone);
  const pdf = await save(page, 'my-data-pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // the tap guard holds the button disabled for a second after the tap (axe ran during its fade back
  // in once, and reported the label's contrast)
  await expect(page.getByTestId('my-data-pdf')).toBeEnabled();

  // no loan ever paid out: everything would be erased
  await expect(page.getByTestId('plan-identity')).toContainText('To be erased');
  await expectAccessible(page);
  await page.getByTestId('deletion-ask').click();
  await expect(page.getByTestId('deletion-sheet')).toBeVisible();
  await page.getByTestId('deletion-confirm').click();
  await expect(page.getByTestId('deletion-status')).toContainText('We will answer within 30 days');
  await expect(page.getByTestId('deletion-ask')).toHaveCount(0);
  await expectAccessible(page);
  if (process.env.SCREENSHOTS) {
    await page.getByTestId('plan-identity').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: fileURLToPath(new URL('../../docs/screenshots/privacy-my-data.png', import.meta.url)),
    });
  }

  for (const [lang, title] of [
    ['fil', 'Natanggap ang kahilingan'],
    ['zh-CN', '已于'],
  ] as const) {
    await setLanguage(page, lang);
    await page.goto('/myData');
    await expect(page.getByTestId('deletion-status')).toContainText(title);
    await expectNoRawKeys(page);
    await expectAccessible(page);
  }
  await setLanguage(page, 'en-US');
});
