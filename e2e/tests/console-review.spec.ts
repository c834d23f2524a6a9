import { devices, expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillApplicationThroughApi } from '../support/api-borrower.ts';
import { ADMIN, FINANCE, UNDERWRITER, axe, signInToConsole } from '../support/console.ts';
import { coCore } from '../support/login.ts';

/**
 * The console's review queue and switches (issue 11, BE-04, BE-08, RO-02) on desktop Chromium: a
 * borrower's application with the sandbox value `review…@` (its steps saved through the API) waits
 * on the phone's review page; the demo admin pauses new applications (the borrower's submit is refused in the app) and resumes them; the borrower
 * submits and stays "Under review"; the demo underwriter signs in with TOTP, opens the case and
 * approves it with a limit, and the borrower's home shows the approval; a finance operator sees the
 * collections log on the borrower page. (Support signs in in console.spec.ts: a TOTP step is
 * accepted once per operator, so this journey leaves support alone.) Every screen axe-clean; screenshots for the docs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.resolve(here, '../../docs/screenshots');

test.describe('operator console: review queue and switches (issue 11)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('BE-04 BE-08 RO-02: the underwriter approves a review case; the admin flips a switch; collections log; axe-clean', async ({
    page,
    browser,
  }) => {
    // a borrower on a phone, whose application the sandbox sends to the review queue
    const phoneContext = await browser.newContext({ ...devices['iPhone 13'] });
    const phonePage = await phoneContext.newPage();
    // the seven steps saved through the API; the borrower is on the review page, Submit not yet tapped
    const { phone } = await fillApplicationThroughApi(phonePage, { email: 'review.e2e@example.com' });
    await phonePage.goto('/bankInfo?review=1');
    await expect(phonePage.getByTestId('step-submit')).toBeVisible();

    // the admin pauses new applications (RO-02 switches; the underwriter has no Switches menu)
    await signInToConsole(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Switches' }).click();
    const pause = page.getByTestId('switch-pauseNewApplications');
    await expect(pause).not.toBeChecked();
    await axe(page, 'switches');
    await pause.click();
    await page.getByTestId('switch-reason').fill('Funding line at its limit until Monday');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(pause).toBeChecked();
    await expect(page.getByTestId('switches')).toContainText(ADMIN.email);
    await expect(page.getByTestId('switches')).toContainText('Funding line at its limit until Monday');
    await axe(page, 'switches on');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-switches.png'), fullPage: true });
    // the borrower app shows the refusal (the catalogue message); nothing is submitted
    await phonePage.getByTestId('step-submit').click();
    await expect(
      phonePage.getByText('We are not accepting new applications right now. Please try again later.'),
    ).toBeVisible();
    await expect(phonePage).toHaveURL(/\/bankInfo\?review=1$/);
    // resumed: the submit goes through
    await pause.click();
    await page.getByTestId('switch-reason').fill('Funding restored');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(pause).not.toBeChecked();
    await page.getByTestId('sign-out').click();
    await phonePage.waitForTimeout(1_100); // the double-tap guard (SH-13) of the submit button
    await phonePage.getByTestId('step-submit').click();
    await expect(phonePage).toHaveURL(/\/homeIndex/);
    await expect(phonePage.getByTestId('application-status')).toHaveText('Under review');
    const publicData = ((await coCore(phonePage)).publicData ?? {}) as {
      customerId?: string;
      token?: string;
    };
    const customerId = publicData.customerId ?? '';
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);

    // the underwriter: the queue shows the case (the decision job opens it within seconds)
    await signInToConsole(page, UNDERWRITER);
    await expect(page.getByRole('menuitem', { name: 'Switches' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Review queue' }).click();
    const queue = page.getByTestId('review-queue');
    await expect(async () => {
      await page.reload();
      await expect(queue).toContainText(`+63 ${phone}`, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(queue).toContainText('sandboxForced');
    await axe(page, 'review queue');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-review-queue.png'), fullPage: true });

    await queue.getByRole('link', { name: new RegExp(phone) }).click();
    await expect(page).toHaveURL(/\/console\/review\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('case-status')).toHaveText('open');
    await expect(page.getByTestId('decision-limit')).toHaveValue('₱4,000.00');
    await axe(page, 'review case');
    // above the rules' limit is refused by the server, with the allowed range
    await page.getByTestId('decision-limit').fill('5,000');
    await page.getByTestId('decision-reason').fill('Income checked against payslips');
    await page.getByTestId('decision-submit').click();
    const refusal = page.getByText(/The limit must be between ₱1,000.00 and ₱4,000.00/);
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeHidden({ timeout: 10_000 }); // the notice fades: a clean screenshot
    await page.getByTestId('decision-limit').fill('3,000');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-review-case.png'), fullPage: true });
    await page.getByTestId('decision-submit').click();
    await expect(page.getByTestId('case-decision')).toContainText('Approve with a limit: ₱3,000.00');
    await expect(page.getByTestId('case-status')).toHaveText('decided');
    await axe(page, 'review case decided');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-review-decided.png'), fullPage: true });

    // the borrower sees the approval as after an automatic decision
    await phonePage.reload();
    await expect(phonePage.getByTestId('application-status')).toHaveText('Can be withdrawn', {
      timeout: 15_000,
    });
    const home = await phonePage.request.get('/api/application', {
      headers: { authorization: `Bearer ${publicData.token ?? ''}` },
    });
    expect(await home.json()).toMatchObject({ status: 'approved', decision: { creditLimit: '300000' } });
    await phoneContext.close();

    // finance: the collections log on the borrower page offers only the borrower's own contact points
    await page.getByTestId('sign-out').click();
    await signInToConsole(page, FINANCE);
    await page.goto(`/console/borrowers/${customerId}`);
    await expect(page.getByTestId('contact-points')).toContainText(`phone 0${phone}`);
    await expect(page.getByTestId('contact-points')).toContainText('review.e2e@example.com');
    await expect(page.getByTestId('contact-points')).not.toContainText('918111');
    await page.getByTestId('contact-note').fill('Reminder call about the first due date');
    await page.getByTestId('contact-submit').click();
    // the server's clock decides: inside 06:00–22:00 Manila it is logged, outside it is refused
    await expect(
      page
        .getByTestId('collection-contacts')
        .getByText('Reminder call about the first due date')
        .or(page.getByText(/only between 6:00 AM and 10:00 PM Manila time/)),
    ).toBeVisible();
    await axe(page, 'collections log');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-collections.png'), fullPage: true });
  });
});
