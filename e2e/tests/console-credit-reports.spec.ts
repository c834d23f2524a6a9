import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, FINANCE, axe, signInToConsole } from '../support/console.ts';

/**
 * BE-13 in the console (desktop): finance makes last month's credit-data file for the Credit
 * Information Corporation and downloads it; an admin records it as sent. Axe-clean.
 */
test('BE-13: finance makes and downloads the CIC file of last month; an admin records it sent; axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, FINANCE);
  await page.getByRole('menuitem', { name: 'Credit reports' }).click();
  const month = await page.getByTestId('report-month').inputValue();
  await page.getByTestId('report-generate').click();
  const row = page.getByTestId('reports-table').locator('tr', { hasText: month }).first();
  await expect(row).toContainText('not yet');
  await axe(page, 'credit reports');
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshots/console-credit-reports.png', import.meta.url)),
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`report-file-${month}`).first().click(),
  ]);
  const content = (await readFile(await download.path())).toString();
  expect(content).toMatch(new RegExp(`^H\\|.+\\|${month}\\|\\d{4}-\\d{2}-\\d{2}\\|\\d+\\n`));
  expect(content.trim().split('\n').at(-1)).toMatch(/^T\|\d+\|\d+$/);
  await expect(page.getByRole('button', { name: 'Record as sent…' })).toHaveCount(0);
  await page.getByTestId('sign-out').click();

  await signInToConsole(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Credit reports' }).click();
  await page.getByRole('button', { name: 'Record as sent…' }).first().click();
  await page.getByTestId('cic-reference').fill('CIC-E2E-0001');
  await axe(page, 'credit reports (record sent)');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('reports-table')).toContainText('CIC-E2E-0001');
});
