import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN, UNDERWRITER, axe, signInToConsole } from '../support/console.ts';

/**
 * BE-14 in the console (desktop): the sandbox server carries the fictitious sample list; an
 * underwriter and an admin see the AML queue with the list it screens against. Axe-clean.
 */
test('BE-14: the AML queue shows the list in force to an underwriter and an admin; axe-clean', async ({
  page,
}) => {
  for (const who of [UNDERWRITER, ADMIN]) {
    await signInToConsole(page, who);
    await page.getByRole('menuitem', { name: 'AML screening' }).click();
    await expect(page.getByTestId('aml-list')).toContainText('3 listed people');
    await expect(page.getByTestId('aml-table')).toBeVisible();
    await axe(page, `aml queue (${who.email})`);
    await page.screenshot({
      path: fileURLToPath(new URL('../../docs/screenshots/console-aml.png', import.meta.url)),
    });
    await page.getByTestId('sign-out').click();
  }
});
