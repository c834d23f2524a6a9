import { expect, test, type Page } from '@playwright/test';
import { fill, visible } from '../support/application.ts';
import {
  addDays,
  advanceClock,
  bearer,
  enDate,
  expectAccessible,
  expectNoRawKeys,
  getOrder,
  sandboxToday,
  setLanguage,
  simulate,
  snap,
} from '../support/servicing.ts';
import { applyThroughApi, borrowerWithLoanThroughApi } from '../support/api-borrower.ts';
import { localDate, text, type Lang } from '../support/catalogue.ts';
import { ADMIN, ADMIN2, consoleApi } from '../support/console.ts';
import { sign } from '../support/withdrawal.ts';

/**
 * Loan servicing (issue 7) on an iPhone, against the real server with the sandbox collection
 * provider and the test clock. The clock is global to the server process: these journeys run one
 * after another, and each reads the clock instead of assuming a date (earlier tests moved it).
 */
test.describe.configure({ mode: 'serial' });
// a missing control fails in seconds, not at the end of a five-minute journey
test.use({ actionTimeout: 15_000 });

/** Pays on the sandbox checkout page (our stand-in for GCash / Maya) and lands back on /repaidDetail. */
async function payOnCheckout(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await expect(page).toHaveURL(/\/repaidDetail\?repayment=/);
  return new URL(page.url()).searchParams.get('repayment') ?? '';
}

async function openBill(page: Page, orderId: string) {
  await page.goto(`/bill?orderId=${orderId}`);
  await expect(page.getByTestId('bill-status')).toBeVisible();
}

/** The borrower's languages besides English (SH-01): each page is checked in these too. */
const OTHER_LANGUAGES = ['fil', 'zh-CN'] as const satisfies readonly Lang[];

const centavosOf = (peso: string) => BigInt(peso.replace(/[₱,.]/g, ''));
/** centavos as the pages write them in every language ("₱3,928.42", domain formatPeso) */
const peso = (centavos: string | bigint) => {
  const value = BigInt(centavos);
  return `₱${(value / 100n).toLocaleString('en-US')}.${String(value % 100n).padStart(2, '0')}`;
};

