import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi } from '../support/login.ts';
import { baseInfoStep, fill, identityStep, restOfSteps, visible } from '../support/application.ts';

/**
 * Withdrawal (issue 4) on an iPhone: the cost of every offered amount before choosing, the three
 * documents read before agreeing, one drawn signature, the order paid out within seconds (sandbox),
 * an unpaid loan blocking another withdrawal, a failed payout fixed by the borrower, and the
 * rejected path on home.
 */

/** Logs in, fills all seven steps, submits and waits for the sandbox decision on home. */
async function applyAndWait(page: Page, options: { email?: string; payoutAccount?: (phone: string) => string; expect: 'Can be withdrawn' | 'Rejected' }): Promise<string> {
  const phone = await loginThroughUi(page);
  await page.getByTestId('apply-card').getByTestId('apply-now').click();
  await expect(page).toHaveURL(/\/identityInfo$/);
  await identityStep(page, phone);
  await baseInfoStep(page, options.email);
  await restOfSteps(page, phone, options.payoutAccount?.(phone));
  await page.getByTestId('step-submit').click();
  await expect(page).toHaveURL(/\/homeIndex/);
  await expect(page.getByTestId('application-status')).toHaveText(options.expect, { timeout: 30_000 });
  return phone;
}

/** Draws a signature with the mouse (pointer events), as a finger would. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not laid out');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), y + (i % 2 ? -1 : 1) * box.height * 0.2, { steps: 2 });
  await page.mouse.up();
}

/** /loan: the three documents in order, both agreements and the signature gate Submit; returns the new order id. */
async function agreeSignAndSubmit(page: Page): Promise<string> {
  await expect(page.getByTestId('doc-disclosure')).toContainText('Disclosure Statement on Loan Transaction');
  await expect(page.getByTestId('doc-agreement')).toContainText('Loan Agreement');
  await expect(page.getByTestId('doc-sanction_letter')).toContainText('Sanction Letter');
  const top = async (id: string) => (await page.getByTestId(id).boundingBox())?.y ?? 0;
  expect(await top('doc-disclosure')).toBeLessThan(await top('doc-agreement'));
  expect(await top('doc-agreement')).toBeLessThan(await top('doc-sanction_letter'));

  // VAL-12: nothing is sent before both documents are agreed to; ST-07: nor before a signature
  const submit = page.getByTestId('loan-submit');
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('loan-blocker')).toHaveText('Please agree to the loan agreement and the sanction letter before withdrawing.');
  await page.getByTestId('agree-agreement').check();
  await expect(submit).toBeDisabled();
  await page.getByTestId('agree-sanction').check();
  await expect(page.getByTestId('loan-blocker')).toHaveText('Please sign in the box to continue.');
  await sign(page);
  await expect(submit).toBeEnabled();

  // SH-13: a double tap books one order
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/orders')) posts.push(r.headers()['idempotency-key'] ?? '');
  });
  await submit.dblclick();
  await expect(page).toHaveURL(/\/withdrawPage\?orderId=[0-9a-f-]{36}$/);
  expect(new Set(posts).size).toBe(1);
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

