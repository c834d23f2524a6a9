import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginThroughApi } from '../support/login.ts';
import { ADMIN, SUPPORT, axe, signIn } from '../support/console.ts';

/**
 * The console's coupons and messages (issue 11, BE-08; EN-07, EN-08) on desktop Chromium: an admin
 * opens a borrower's page, gives them a coupon and writes them a message in three languages; the
 * borrower finds both, the message in their own language.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.resolve(here, '../../docs/screenshots');

test('BE-08 EN-07 EN-08: from the borrower page, a coupon and a message in three languages reach the borrower; axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { phone, customerId, headers: borrower } = await loginThroughApi(request);

  await page.goto(`/console/borrowers/${customerId}`);
  await signIn(page, ADMIN);
  await expect(page.getByText(`+63 ${phone}`)).toBeVisible();
  await page.getByTestId('to-engagement').click();
  await expect(page.getByRole('heading', { name: 'Coupons and messages' })).toBeVisible();
  await expect(page.getByLabel('Borrower id').first()).toHaveValue(customerId);

  // a ₱75 repayment coupon
  const coupon = page.getByTestId('coupon-form');
  await coupon.getByLabel(/^Amount/).fill('75');
  await coupon.getByLabel(/^Reason/).fill('Goodwill: the payout was late');
  await axe(page, 'coupons and messages');
  await page.getByTestId('coupon-submit').click();
  await expect(page.getByTestId('coupon-result')).toContainText('1 new coupon');

  // a message in the three languages
  const notice = page.getByTestId('notice-form');
  const texts = {
    'en-US': ['Office closed on Monday', 'Customer service is closed on 30 November.'],
    fil: ['Sarado ang opisina sa Lunes', 'Sarado ang customer service sa 30 Nobyembre.'],
    'zh-CN': ['周一休息', '客服于 11 月 30 日休息。'],
  } as const;
  for (const [code, [title, body]] of Object.entries(texts)) {
    await notice.locator(`#notice-title-${code}`).fill(title);
    await notice.locator(`#notice-body-${code}`).fill(body);
  }
  await page.getByTestId('notice-submit').click();
  await expect(page.getByTestId('notice-result')).toContainText('1 new message');
  await axe(page, 'coupons and messages, sent');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'console-engagement.png'), fullPage: true });

  // the borrower has the coupon, and reads the message in each language of the app
  const coupons = await request.get('/api/coupons?status=usable', { headers: borrower });
  const usable = ((await coupons.json()) as { coupons: { amount: string }[] }).coupons;
  expect(usable.map((c) => c.amount)).toContain('7500');
  for (const [lang, [title, body]] of Object.entries(texts)) {
    const res = await request.get('/api/messages', { headers: { ...borrower, 'accept-language': lang } });
    const list = ((await res.json()) as { messages: { event: string; title: string; body: string }[] })
      .messages;
    expect(list.find((m) => m.event === 'operator_notice')).toMatchObject({ title, body });
    // and the coupon was announced in the same language
    expect(list.some((m) => m.event === 'coupon_granted')).toBe(true);
  }
});

test('BE-08 VAL-11: feedback a borrower sends waits in the console queue; support marks it handled with a note; axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { phone, token } = await loginThroughApi(request);
  const text = `Please add Maya as a payout channel (${phone.slice(-4)})`;
  const sent = await request.post('/api/feedback', {
    data: { body: text },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `feedback-${phone}` },
  });
  expect(sent.ok()).toBe(true);
  const { id } = (await sent.json()) as { id: string };

  await page.goto('/console/feedback');
  await signIn(page, SUPPORT);
  await expect(page.getByTestId('feedback-table')).toContainText(text);
  await axe(page, 'feedback queue');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'console-feedback.png') });
  await page.getByTestId(`handle-${id}`).click();
  await page.getByTestId('handling-note').fill('Passed to product; replied by SMS');
  // axe measures colours as painted: let the dialog's zoom-in (opacity) finish first
  await page
    .locator('.ant-modal')
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await axe(page, 'feedback: mark handled');
  await page.getByRole('button', { name: 'Mark handled', exact: true }).click();
  await expect(page.getByTestId('feedback-table')).not.toContainText(text);
  await page.getByText('Handled', { exact: true }).click();
  await expect(page.getByTestId('feedback-table')).toContainText('Passed to product; replied by SMS');
});
