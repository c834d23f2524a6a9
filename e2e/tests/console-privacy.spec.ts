import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loginThroughApi } from '../support/login.ts';
import { ADMIN, SUPPORT, axe, signInToConsole } from '../support/console.ts';

/**
 * BE-12 in the console (desktop): a borrower's deletion request waits in "Data requests" with the
 * plan they were shown; support sees it but cannot complete it; an admin completes it with a note
 * and the borrower's sessions end.
 */
test('BE-12: support sees a deletion request; an admin completes it; the borrower is signed out; axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await loginThroughApi(request);
  const asked = await request.post('/api/me/data-deletion', {
    headers: borrower.headers,
    data: { confirm: true },
  });
  expect(asked.status()).toBe(201);
  const requestId = ((await asked.json()) as { request: { id: string } }).request.id;

  await signInToConsole(page, SUPPORT);
  await page.getByRole('menuitem', { name: 'Data requests' }).click();
  const table = page.getByTestId('data-requests-table');
  await expect(table).toContainText(`+63 ${borrower.phone}`);
  await expect(page.getByTestId(`complete-${requestId}`)).toHaveCount(0);
  await axe(page, 'data requests (support)');
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshots/console-data-requests.png', import.meta.url)),
  });
  await page.getByTestId('sign-out').click();

  await signInToConsole(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Data requests' }).click();
  await page.getByTestId(`complete-${requestId}`).click();
  await page.getByTestId('completion-note').fill('Erased sessions, messages and feedback; nothing else held');
  await axe(page, 'data requests (complete)');
  await page.getByRole('button', { name: 'Erase and complete' }).click();
  await expect(page.getByTestId(`complete-${requestId}`)).toHaveCount(0);
  await page.getByText('Completed', { exact: true }).click();
  await expect(page.getByTestId('data-requests-table')).toContainText(`+63 ${borrower.phone}`);

  // the borrower's session ended with it
  expect((await request.get('/api/home', { headers: borrower.headers })).status()).toBe(401);
});
