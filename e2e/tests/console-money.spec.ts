import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { borrowerWithLoanThroughApi } from '../support/api-borrower.ts';
import { bearer, getOrder, simulate } from '../support/servicing.ts';
import { ADMIN, FINANCE, axe, currentCode, signInToConsole } from '../support/console.ts';

/**
 * The finance role's money operations in the console (issue 11, CO-05, BE-05) on desktop Chromium.
 * Three borrowers, set up through the borrower API (support/api-borrower.ts): one whose payout
 * fails (the sandbox bank is down for an account ending 4444), one who sends the wrong amount (held
 * in suspense), one who returns what was paid out within 24 hours. The sandbox demo finance
 * operator then retries the payout, applies the held money to the loan and cancels the third loan;
 * a fourth borrower repays a loan whose transfer then comes back, and finance undoes that loan and
 * refunds the payment (BE-05); every screen is axe-clean.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.resolve(here, '../../docs/screenshots');

/** A borrower (in a browser of their own) whose first payout fails: the sandbox bank is down for …4444. */
async function borrowerWithFailedPayout(browser: Browser): Promise<string> {
  const page = await (await browser.newContext()).newPage();
  const { orderId } = await borrowerWithLoanThroughApi(page, {
    payoutAccount: (phone) => `0${phone.slice(0, 6)}4444`,
    until: 'payout_failed',
  });
  await page.context().close();
  return orderId;
}

/** A full repayment started by bank transfer for what the loan asks now: its id and that amount. */
async function startFullRepayment(
  page: Page,
  orderId: string,
): Promise<{ repaymentId: string; total: bigint }> {
  const total = BigInt((await getOrder(page, orderId)).balance?.total ?? '0');
  const started = await page.request.post(`/api/orders/${orderId}/repayments`, {
    headers: { ...(await bearer(page)), 'idempotency-key': randomUUID() },
    data: {
      purpose: 'full',
      channel: 'bank_transfer',
      providerCode: 'BANK_TRANSFER',
      expectedAmount: String(total),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  return { repaymentId: ((await started.json()) as { id: string }).id, total };
}

/** A borrower with a paid-out loan who sends `amount(order)` by bank transfer: held in suspense. */
async function borrowerWhoSends(
  browser: Browser,
  amount: (order: { total: bigint; netProceeds: bigint }) => bigint,
): Promise<{ orderId: string; sent: bigint }> {
  const page = await (await browser.newContext()).newPage();
  const { orderId } = await borrowerWithLoanThroughApi(page);
  const view = await page.request.get(`/api/orders/${orderId}`, { headers: await bearer(page) });
  const netProceeds = BigInt(((await view.json()) as { netProceeds: string }).netProceeds);
  const { repaymentId, total } = await startFullRepayment(page, orderId);
  const sent = amount({ total, netProceeds });
  await simulate(page, repaymentId, { outcome: 'pay_different', amount: String(sent) });
  await page.context().close();
  return { orderId, sent };
}

/**
 * BE-05: a borrower whose loan is paid out to an account ending …2222 (the sandbox network reverses
 * it later), who repays it in full; then the transfer comes back. The returned money is held.
 */
async function borrowerRepaidThenPayoutReturned(
  browser: Browser,
): Promise<{ orderId: string; paid: bigint }> {
  const page = await (await browser.newContext()).newPage();
  const { orderId } = await borrowerWithLoanThroughApi(page, {
    payoutAccount: (phone) => `0${phone.slice(0, 6)}2222`,
  });
  const { repaymentId, total } = await startFullRepayment(page, orderId);
  await simulate(page, repaymentId, { outcome: 'pay' });
  expect((await getOrder(page, orderId)).status).toBe('settled');
  const back = await page.request.post(`/api/sandbox/orders/${orderId}/payout/callback`, {
    data: { state: 'reversed', failureCode: 'ACCOUNT_CLOSED' },
  });
  expect(back.ok(), await back.text()).toBe(true);
  await page.context().close();
  return { orderId, paid: total };
}

/** The sandbox demo finance operator signs in and opens Finance. */
async function signInToFinance(page: Page) {
  await page.goto('/console/');
  await page.getByTestId('email').fill(FINANCE.email);
  await page.getByTestId('password').fill(FINANCE.password);
  await page.getByTestId('code').fill(await currentCode(page, FINANCE.totpSecret));
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('operator')).toContainText('finance@console.pisonow.test (finance)');
  await page.getByRole('menuitem', { name: 'Finance' }).click();
  await expect(page).toHaveURL(/\/console\/finance$/);
}

/**
 * Picks an option of an antd Select by its text, checking that the select then shows it: a click on
 * an option while its dropdown is still opening can be lost, and a long list (the banks) renders
 * only the options in view, so a searchable select is typed into first.
 */
async function choose(page: Page, testId: string, text: string, options: { search?: boolean } = {}) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    if (options.search) await page.keyboard.type(text);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: text,
      })
      .first()
      .click({ timeout: 3_000 });
    await expect(select).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