test.describe('withdrawal (EN-06, CO-01, BE-07, ST-01, ST-04, ST-06, ST-07, VAL-12, SH-17)', () => {
  test('EN-06 BE-07 ST-07 ST-01 ST-06 choose ₱2,000 for 14 days, read, agree, sign → paid out in seconds; a second withdrawal is blocked', async ({ page }) => {
    test.setTimeout(180_000);
    await applyAndWait(page, { expect: 'Can be withdrawn' });
    await page.getByTestId('apply-withdraw').click();
    await expect(page).toHaveURL(/\/allWithdraw$/);

    // the largest offered amount first; then down to ₱2,000 and 14 days
    await expect(page.getByTestId('withdraw-amount-value')).toHaveText('₱4,000.00');
    await expect(visible(page, 'fraud-warning')).toBeVisible();
    for (let i = 0; i < 4; i += 1) await page.getByTestId('withdraw-amount').getByTestId('withdraw-amount-less').click();
    await expect(page.getByTestId('withdraw-amount-value')).toHaveText('₱2,000.00');
    await page.getByTestId('term-30').click();
    await expect(page.getByTestId('cost-interest')).toHaveText('₱90.00');
    await page.getByTestId('term-14').click();
    // issue 9 item 4: what arrives and what is owed, above the cost lines, with EIR explained
    await expect(page.getByTestId('withdraw-receive')).toHaveText('₱1,959.60');
    await expect(page.getByTestId('withdraw-summary')).toContainText('EIR');

    // docs/compliance.md arithmetic: 0.15%/day, 1.5% fee, 18% tax on it, ₱5 credit reporting
    const lines: Record<string, string | RegExp> = {
      principal: '₱2,000.00',
      dailyRate: '0.15%',
      interest: '₱42.00',
      serviceFee: '-₱30.00',
      tax: '-₱5.40',
      creditReportingFee: '-₱5.00',
      coupon: '₱0.00',
      netProceeds: '₱1,959.60',
      totalRepayment: '₱2,042.00',
      dueDate: /^\d{4}-\d{2}-\d{2}$/,
      eir: '9.23%',
    };
    for (const [line, value] of Object.entries(lines)) await expect(page.getByTestId(`cost-${line}`)).toHaveText(value);

    await page.getByTestId('withdraw-continue').click();
    await expect(page).toHaveURL(/\/loan\?amount=200000&termDays=14$/);
    await expect(page.getByTestId('loan-summary')).toContainText('₱1,959.60');
    const orderId = await agreeSignAndSubmit(page);

    // ST-01: in progress, then paid (the sandbox payout succeeds within seconds; the page polls)
    await expect(page.getByTestId('order-status')).toHaveText(/Disbursement in progress|Expires in 14 days/);
    await expect(page.getByTestId('order-status')).toHaveText('Expires in 14 days', { timeout: 30_000 });
    await expect(page.getByTestId('order-reference')).toHaveText(/\S{4,}/);
    await expect(page.getByTestId('order-due-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId('order-total')).toHaveText('₱2,042.00');

    // ST-06: an unpaid loan blocks another withdrawal
    await page.goto('/allWithdraw');
    await expect(page.getByTestId('outstanding-message')).toHaveText('You have an outstanding repayment.');
    await expect(page.getByTestId('withdraw-continue')).toHaveCount(0);
    await page.getByTestId('outstanding-order').click();
    await expect(page).toHaveURL(new RegExp(`/withdrawPage\\?orderId=${orderId}$`));

    // home shows the loan instead of "Withdraw now"
    await page.goto('/homeIndex');
    await expect(page.getByTestId('home-order-status')).toHaveText('Expires in 14 days');
    await expect(page.getByTestId('apply-withdraw')).toHaveCount(0);
    // issue 9 items 3 and 7: amount and due date on home, the date in the borrower's language
    await expect(page.getByTestId('home-due-amount')).toHaveText(/^₱2,\d{3}\.\d{2}$/);
    await expect(page.getByTestId('home-due-date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // My Loan → the bill with every line and the signed documents (fetched with the session)
    await page.goto('/billIndex');
    const item = page.getByTestId(`bill-item-${orderId}`);
    await expect(item).toContainText('Expires in 14 days');
    await expect(item).toContainText('₱2,000.00');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/bill\\?orderId=${orderId}$`));
    await expect(page.getByTestId('cost-netProceeds')).toHaveText('₱1,959.60');
    await expect(page.getByTestId('doc-disclosure')).toContainText('Disclosure Statement on Loan Transaction');
    await expect(page.getByTestId('doc-agreement')).toContainText('Loan Agreement');
    await expect(page.getByTestId('doc-sanction_letter')).toContainText('Sanction Letter');
  });

  test('ST-04 VAL-07 a payout to an account ending 0000 fails; the borrower enters another account and is paid', async ({ page }) => {
    test.setTimeout(180_000);
    // sandbox: a payout account ending 0000 is refused by the provider (INVALID_DESTINATION)
    const failing = (phone: string) => `0${phone.slice(0, 6)}0000`;
    const phone = await applyAndWait(page, { payoutAccount: failing, expect: 'Can be withdrawn' });
    await page.getByTestId('apply-withdraw').click();
    await expect(page.getByTestId('withdraw-amount-value')).toHaveText('₱4,000.00');
    await page.getByTestId('withdraw-continue').click();
    await expect(page).toHaveURL(/\/loan\?amount=400000&termDays=14$/);
    await agreeSignAndSubmit(page);

    await expect(page.getByTestId('order-status')).toHaveText('Disbursement failed: please fix your payout account', { timeout: 30_000 });
    await expect(page.getByTestId('payout-failed-message')).toHaveText('The wallet or bank information is invalid, money cannot be deposited.');
    await expect(visible(page, 'field-payeeFirstName')).toHaveValue('Juan');

    // VAL-07: the account that failed is refused
    await fill(page, 'account', failing(phone));
    await fill(page, 'confirmAccount', failing(phone));
    await page.getByTestId('fix-account-submit').click();
    await expect(page.getByTestId('error-account')).toHaveText('The new payout account must differ from the current one.');

    // VAL-06 on the form, then a working account: paid out again
    await fill(page, 'account', `0${phone}`);
    await fill(page, 'confirmAccount', `0${phone.slice(0, 9)}8`);
    await page.getByTestId('fix-account-submit').click();
    await expect(page.getByTestId('error-confirmAccount')).toHaveText('Bank info does not match: the account numbers differ.');
    await fill(page, 'confirmAccount', `0${phone}`);
    await page.getByTestId('fix-account-submit').click();
    await expect(page.getByTestId('order-status')).toHaveText(/Disbursement in progress|Expires in 14 days/);
    await expect(page.getByTestId('order-status')).toHaveText('Expires in 14 days', { timeout: 30_000 });
    await expect(page.getByTestId('order-reference')).toHaveText(/\S{4,}/);
    await expect(page.getByTestId('fix-account-submit')).toHaveCount(0);
  });

  test('ST-01 the rejected path: home shows "Rejected" and the resubmission date; withdrawal stays closed', async ({ page }) => {
    test.setTimeout(180_000);
    // sandbox: an application e-mail starting with "reject" is declined (retry in 30 days)
    await applyAndWait(page, { email: 'reject.juan@example.com', expect: 'Rejected' });
    await expect(page.getByTestId('application-hint')).toContainText(/Resubmission allowed on \S+/);
    await expect(page.getByTestId('apply-withdraw')).toHaveCount(0);
    await page.goto('/allWithdraw');
    await expect(page.getByTestId('not-approved-message')).toBeVisible();
    await expect(page.getByTestId('withdraw-continue')).toHaveCount(0);
  });
});
