import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, setLanguage } from '../support/servicing.ts';
import { loginThroughApiInBrowser } from '../support/api-borrower.ts';

/**
 * BE-11 on an iPhone (RA 11765, SEC MC 5 s.2023): from the profile, file a complaint and see its
 * ticket number, status, promised resolution date and where to escalate, in three languages.
 */
test.use({ actionTimeout: 15_000 });

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(complaints|routes|common):[A-Za-z_.]+/);
  expect(text).not.toMatch(/\b(form|list|status|categories|escalation)\.[a-z][A-Za-z_.]+/);
  expect(text).not.toContain('{{');
}

test('BE-11 complaints: a borrower files one from the profile and sees the ticket, status, promised date and SEC escalation; three languages; axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginThroughApiInBrowser(page);
  await page.goto('/my');
  await page.getByTestId('my-link-complaints').click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page.getByTestId('complaint-escalation')).toContainText('Securities and Exchange Commission');
  await expectAccessible(page);

  // checked on the page first, with the server's message
  await page.getByTestId('complaint-category').selectOption('charges_or_fees');
  await page.getByTestId('complaint-description').fill('too short');
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByTestId('complaint-error')).toHaveText('Please write at least 10 characters.');
  await page
    .getByTestId('complaint-description')
    .fill('I was charged a service fee twice on the same loan. Please check.');
  await page.getByTestId('complaint-submit').click();

  await expect(page.getByTestId('complaint-filed')).toContainText(/PN-C-\d{4}-\d{6}/);
  const ticket = page.getByTestId('complaint-ticket');
  await expect(ticket).toHaveCount(1);
  const number = (await page.getByTestId('complaint-ticket-number').innerText()).trim();
  expect(number).toMatch(/^PN-C-\d{4}-\d{6,}$/);
  await expect(page.getByTestId('complaint-filed')).toContainText(number);
  await expect(page.getByTestId('complaint-status')).toHaveText('Received');
  await expect(page.getByTestId('complaint-promised')).toContainText('We will resolve it by');
  await expectAccessible(page);
  if (process.env.SCREENSHOTS) {
    await ticket.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: fileURLToPath(new URL('../../docs/screenshots/complaints.png', import.meta.url)),
    });
  }

  // still there after a reload (from the server), and in the other languages
  await page.reload();
  await expect(page.getByTestId('complaint-ticket-number')).toHaveText(number);
  for (const [lang, status, escalation] of [
    ['fil', 'Natanggap', 'Securities and Exchange Commission'],
    ['zh-CN', '已受理', '证券交易委员会'],
  ] as const) {
    await setLanguage(page, lang);
    await page.goto('/complaints');
    await expect(page.getByTestId('complaint-status')).toHaveText(status);
    await expect(page.getByTestId('complaint-escalation')).toContainText(escalation);
    await expectNoRawKeys(page);
    await expectAccessible(page);
  }
  await setLanguage(page, 'en-US');
});
