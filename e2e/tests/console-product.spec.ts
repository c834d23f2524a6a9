import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ADMIN2, axe, signInToConsole } from '../support/console.ts';

/**
 * CO-06 / BE-08 in the console (desktop): admin A drafts a lower service fee in "Product", sees the
 * draft's worst case against every cap and submits it with a reason; A cannot approve their own
 * draft; admin B (a second browser) approves it and the new version is in force. The journey then
 * puts the original values back the same way (maker-checker, over the console API), so journeys
 * priced after it see the seeded product.
 */
interface ProductPage {
  active: { version: number; config: Record<string, unknown> & { serviceFeeBp: number } };
  changes: { id: string; state: string; makerEmail: string; version: number | null }[];
}

/** A console request from the signed-in page, with its session's CSRF token. */
async function consolePost(page: Page, path: string, data: unknown) {
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()) as { csrfToken: string }).csrfToken;
  return page.request.post(path, { headers: { 'x-csrf-token': csrf }, data });
}

test('CO-06: admin A drafts a lower service fee and sees the worst cases; admin B approves; the new version is in force; axe-clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // admin A, the maker
  await signInToConsole(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Product' }).click();
  await expect(page.getByTestId('active-version')).toBeVisible();
  const before = (await (await page.request.get('/api/console/product')).json()) as ProductPage;
  await expect(page.getByTestId('active-version')).toHaveText(`In force: version ${before.active.version}`);
  await expect(page.getByTestId('active-worst-cases')).toContainText('Effective interest rate (EIR)');
  await axe(page, 'product (in force)');

  const lower = before.active.config.serviceFeeBp - 30;
  await page.getByTestId('product-edit').click();
  const fee = page.getByTestId('product-serviceFeeBp');
  await fee.fill(String(lower));
  // a fee that breaches the EIR cap is shown as a breach and cannot be submitted
  await fee.fill('900');
  await expect(page.getByTestId('draft-breaches')).toContainText('Effective interest rate (EIR)');
  await expect(page.getByTestId('draft-worst-cases').getByTestId('cap-effective')).toHaveText('breach');
  await page.getByTestId('product-reason').fill('Lower service fee for the holiday season');
  await expect(page.getByTestId('product-submit')).toBeDisabled();
  // the lower fee: every cap within, before submitting
  await fee.fill(String(lower));
  const draftCaps = page.getByTestId('draft-worst-cases');
  await expect(draftCaps.getByText('breach')).toHaveCount(0);
  await expect(draftCaps.getByText('within', { exact: true })).toHaveCount(7);
  await axe(page, 'product (draft with worst cases)');
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshots/console-product-draft.png', import.meta.url)),
    fullPage: true,
  });
  await page.getByTestId('product-submit').click();
  const changes = page.getByTestId('product-changes');
  await expect(changes).toContainText(
    `Service fee (basis points; 150 = 1.5%): ${before.active.config.serviceFeeBp} → ${lower}`,
  );
  await expect(changes).toContainText('Waiting for another admin');
  const drafted = (await (await page.request.get('/api/console/product')).json()) as ProductPage;
  const change = drafted.changes.find((c) => c.state === 'pending' && c.makerEmail === ADMIN.email)!;
  await expect(page.getByTestId(`approve-${change.id}`)).toHaveCount(0);
  // the server refuses A's own approval too, whatever the page shows
  const own = await consolePost(page, `/api/console/product/changes/${change.id}/approve`, {});
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { code: string }).code).toBe('APPROVAL_SAME_OPERATOR');
  await expect(page.getByTestId('active-version')).toHaveText(`In force: version ${before.active.version}`);

  // admin B, the checker, in a browser of their own
  const checker = await (await browser.newContext()).newPage();
  await signInToConsole(checker, ADMIN2);
  await checker.getByRole('menuitem', { name: 'Product' }).click();
  // the request shows its worst cases too
  await checker
    .getByRole('row', { name: /Lower service fee/ })
    .getByRole('button', { name: /expand/i })
    .click();
  await expect(checker.getByTestId(`change-worst-${change.id}`)).toContainText('Total cost at booking');
  await axe(checker, 'product (checker)');
  await checker.getByTestId(`approve-${change.id}`).click();
  const next = before.active.version + 1;
  await expect(checker.getByTestId('active-version')).toHaveText(`In force: version ${next}`);
  await expect(checker.getByTestId('product-changes')).toContainText(`approved → version ${next}`);
  await expect(checker.getByTestId('active-values')).toContainText(String(lower));

  // A sees it in force too
  await page.reload();
  await expect(page.getByTestId('active-version')).toHaveText(`In force: version ${next}`);

  // put the original values back (B drafts, A approves), so later journeys are priced as seeded
  const restore = await consolePost(checker, '/api/console/product/changes', {
    requestKey: crypto.randomUUID(),
    baseVersion: next,
    config: before.active.config,
    reason: 'e2e: restore the seeded product',
  });
  expect(restore.status()).toBe(200);
  const restoreId = ((await restore.json()) as { id: string }).id;
  expect((await consolePost(page, `/api/console/product/changes/${restoreId}/approve`, {})).status()).toBe(
    200,
  );
  const after = (await (await page.request.get('/api/console/product')).json()) as ProductPage;
  expect(after.active).toMatchObject({ version: next + 1, config: before.active.config });
  await checker.context().close();
});