test.describe('servicing (ST-01, ST-02, VAL-15, CO-02, RO-02, VAL-07, BE-05, BE-09, SH-01)', () => {
  test('ST-01 VAL-15 BE-09 disbursed → +14 days due today → +3 overdue with charges → a day passes with the Repay sheet open (409, new amount shown) → repay by e-wallet checkout → settled with a receipt; RO-02 then the re-loan borrower changes the payout account; SH-01 every page in three languages', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { phone, orderId } = await borrowerWithLoanThroughApi(page);
    const start = await sandboxToday(page);

    // My Loan: the loan with what is due and when
    await page.goto('/billIndex');
    await expect(page.getByTestId(`bill-item-status-${orderId}`)).toHaveText('Expires in 14 days');
    await page.getByTestId(`bill-item-${orderId}`).click();
    await expect(page).toHaveURL(new RegExp(`/bill\\?orderId=${orderId}$`));
    await expect(page.getByTestId('bill-status')).toHaveText('Expires in 14 days');
    const booked = await getOrder(page, orderId);
    await expect(page.getByTestId('bill-due-date')).toHaveText(enDate(booked.dueDate));
    await expect(page.getByTestId('balance-principal')).toHaveText('₱4,000.00');
    await expect(page.getByTestId('balance-lateCharge')).toHaveCount(0);

    // +14 days: due today
    const due = await advanceClock(page, 14);
    expect(due.manilaDate).toBe(addDays(start, 14));
    await openBill(page, orderId);
    await expect(page.getByTestId('bill-status')).toHaveText('Due today');
    const dueTodayAmount = (await page.getByTestId('bill-amount-due').innerText()).trim();
    // Home says the same: due today, what to pay now and the date (issue 7, issue 9 item 3)
    await page.goto('/homeIndex');
    await expect(page.getByTestId('home-order-status')).toHaveText('Due today');
    await expect(page.getByTestId('home-due-amount')).toHaveText(dueTodayAmount);
    await expect(page.getByTestId('home-due-date')).toHaveText(enDate(booked.dueDate));

    // +3 days: overdue, with the late charge and penalty so far
    await advanceClock(page, 3);
    await openBill(page, orderId);
    await expect(page.getByTestId('bill-status')).toHaveText('Overdue by 3 days');
    await expect(page.getByTestId('bill-overdue-note')).toContainText('3 days overdue');
    // both overdue lines are shown; together they are more than nothing and within one 5%-a-month cap
    // (BE-07; how they split depends on the product: the default has no flat late charge)
    const centavos = async (id: string) => centavosOf(await page.getByTestId(id).innerText());
    await expect(page.getByTestId('balance-lateCharge')).toHaveText(/^₱\d[\d,]*\.\d\d$/);
    await expect(page.getByTestId('balance-penalty')).toHaveText(/^₱\d[\d,]*\.\d\d$/);
    expect((await centavos('balance-lateCharge')) + (await centavos('balance-penalty'))).toBeGreaterThan(0n);
    let amountDue = (await page.getByTestId('bill-amount-due').innerText()).trim();
    await expect(page.getByTestId('balance-total')).toHaveText(amountDue);
    expect(amountDue).not.toBe('₱4,000.00');
    // what is due now is what was due on the due date plus the late charge and penalty so far
    expect(centavosOf(amountDue)).toBe(
      centavosOf(dueTodayAmount) +
        (await centavos('balance-lateCharge')) +
        (await centavos('balance-penalty')),
    );
    await snap(page, 'bill-overdue');
    await page.goto('/billIndex');
    await expect(page.getByTestId(`bill-item-status-${orderId}`)).toHaveText('Overdue by 3 days');
    await snap(page, 'bill-index');
    // Home: overdue, with the amount that settles it today (late charge and penalty included)
    await page.goto('/homeIndex');
    await expect(page.getByTestId('home-order-status')).toHaveText('Overdue by 3 days');
    await expect(page.getByTestId('home-due-amount')).toHaveText(amountDue);

    // SH-01: the overdue loan in Filipino and Chinese, each text the catalogue's for that language
    // (an English fallback or the wrong plural form fails), dates written the language's way
    for (const lang of OTHER_LANGUAGES) {
      const overdue3 = text(lang, 'labels:order.overdue', { count: 3 });
      const dueDate = localDate(lang, booked.dueDate);
      expect(dueDate).not.toBe(enDate(booked.dueDate));
      await setLanguage(page, lang);
      await page.goto('/homeIndex');
      await expect(page.getByTestId('home-order-status')).toHaveText(overdue3);
      await expect(page.getByTestId('home-due-amount')).toHaveText(amountDue);
      await expect(page.getByTestId('home-due-date')).toHaveText(dueDate);
      const homeCard = page.getByTestId('apply-card');
      await expect(homeCard).toContainText(text(lang, 'lending:home.loanLabel'));
      await expect(homeCard).toContainText(text(lang, 'home:due.amount'));
      await expect(homeCard).toContainText(text(lang, 'home:due.date'));
      await expect(page.getByTestId('home-order-open')).toHaveText(text(lang, 'lending:home.open'));

      await page.goto('/billIndex');
      await expect(page.getByTestId(`bill-item-status-${orderId}`)).toHaveText(overdue3);
      const item = page.getByTestId(`bill-item-${orderId}`);
      await expect(item).toContainText(text(lang, 'servicing:index.borrowed'));
      await expect(item).toContainText(text(lang, 'servicing:bill.amountDue'));
      await expect(page.getByTestId(`bill-item-due-${orderId}`)).toHaveText(amountDue);
      await expect(item).toContainText(text(lang, 'servicing:index.dueOn', { date: dueDate }));
      await expect(page.getByTestId('bill-index-records')).toHaveText(text(lang, 'servicing:bill.records'));

      await openBill(page, orderId);
      await expect(page.getByTestId('bill-status')).toHaveText(overdue3);
      await expect(page.getByTestId('bill-overdue-note')).toHaveText(
        text(lang, 'servicing:bill.overdueNote', { count: 3 }),
      );
      await expect(page.getByTestId('bill-due-date')).toHaveText(dueDate);
      for (const line of ['principal', 'lateCharge', 'penalty', 'total'])
        await expect(page.getByTestId(`balance-${line}`).locator('xpath=preceding-sibling::dt')).toHaveText(
          text(lang, `servicing:balance.${line}`),
        );
      await expect(page.getByText(text(lang, 'servicing:bill.chargesNote'))).toBeVisible();
      await expect(page.getByTestId('bill-extend')).toHaveText(text(lang, 'servicing:bill.extend'));
      await expect(page.getByTestId('bill-repay')).toHaveText(text(lang, 'servicing:bill.repay'));

      // the Repay sheet: how to pay, in the language
      await page.getByTestId('bill-repay').click();
      const sheet = page.getByTestId('repay-sheet');
      await expect(sheet.getByRole('heading', { level: 3 })).toHaveText(text(lang, 'servicing:repay.title'));
      await expect(sheet).toContainText(text(lang, 'servicing:repay.exactAmount'));
      await expect(page.getByTestId('repay-amount')).toHaveText(amountDue);
      for (const channel of ['ewallet', 'bank_transfer', 'otc']) {
        const group = sheet.getByRole('region', { name: text(lang, `servicing:channel.${channel}`) });
        await expect(group.getByRole('heading', { level: 4 })).toHaveText(
          text(lang, `servicing:channel.${channel}`),
        );
        await expect(group).toContainText(text(lang, `servicing:channelHint.${channel}`));
      }
      await expectNoRawKeys(page);
      await snap(page, `repay-sheet-${lang}`);
    }
    await setLanguage(page, 'en-US');
    await openBill(page, orderId);

    // Repay: the sheet asks for exactly the amount due
    await page.getByTestId('bill-repay').click();
    await expect(page.getByTestId('repay-sheet')).toBeVisible();
    await expect(page.getByTestId('repay-amount')).toHaveText(amountDue);
    await snap(page, 'repay-sheet');
    // VAL-15: a day passes while the sheet is open: the server refuses the stale amount (409), the
    // page re-reads the bill and shows the new amount to confirm
    await advanceClock(page, 1);
    await page.getByTestId('channel-GCASH').click();
    await expect(
      page.getByText('The amount due has changed. Please check the new amount and choose again.'),
    ).toBeVisible();
    await expect(page.getByTestId('repay-amount')).not.toHaveText(amountDue);
    amountDue = (await page.getByTestId('repay-amount').innerText()).trim();
    await expect(page.getByTestId('bill-amount-due')).toHaveText(amountDue);
    await expect(page.getByTestId('bill-status')).toHaveText('Overdue by 4 days');
    // GCash goes to the (sandbox) checkout and back
    await page.getByTestId('channel-GCASH').click();
    const repaymentId = await payOnCheckout(page);
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment received', { timeout: 20_000 });
    await expect(page.getByTestId('receipt-amount')).toHaveText(amountDue);
    await expect(page.getByTestId('receipt-reference')).toHaveText(/\S{4,}/);
    await expect(page.getByTestId('receipt-channel')).toHaveText('E-wallet · GCash');
    await expect(page.getByTestId('receipt-paid-at')).toContainText('(Manila time)');
    await expect(page.getByTestId(`record-status-${repaymentId}`)).toHaveText('Success');
    await snap(page, 'repaid-receipt');

    await openBill(page, orderId);
    await expect(page.getByTestId('bill-status')).toHaveText('All settled');
    await expect(page.getByTestId('bill-repay')).toHaveCount(0);

    // RO-02 VAL-07: while an admin has bank changes under maintenance (the console's switch, as an
    // operator turns it on), nobody may change the payout account; off again, the form is back. The
    // switch is the whole server's: it goes off in `finally`, whatever happens here.
    const admin = await consoleApi(page, ADMIN);
    try {
      await admin.post('/api/console/switches/bankChangeMaintenance', {
        on: true,
        reason: 'e2e: bank change maintenance window',
      });
      await page.goto('/changeBank');
      await expect(page.getByTestId('change-bank-message')).toHaveText(
        'The system is under maintenance for bank changes.',
      );
      await expect(page.getByTestId('change-bank-form')).toHaveCount(0);
      await snap(page, 'change-bank-maintenance');
    } finally {
      await admin.post('/api/console/switches/bankChangeMaintenance', {
        on: false,
        reason: 'e2e: maintenance window over',
      });
      await admin.dispose();
    }

    // RO-02 VAL-07: with a settled loan the borrower may change the payout account, to a different one
    await page.goto('/changeBank');
    await expect(page.getByTestId('change-bank-form')).toBeVisible();
    await expect(page.getByTestId('current-provider')).toHaveText('GCash');
    await fill(page, 'account', `0${phone}`);
    await fill(page, 'confirmAccount', `0${phone}`);
    await page.getByTestId('change-bank-submit').click();
    await expect(
      page.getByText('The new payout account must differ from the current one.').first(),
    ).toBeVisible();
    const newAccount = `09${phone.slice(1, 9)}7`;
    await fill(page, 'account', newAccount);
    await fill(page, 'confirmAccount', newAccount);
    await page.getByTestId('change-bank-submit').click();
    await expect(page.getByTestId('current-number')).toHaveText(`•••• ${newAccount.slice(-4)}`);
    await snap(page, 'change-bank');

    // SH-01: every new page in Filipino and Chinese, no raw keys; each passes axe (WCAG 2 A/AA) in English first
    const pages = [
      '/billIndex',
      `/bill?orderId=${orderId}`,
      `/repaidDetail?repayment=${repaymentId}`,
      '/changeBank',
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    for (const lang of OTHER_LANGUAGES) {
      await setLanguage(page, lang);
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('.ui-page:visible').first()).not.toBeEmpty();
        await page.waitForLoadState('networkidle');
        await expectNoRawKeys(page);
      }
      await page.goto(`/bill?orderId=${orderId}`);
      await expect(page.getByTestId('bill-status')).toHaveText(text(lang, 'labels:order.settled'));
      await expect(page.getByText(text(lang, 'servicing:bill.settledNote'))).toBeVisible();
      await snap(page, `bill-settled-${lang}`);
      // the receipt: every label, the channel and "(Manila time)" in the language
      await page.goto(`/repaidDetail?repayment=${repaymentId}`);
      await expect(page.getByTestId('repayment-title')).toHaveText(
        text(lang, 'servicing:result.title.success'),
      );
      await expect(page.getByText(text(lang, 'servicing:result.settledNote'))).toBeVisible();
      const receipt = page.getByTestId('receipt');
      for (const label of ['reference', 'channel', 'purpose', 'amount', 'paidAt'])
        await expect(receipt).toContainText(text(lang, `servicing:receipt.${label}`));
      await expect(receipt).toContainText(text(lang, 'servicing:purpose.full'));
      await expect(page.getByTestId('receipt-channel')).toHaveText(
        `${text(lang, 'servicing:channel.ewallet')} · GCash`,
      );
      const [beforeTime, afterTime] = text(lang, 'servicing:receipt.manila', { time: '@TIME@' }).split(
        '@TIME@',
      );
      const paidAt = (await page.getByTestId('receipt-paid-at').innerText()).trim();
      expect(paidAt.startsWith(beforeTime!) && paidAt.endsWith(afterTime!), paidAt).toBe(true);
      await expect(page.getByTestId(`record-status-${repaymentId}`)).toHaveText(
        text(lang, 'servicing:records.status.success'),
      );
      await expect(page.getByText(text(lang, 'servicing:records.window'))).toBeVisible();
      await snap(page, `repaid-receipt-${lang}`);
    }
    await setLanguage(page, 'en-US');
  });

  test('CO-02 extend: fee, new due date 8 days later and a fresh disclosure, agreed before paying → "Extended"; SH-01 the extension in Filipino and Chinese; RO-02 a first-time borrower cannot change the payout account', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { orderId } = await borrowerWithLoanThroughApi(page);
    const before = await getOrder(page, orderId);

    // RO-02: no settled loan yet
    await page.goto('/changeBank');
    await expect(page.getByTestId('change-bank-message')).toHaveText(
      'You can change your payout account after your first loan is fully repaid.',
    );
    await expect(page.getByTestId('change-bank-form')).toHaveCount(0);
    await snap(page, 'change-bank-first-loan');

    // SH-01: the extension offer in Filipino and Chinese, the catalogue's texts (the 8 days in each
    // language's plural form: Filipino's 'one' covers 8) and both dates written the language's way
    const currentDue = before.dueDate;
    const newDue = addDays(before.dueDate, 8);
    for (const lang of OTHER_LANGUAGES) {
      await setLanguage(page, lang);
      await openBill(page, orderId);
      await page.getByTestId('bill-extend').click();
      const panel = page.getByTestId('extension-panel');
      await expect(panel.locator('#sv-extend-title')).toHaveText(
        text(lang, 'servicing:extend.title', { count: 8 }),
      );
      await expect(panel).toContainText(text(lang, 'servicing:extend.what', { count: 8 }));
      for (const label of ['fee', 'currentDueDate', 'newDueDate', 'payNow'])
        await expect(panel).toContainText(text(lang, `servicing:extend.${label}`));
      await expect(page.getByTestId('extension-current-due')).toHaveText(localDate(lang, currentDue));
      await expect(page.getByTestId('extension-new-due')).toHaveText(localDate(lang, newDue));
      await expect(panel).toContainText(text(lang, 'servicing:extend.agree'));
      await expect(page.getByTestId('extension-pay')).toHaveText(text(lang, 'servicing:extend.choose'));
      await expectNoRawKeys(page);
      await snap(page, `extend-${lang}`, 'extension-panel');
    }
    await setLanguage(page, 'en-US');

    await openBill(page, orderId);
    await page.getByTestId('bill-extend').click();
    await expect(page.getByTestId('extension-panel')).toBeVisible();
    await expect(page.getByTestId('extension-fee')).toHaveText(/^₱\d[\d,]*\.\d\d$/);
    await expect(page.getByTestId('extension-current-due')).toHaveText(enDate(before.dueDate));
    await expect(page.getByTestId('extension-new-due')).toHaveText(enDate(addDays(before.dueDate, 8)));
    await expect(page.getByTestId('extension-disclosure')).toContainText('Disclosure');
    await expect(page.getByTestId('extension-pay')).toBeDisabled();
    await snap(page, 'extend', 'extension-panel');
    await page.getByTestId('extension-agree').check();
    const amount = (await page.getByTestId('extension-amount').innerText()).trim();
    await page.getByTestId('extension-pay').click();
    await expect(page.getByTestId('repay-amount')).toHaveText(amount);
    await page.getByTestId('channel-MAYA').click();
    await payOnCheckout(page);
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment received', { timeout: 20_000 });
    await expect(page.getByTestId('receipt-amount')).toHaveText(amount);

    await openBill(page, orderId);
    await expect(page.getByTestId('bill-status')).toHaveText(/^Extended/);
    await expect(page.getByTestId('bill-due-date')).toHaveText(enDate(addDays(before.dueDate, 8)));
    await snap(page, 'bill-extended');
    const after = await getOrder(page, orderId);
    expect(after.dueDate).toBe(addDays(before.dueDate, 8));
  });

  test('BE-05 ST-02 bank transfer paid with a different amount is held and explained; a cancelled e-wallet checkout fails with a way to try again; over the counter: code, amount, partner and expiry, paid → settled', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { orderId } = await borrowerWithLoanThroughApi(page);
    await openBill(page, orderId);
    const amountDue = (await page.getByTestId('bill-amount-due').innerText()).trim();

    // bank transfer: the account (reference), the exact amount and the expiry
    await page.getByTestId('bill-repay').click();
    await page.getByTestId('channel-BANK_TRANSFER').click();
    await expect(page).toHaveURL(/\/repaidDetail\?repayment=/);
    const transferId = new URL(page.url()).searchParams.get('repayment') ?? '';
    await expect(page.getByTestId('repayment-title')).toHaveText('Waiting for your payment');
    await expect(page.getByTestId('repayment-account')).toHaveText(/\d{4}/);
    await expect(page.getByTestId('repayment-amount')).toHaveText(amountDue);
    await expect(page.getByTestId(`record-status-${transferId}`)).toHaveText('In progress');
    await snap(page, 'bank-transfer');
    // the borrower sends ₱1.00 less: kept in suspense, and the borrower is told
    const owed = BigInt((await getOrder(page, orderId)).balance?.total ?? '0');
    await simulate(page, transferId, { outcome: 'pay_different', amount: String(owed - 100n) });
    await expect(page.getByTestId('repayment-held')).toContainText('which is not the amount due', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('repayment-held')).toContainText('our team will contact you');
    await snap(page, 'held');

    // an e-wallet checkout cancelled: failed, nothing taken, and a way to try again
    await openBill(page, orderId);
    await page.getByTestId('bill-repay').click();
    await page.getByTestId('channel-GCASH').click();
    await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/repaidDetail\?repayment=/);
    const cancelledId = new URL(page.url()).searchParams.get('repayment') ?? '';
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment failed', { timeout: 20_000 });
    await expect(page.getByTestId(`record-status-${cancelledId}`)).toHaveText('Fail');
    await snap(page, 'failed');
    await page.getByTestId('repayment-retry').click();
    await expect(page).toHaveURL(new RegExp(`/bill\\?orderId=${orderId}$`));

    // over the counter
    await openBill(page, orderId);
    await page.getByTestId('bill-repay').click();
    await page.getByTestId('channel-7ELEVEN').click();
    await expect(page).toHaveURL(/\/repaidDetail\?repayment=/);
    const otcId = new URL(page.url()).searchParams.get('repayment') ?? '';
    await expect(page.getByTestId('repayment-partner')).toHaveText('7-Eleven');
    await expect(page.getByTestId('repayment-code')).toHaveText(/\w{4}/);
    await expect(page.getByTestId('repayment-amount')).toHaveText(amountDue);
    await expect(page.getByTestId('repayment-expires')).toHaveText(/\d{4}/);
    await snap(page, 'otc-code');
    for (const lang of ['fil', 'zh-CN'] as const) {
      await setLanguage(page, lang);
      await page.goto(`/repaidDetail?repayment=${otcId}`);
      await expect(visible(page, 'repayment-code')).toBeVisible();
      await expectNoRawKeys(page);
      await snap(page, `otc-code-${lang}`);
    }
    await setLanguage(page, 'en-US');
    await page.goto(`/repaidDetail?repayment=${otcId}`);
    await simulate(page, otcId, { outcome: 'pay' });
    await expect(page.getByTestId('repayment-title')).toHaveText('Payment received', { timeout: 20_000 });
    await expect(page.getByTestId('receipt-channel')).toHaveText('Over the counter · 7-Eleven');
    await expect(page.getByTestId(`record-status-${otcId}`)).toHaveText('Success');

    await openBill(page, orderId);
    await expect(page.getByTestId('bill-status')).toHaveText('All settled');
  });
});

