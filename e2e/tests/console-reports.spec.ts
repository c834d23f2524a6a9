import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FINANCE, axe, signInToConsole } from '../support/console.ts';

/**
 * BE-15 in the console (desktop): finance opens Reports, sees the portfolio's PAR and aging as of
 * today and last month's figures, and downloads both as CSV. Axe-clean.
 */
test('BE-15: finance opens Reports, sees PAR and aging, the month’s trial balance, downloads the CSVs; axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, FINANCE);
  await page.getByRole('menuitem', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1, exact: true })).toBeVisible();
  const par = page.getByTestId('reports-par');
  await expect(par).toContainText('PAR1');
  await expect(par).toContainText('PAR7');
  await expect(par).toContainText('PAR30');
  const aging = page.getByTestId('reports-aging');
  for (const bucket of ['Current (0 days)', '1-30 days past due', '31-60', '61-90', '90+'])
    await expect(aging).toContainText(bucket);
  await expect(page.getByTestId('reports-trial-balance')).toContainText('principal_receivable');
  await expect(page.getByTestId('reports-collection')).toContainText('Collection efficiency');
  await axe(page, 'reports');
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshots/console-reports.png', import.meta.url)),
    fullPage: true,
  });

  const asOf = await page.getByTestId('reports-as-of').inputValue();
  const [portfolioCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('reports-portfolio-csv').click(),
  ]);
  expect(portfolioCsv.suggestedFilename()).toBe(`portfolio-${asOf}.csv`);
  const portfolio = (await readFile(await portfolioCsv.path())).toString();
  expect(portfolio).toContain(`portfolio,${asOf},`);
  expect(portfolio).toMatch(/\r\nPAR30,\d+\.\d\d,\d\.\d{4}\r\n/);

  const month = await page.getByTestId('reports-month').inputValue();
  const [monthCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('reports-month-csv').click(),
  ]);
  expect(monthCsv.suggestedFilename()).toBe(`month-${month}.csv`);
  const content = (await readFile(await monthCsv.path())).toString();
  expect(content).toMatch(/\r\ntotal,,[^\r]*,0\.00\r\n/); // the trial balance closes to zero
  expect(content).toContain('net income');
});
