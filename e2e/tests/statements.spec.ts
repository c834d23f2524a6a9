import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  bearer,
  expectAccessible,
  expectNoRawKeys,
  getOrder,
  setLanguage,
  simulate,
  snap,
} from '../support/servicing.ts';
import { borrowerWithLoanThroughApi } from '../support/api-borrower.ts';

/**
 * BE-12 on an iPhone: the statement of account and, once the loan is paid, the clearance letter,
 * read on the bill and downloaded as PDF in each of the three languages.
 */
test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

async function payInFull(page: Page, orderId: string) {
  const order = await getOrder(page, orderId);
  const res = await page.request.post(`/api/orders/${orderId}/repayments`, {
    headers: { ...(await bearer(page)), 'idempotency-key': `statement-${orderId}` },
    data: {
      purpose: 'full',
      channel: 'bank_transfer',
      providerCode: 'BANK_TRANSFER',
      expectedAmount: order.balance!.total,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await simulate(page, ((await res.json()) as { id: string }).id, { outcome: 'pay' });
}

/** Opens a document on the bill and saves its PDF; returns the file's name and first bytes. */
async function downloadPdf(page: Page, kind: string): Promise<{ name: string; head: string }> {
  const details = page.getByTestId(`open-doc-${kind}`);
  if (!(await page.getByTestId(`pdf-${kind}`).isVisible())) await details.click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`pdf-${kind}`).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), head: (await readFile(file)).subarray(0, 5).toString() };
}

test('BE-12 statement of account and clearance letter on the bill, as PDF in three languages; axe-clean', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { orderId } = await borrowerWithLoanThroughApi(page);

  // while the loan runs: the statement, no clearance letter yet
  await page.goto(`/bill?orderId=${orderId}`);
  await page.getByTestId('open-doc-statement').click();
  await expect(page.getByTestId('doc-statement')).toContainText('Statement of Account');
  await expect(page.getByTestId('doc-statement')).toContainText('Loan paid out');
  await expect(page.getByTestId('open-doc-clearance_letter')).toHaveCount(0);
  await expectAccessible(page);

  await payInFull(page, orderId);
  await page.goto(`/bill?orderId=${orderId}`);
  await page.getByTestId('open-doc-statement').click();
  await expect(page.getByTestId('doc-statement')).toContainText('Payment received');
  await snap(page, 'statement', 'doc-statement');
  const statement = await downloadPdf(page, 'statement');
  expect(statement).toEqual({ name: `statement-${orderId.slice(0, 8)}.pdf`, head: '%PDF-' });
  await page.getByTestId('open-doc-clearance_letter').click();
  await expect(page.getByTestId('doc-clearance_letter')).toContainText('has fully paid loan');
  await expect(page.getByTestId('doc-clearance_letter')).toContainText('₱0.00');
  expect((await downloadPdf(page, 'clearance_letter')).head).toBe('%PDF-');
  await expectAccessible(page);

  const titles = {
    fil: ['Pahayag ng Account', 'Sertipiko ng Buong Pagbabayad'],
    'zh-CN': ['账户对账单', '结清证明'],
  };
  for (const [lang, [statementTitle, letterTitle]] of Object.entries(titles) as [
    'fil' | 'zh-CN',
    string[],
  ][]) {
    await setLanguage(page, lang);
    await page.goto(`/bill?orderId=${orderId}`);
    await page.getByTestId('open-doc-statement').click();
    await expect(page.getByTestId('doc-statement')).toContainText(statementTitle!);
    await page.getByTestId('open-doc-clearance_letter').click();
    await expect(page.getByTestId('doc-clearance_letter')).toContainText(letterTitle!);
    expect((await downloadPdf(page, 'statement')).head).toBe('%PDF-');
    expect((await downloadPdf(page, 'clearance_letter')).head).toBe('%PDF-');
    await expectNoRawKeys(page);
    await expectAccessible(page);
  }
  await setLanguage(page, 'en-US');
});
