import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loginThroughApi } from '../support/login.ts';
import { UNDERWRITER, axe, signIn } from '../support/console.ts';

/**
 * BE-14 in the console (desktop): an underwriter sees a borrower's AML risk block, opens a
 * suspicious-transaction case from it, finds the case on the AML page with its filing deadline,
 * downloads the STR and marks it reported with the AMLC's reference. The borrower sees none of it.
 * Axe-clean.
 */
test('BE-14: risk block on the borrower page, an STR case opened, exported and reported; the borrower sees nothing; axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { phone, customerId, headers: borrower } = await loginThroughApi(request);

  await page.goto(`/console/borrowers/${customerId}`);
  await signIn(page, UNDERWRITER);
  await expect(page.getByText(`+63 ${phone}`)).toBeVisible();
  const block = page.getByTestId('aml-risk-block');
  await expect(block.getByTestId('aml-risk-level')).toHaveText('low risk');
  await block.getByTestId('aml-recompute').click();
  await expect(block.getByTestId('aml-risk-level')).toHaveText('low risk');

  const narrative = `E2E: several loans repaid within a day, far above the declared income (${Date.now()}).`;
  await block.getByTestId('str-open').click();
  await page.getByTestId('str-narrative').fill(narrative);
  await axe(page, 'open an STR case');
  await page.getByRole('button', { name: 'Open the case' }).click();
  // an open case rates the borrower high: enhanced due diligence
  await expect(block.getByTestId('aml-risk-level')).toHaveText('high risk');
  await expect(block.getByTestId('aml-edd')).toBeVisible();

  await page.getByRole('menuitem', { name: 'AML screening' }).click();
  const row = page.getByTestId('str-table').getByRole('row', { name: new RegExp(narrative.slice(0, 40)) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('aml-risk-table')).toContainText(phone);
  const json = await row.getByText('STR JSON').getAttribute('href');
  const res = await page.request.get(json!);
  expect(res.status()).toBe(200);
  const str = (await res.json()) as { subject: { customerId: string }; narrative: string };
  expect(str).toMatchObject({ subject: { customerId }, narrative });
  await axe(page, 'aml page with STR cases');
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshots/console-aml-str.png', import.meta.url)),
    fullPage: true,
  });

  await row.getByRole('button', { name: 'Reported…' }).click();
  await page.getByTestId('str-value').fill('AMLC-E2E-0001');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('ref AMLC-E2E-0001');

  // the borrower's own data download holds none of it
  const mine = await request.get('/api/me/data', { headers: borrower });
  expect(mine.status()).toBe(200);
  expect(await mine.text()).not.toContain('E2E: several loans');
});