test.describe('what the borrower read is what is booked (BE-07, VAL-12, CO-06)', () => {
  interface Product {
    active: { version: number; config: Record<string, unknown> & { serviceFeeBp: number } };
  }
  interface Quote {
    principal: string;
    termDays: number;
    netProceeds: string;
    totalRepayment: string;
  }

  test('BE-07 VAL-12 an admin publishes a new product version while /loan is open: Confirm is 409 PRICE_CHANGED, the page re-quotes (new figures, documents, agreements to give again) with a message and books nothing until the borrower confirms again', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await applyThroughApi(page, { expect: 'Can be withdrawn' });
    const quoteNow = async (): Promise<Quote> => {
      const res = await page.request.get('/api/loans/offer', { headers: await bearer(page) });
      expect(res.ok()).toBe(true);
      const { quotes } = (await res.json()) as { quotes: Quote[] };
      return quotes.find((q) => q.principal === '400000' && q.termDays === 14)!;
    };
    const ordersNow = async () => {
      const res = await page.request.get('/api/orders', { headers: await bearer(page) });
      expect(res.ok()).toBe(true);
      return ((await res.json()) as { orders: { id: string; netProceeds: string }[] }).orders;
    };

    // the borrower reads the documents, agrees to both and signs
    const read = await quoteNow();
    await page.goto('/loan?amount=400000&termDays=14');
    await expect(page.getByTestId('loan-summary')).toContainText(`you receive ${peso(read.netProceeds)}`);
    await expect(page.getByTestId('doc-disclosure')).toContainText(peso(read.netProceeds));
    await page.getByTestId('agree-agreement').check();
    await page.getByTestId('agree-sanction').check();
    await sign(page);
    const submit = page.getByTestId('loan-submit');
    await expect(submit).toBeEnabled();

    // meanwhile two admins publish a lower service fee (maker-checker, over the console's API); the
    // seeded product is put back the same way whatever happens, for the journeys priced after this one
    const maker = await consoleApi(page, ADMIN);
    const checker = await consoleApi(page, ADMIN2);
    const publish = async (baseVersion: number, config: Product['active']['config'], reason: string) => {
      const change = (await maker.post('/api/console/product/changes', {
        requestKey: crypto.randomUUID(),
        baseVersion,
        config,
        reason,
      })) as { id: string };
      await checker.post(`/api/console/product/changes/${change.id}/approve`, {});
      return ((await maker.get('/api/console/product')) as Product).active.version;
    };
    const seeded = ((await maker.get('/api/console/product')) as Product).active;
    let inForce = seeded.version;
    try {
      inForce = await publish(
        seeded.version,
        { ...seeded.config, serviceFeeBp: seeded.config.serviceFeeBp - 30 },
        'e2e: lower service fee while a borrower is on the loan page',
      );
      expect(inForce).toBe(seeded.version + 1);
      const requoted = await quoteNow();
      expect(BigInt(requoted.netProceeds)).toBeGreaterThan(BigInt(read.netProceeds));

      // Confirm: the server refuses what the borrower no longer would get, and books nothing
      const posts: number[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && r.url().endsWith('/api/orders')) posts.push(r.status());
      });
      await submit.click();
      await expect(page.getByTestId('toast')).toHaveText(
        'The loan terms have changed since you read them. Please review the updated documents before signing.',
      );
      expect(posts).toEqual([409]);
      await expect(page).toHaveURL(/\/loan\?amount=400000&termDays=14$/);
      // the page shows the new terms: the summary, the documents, and the agreements to give again
      await expect(page.getByTestId('loan-summary')).toContainText(
        `you receive ${peso(requoted.netProceeds)}`,
      );
      await expect(page.getByTestId('doc-disclosure')).toContainText(peso(requoted.netProceeds));
      await expect(page.getByTestId('agree-agreement')).not.toBeChecked();
      await expect(page.getByTestId('agree-sanction')).not.toBeChecked();
      await expect(submit).toBeDisabled();
      expect(await ordersNow()).toEqual([]);

      // agreed again: the new terms are booked
      await page.getByTestId('agree-agreement').check();
      await page.getByTestId('agree-sanction').check();
      await submit.click();
      await expect(page).toHaveURL(/\/withdrawPage\?orderId=[0-9a-f-]{36}$/);
      expect(posts).toEqual([409, 201]);
      const booked = await ordersNow();
      expect(booked).toHaveLength(1);
      expect(booked[0]!.netProceeds).toBe(requoted.netProceeds);
    } finally {
      if (inForce !== seeded.version)
        await publish(inForce, seeded.config, 'e2e: restore the seeded product');
      await maker.dispose();
      await checker.dispose();
    }
  });
});