const peso = (centavos: bigint) =>
  `₱${(centavos / 100n).toLocaleString('en-US')}.${String(centavos % 100n).padStart(2, '0')}`;

test.describe('console money operations (issue 11)', () => {
  test('CO-05 BE-05 ST-04: the demo finance operator retries a failed payout, applies held money, cancels a loan within 24 hours; axe-clean', async ({
    browser,
    page,
  }) => {
    test.setTimeout(420_000);
    const failedOrder = await borrowerWithFailedPayout(browser);
    const underpaid = await borrowerWhoSends(browser, ({ total }) => total - 100_000n);
    const returning = await borrowerWhoSends(browser, ({ netProceeds }) => netProceeds);
    const bounced = await borrowerRepaidThenPayoutReturned(browser);

    await signInToFinance(page);

    // payouts: the failed order is queued; retry it to the same account, now that the bank is back
    const payouts = page.getByTestId('payout-queue');
    const failedRow = payouts.locator('tr', { hasText: failedOrder.slice(0, 8) });
    await expect(failedRow).toContainText('BANK_UNAVAILABLE');
    await axe(page, 'finance payouts');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-payouts.png') });
    await failedRow.getByRole('button', { name: 'Retry payout' }).click();
    await page.getByTestId('payout-action-reason').fill('The bank outage is over');
    await axe(page, 'retry dialog');
    await page.getByTestId('payout-action-ok').click();
    await expect(page.getByText('Payout: done')).toBeVisible();
    await expect(payouts.locator('tr', { hasText: failedOrder.slice(0, 8) })).toHaveCount(0);

    // BE-05: the transfer that came back after the borrower repaid: undo the loan, refund the payment
    const bouncedRow = payouts.locator('tr', { hasText: bounced.orderId.slice(0, 8) });
    await expect(bouncedRow).toContainText('reversed');
    await bouncedRow.getByRole('button', { name: 'Undo loan and refund' }).click();
    await page.getByTestId('payout-action-reason').fill('The bank returned the transfer: account closed');
    await axe(page, 'unwind dialog');
    await page.getByTestId('payout-action-ok').click();
    await expect(page.getByText('Payout: done')).toBeVisible();
    await expect(payouts.locator('tr', { hasText: bounced.orderId.slice(0, 8) })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Refunds' }).click();
    const refundRow = page
      .getByTestId('refund-queue')
      .locator('tr', { hasText: bounced.orderId.slice(0, 8) });
    await expect(refundRow).toContainText(peso(bounced.paid));
    await expect(refundRow).toContainText('loan undone');
    await axe(page, 'finance refunds');
    // the borrower's account as it is now (here still the one on the order: nothing changes)
    await refundRow.getByRole('button', { name: 'Use current account' }).click();
    await page.getByTestId('refund-account-reason').fill('Borrower confirmed the account by phone');
    await axe(page, 'refund account dialog');
    await page.getByTestId('refund-account-ok').click();
    await expect(page.getByText('Refund account: done')).toBeVisible();
    // sent, then the bank returns it: owed again, waiting to be sent again as its second attempt
    await refundRow.getByRole('button', { name: 'Mark executed' }).click();
    await page.getByTestId('refund-action-transferReference').fill('INSTAPAY-E2E-1');
    await page.getByTestId('refund-action-ok').click();
    await expect(refundRow).toContainText('INSTAPAY-E2E-1');
    await refundRow.getByRole('button', { name: 'Came back' }).click();
    await page.getByTestId('refund-returned-reason').fill('The bank returned it: account closed');
    await axe(page, 'refund returned dialog');
    await page.getByTestId('refund-returned-ok').click();
    await expect(refundRow).toContainText('attempt 2');
    await page.getByRole('tab', { name: 'Payouts' }).click();

    // suspense: the underpayment is held; apply it to the loan as a part payment
    await page.getByRole('tab', { name: 'Suspense' }).click();
    const suspense = page.getByTestId('suspense-queue');
    const heldRow = suspense.locator('tr', { hasText: underpaid.orderId.slice(0, 8) });
    await expect(heldRow).toContainText(peso(underpaid.sent));
    await expect(heldRow).toContainText('amount_mismatch');
    const returnedRow = suspense.locator('tr', { hasText: returning.orderId.slice(0, 8) });
    await expect(returnedRow).toContainText(peso(returning.sent));
    await axe(page, 'finance suspense');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-suspense.png') });
    await heldRow.getByRole('button', { name: 'Apply to loan' }).click();
    await page.getByTestId('suspense-action-reason').fill('Borrower sent less by mistake; pays part');
    await page.getByTestId('suspense-action-ok').click();
    await expect(page.getByText('Suspense: done')).toBeVisible();
    await expect(suspense.locator('tr', { hasText: underpaid.orderId.slice(0, 8) })).toHaveCount(0);

    // CO-05: the returned proceeds cancel the third loan
    await returnedRow.getByRole('button', { name: 'Cancel loan' }).click();
    await page.getByTestId('suspense-action-reason').fill('Borrower changed their mind within 24 hours');
    await page.getByTestId('suspense-action-ok').click();
    await expect(suspense.locator('tr', { hasText: returning.orderId.slice(0, 8) })).toHaveCount(0);

    // the loan page shows it cancelled with nothing owed
    await page.getByRole('tab', { name: 'Loan' }).click();
    await page.getByTestId('loan-order-id').locator('input').fill(returning.orderId);
    await page.getByTestId('loan-order-id').locator('input').press('Enter');
    const loan = page.getByTestId('loan-money');
    await expect(loan).toContainText('cancelled');
    await expect(loan).toContainText('₱0.00');
    await axe(page, 'finance loan');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-loan.png') });

    // the three effects, as the API sees them
    const byApi = async (orderId: string) =>
      (await (await page.request.get(`/api/console/money/loans/${orderId}`)).json()) as {
        status: string;
        outstanding: { total: string };
      };
    expect((await byApi(failedOrder)).status).toBe('repaying');
    expect((await byApi(returning.orderId)).status).toBe('cancelled');
    const undone = await byApi(bounced.orderId);
    expect(undone.status).toBe('cancelled');
    expect(undone.outstanding.total).toBe('0');
    const partly = await byApi(underpaid.orderId);
    expect(partly.status).toBe('repaying');
    expect(BigInt(partly.outstanding.total)).toBeLessThan(100_000n + 1n);
  });

  test('BE-05: the demo finance operator assigns money naming no borrower to the borrower who paid, by phone, after seeing whom the number finds; undoes it and assigns it again; it becomes their held money, refunded from the suspense queue; axe-clean', async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    // a borrower with a loan pays through a link made in the provider's dashboard: it names no loan
    const payer = await (await browser.newContext()).newPage();
    const { phone, orderId } = await borrowerWithLoanThroughApi(payer);
    const amount = 123_456n;
    const paid = await payer.request.post('/api/sandbox/collections/dashboard-payment', {
      data: { amount: String(amount) },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { result, providerCollectionId } = (await paid.json()) as {
      result: string;
      providerCollectionId: string;
    };
    expect(result).toBe('unknown');

    await signInToFinance(page);
    await page.getByRole('tab', { name: 'Suspense' }).click();
    const row = page.getByTestId('suspense-unmatched').locator('tr', { hasText: providerCollectionId });
    await expect(row).toContainText(peso(amount));
    const assignByPhone = async (reason: string, check: boolean) => {
      await row.getByRole('button', { name: 'Assign to borrower' }).click();
      await page.getByTestId('unmatched-assign-borrower').fill(`0${phone}`);
      await choose(page, 'unmatched-assign-channel', 'GCash');
      await page.getByTestId('unmatched-assign-reason').fill(reason);
      if (check) await axe(page, 'assign unmatched dialog');
      await page.getByTestId('unmatched-assign-ok').click();
      // nothing is assigned before finance sees whom the number found: masked phone, the loan
      const found = page.getByTestId('unmatched-confirm');
      await expect(found).toContainText(`+63 ${phone.slice(0, 3)} *** ${phone.slice(6)}`);
      await expect(found).toContainText(orderId.slice(0, 8));
      if (check) await axe(page, 'confirm unmatched assignment');
      await page.getByTestId('unmatched-confirm-ok').click();
      await expect(page.getByText('Assigned to borrower: done').last()).toBeVisible();
      await expect(row.getByTestId('unmatched-resolution')).toContainText(FINANCE.email);
      await expect(row.getByTestId('unmatched-resolution')).toContainText(orderId.slice(0, 8));
    };
    await assignByPhone('The payer called with the GCash receipt', true);

    // BE-05: undone (say the number was the wrong one), the money names nobody again, with its history
    await row.getByTestId('unmatched-undo').click();
    await page.getByTestId('unmatched-undo-reason').fill('Checking the receipt again before matching');
    await page.getByTestId('unmatched-undo-ok').click();
    await expect(page.getByText('Assignment undone: done')).toBeVisible();
    await expect(row.getByTestId('unmatched-history')).toContainText('Checking the receipt again');
    await expect(row.getByTestId('unmatched-resolution')).toHaveCount(0);
    const afterUndo = await payer.request.get('/api/repayments', { headers: await bearer(payer) });
    expect(
      ((await afterUndo.json()) as { repayments: { amountReceived: string | null }[] }).repayments.filter(
        (r) => r.amountReceived === String(amount),
      ),
    ).toEqual([]);
    await assignByPhone('The receipt checked: this borrower paid', false);

    // their held money now, listed above with the rest: refund it to them as any held money
    const held = page.getByTestId('suspense-queue').locator('tr', { hasText: orderId.slice(0, 8) });
    await expect(held).toContainText(peso(amount));
    await expect(held).toContainText('unmatched');
    await axe(page, 'finance suspense with assigned money');
    await held.getByRole('button', { name: 'Refund' }).click();
    await page.getByTestId('suspense-action-reason').fill('Not meant for the loan: returned');
    await page.getByTestId('suspense-action-ok').click();
    await expect(page.getByText('Suspense: done')).toBeVisible();
    await expect(
      page.getByTestId('suspense-queue').locator('tr', { hasText: orderId.slice(0, 8) }),
    ).toHaveCount(0);
    await page.getByRole('tab', { name: 'Refunds' }).click();
    await expect(
      page.getByTestId('refund-queue').locator('tr', { hasText: orderId.slice(0, 8) }),
    ).toContainText(peso(amount));

    // the borrower sees the money as theirs, being returned
    const mine = await payer.request.get('/api/repayments', { headers: await bearer(payer) });
    const records = (
      (await mine.json()) as { repayments: { state: string; amountReceived: string | null }[] }
    ).repayments;
    expect(records.filter((r) => r.amountReceived === String(amount)).map((r) => r.state)).toEqual([
      'refunded',
    ]);
    await payer.context().close();
  });

  test('BE-05: money from a payer who is no borrower goes back to them: finance drafts the refund to the GCash number the payer gave, the demo admin (another operator) approves it, finance reads the whole number in Refunds and marks it executed; axe-clean', async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto('/start');
    const amount = 54_321n;
    const paid = await stranger.request.post('/api/sandbox/collections/dashboard-payment', {
      data: { amount: String(amount) },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { providerCollectionId } = (await paid.json()) as { providerCollectionId: string };
    await stranger.context().close();

    await signInToFinance(page);
    await page.getByRole('tab', { name: 'Suspense' }).click();
    const row = page.getByTestId('suspense-unmatched').locator('tr', { hasText: providerCollectionId });
    await expect(row).toContainText(peso(amount));
    await row.getByTestId('unmatched-refund').click();
    await choose(page, 'unmatched-refund-provider', 'GCash', { search: true });
    await page.getByTestId('unmatched-refund-account').fill('0917 555 0101');
    await page.getByTestId('unmatched-refund-confirm').fill('0917 555 0101');
    await page.getByTestId('unmatched-refund-payee').fill('Liza Manalo');
    await page
      .getByTestId('unmatched-refund-reason')
      .fill('Not our borrower: paid a link by mistake, sent the receipt');
    await axe(page, 'refund to payer dialog');
    await page.getByTestId('unmatched-refund-ok').click();
    await expect(page.getByText('Refund to the payer sent to an admin for approval')).toBeVisible();
    await expect(row.getByTestId('unmatched-payer-refund')).toContainText('waiting for an admin to approve');
    await expect(row.getByTestId('unmatched-payer-refund')).toContainText('···0101');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-payer-refund.png') });

    // the maker is finance: the demo admin, another operator, approves it in Approvals
    const checker = await (await browser.newContext()).newPage();
    await signInToConsole(checker, ADMIN);
    await checker.getByRole('menuitem', { name: 'Finance' }).click();
    await checker.getByRole('tab', { name: 'Approvals' }).click();
    const request = checker
      .getByTestId('approval-queue')
      .locator('tr', { has: checker.getByTestId('approval-payer-refund') })
      .filter({ hasText: 'Liza Manalo' });
    await expect(request).toContainText('09175550101');
    await expect(request).toContainText(peso(amount));
    await axe(checker, 'approvals with a refund to a payer');
    await checker.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-approval-payer-refund.png') });
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(checker.getByText('Request: done')).toBeVisible();
    await checker.context().close();

    // finance reads whom to pay, sends it, and records the transfer
    await page.getByRole('tab', { name: 'Refunds' }).click();
    const refund = page.getByTestId('refund-queue').locator('tr', { hasText: 'Liza Manalo' });
    await expect(refund).toContainText('09175550101');
    await expect(refund).toContainText('payer, no borrower');
    await expect(refund.getByRole('button', { name: 'Use current account' })).toHaveCount(0);
    await axe(page, 'refunds with a payer');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-finance-refund-payer.png') });
    await refund.getByRole('button', { name: 'Mark executed' }).click();
    await page.getByTestId('refund-action-transferReference').fill('GCASH-OUT-0101');
    await page.getByTestId('refund-action-ok').click();
    await expect(page.getByText('Refund: done')).toBeVisible();
    await expect(refund).toContainText('GCASH-OUT-0101');
    await page.getByRole('tab', { name: 'Suspense' }).click();
    await expect(row.getByTestId('unmatched-payer-refund')).toContainText('executed');
  });
});
