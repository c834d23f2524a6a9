import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { animationsSettled } from './axe.ts';
import { fileURLToPath } from 'node:url';
import { coCore } from './login.ts';

/**
 * Helpers of the servicing journeys (issue 7): the sandbox clock and collection simulator. The
 * paid-out loan they start from is `borrowerWithLoanThroughApi` (support/api-borrower.ts).
 */

export async function bearer(page: Page): Promise<Record<string, string>> {
  const core = await coCore(page);
  const token = (core.publicData as { token?: string } | undefined)?.token ?? '';
  return { Authorization: `Bearer ${token}` };
}

/** The borrower's order as the API shows it (for dates to compare with). */
export async function getOrder(
  page: Page,
  orderId: string,
): Promise<{ dueDate: string; status: string; balance: { total: string } | null }> {
  const res = await page.request.get(`/api/orders/${orderId}`, { headers: await bearer(page) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { dueDate: string; status: string; balance: { total: string } | null };
}

/** BE-09: moves the whole server's clock (global to the process: tests using it run serially) and runs the due jobs. */
export async function advanceClock(page: Page, days: number): Promise<{ now: string; manilaDate: string }> {
  const res = await page.request.post('/api/sandbox/clock', { data: { advanceDays: days } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { now: string; manilaDate: string };
}

export async function sandboxToday(page: Page): Promise<string> {
  const res = await page.request.get('/api/sandbox/clock');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { manilaDate: string }).manilaDate;
}

/** Bank transfer and over the counter have no checkout page: the sandbox pays (or not) on request. */
export async function simulate(
  page: Page,
  repaymentId: string,
  body: { outcome: 'pay' | 'pay_late' | 'pay_different' | 'expire' | 'fail'; amount?: string },
) {
  const res = await page.request.post(`/api/sandbox/repayments/${repaymentId}/simulate`, { data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A Manila date as the pages show it in English ("Dec 7, 2026"). */
export function enDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function addDays(isoDate: string, n: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Switches the language as a borrower does, on the settings page (SH-01). */
export async function setLanguage(page: Page, lang: 'en-US' | 'fil' | 'zh-CN') {
  await page.goto('/setup');
  await page.getByTestId(`lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** No translation key leaks onto the page (`servicing:bill.repay`, `bill.repay`, `{{count}}`). */
export async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(servicing|lending|common|routes):[A-Za-z_.]+/);
  expect(text).not.toMatch(
    /\b(bill|balance|extend|repay|result|receipt|records|index|changeBank|channel|purpose)\.[a-z][A-Za-z_.]+/,
  );
  expect(text).not.toContain('{{');
}

/**
 * With SCREENSHOTS=1 the journeys also photograph each new page for docs/screenshots/ (iPhone 13):
 * `SCREENSHOTS=1 E2E_PORT=8501 npm run test -w @pisonow/e2e -- tests/servicing.spec.ts`.
 */
export async function snap(page: Page, name: string, testId?: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForLoadState('networkidle');
  if (testId) await page.getByTestId(testId).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_100); // past the 1000 ms tap guard, so buttons show as they rest
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/servicing-${name}.png`, import.meta.url)),
  });
}

/**
 * WCAG 2 A/AA checks (axe) on the page body the feature draws: the shell's <main> (the shell's
 * header and tab bar have their own checks). Not `.ui-page`: pages not yet on the design system's
 * Page (the profile) have no such element, and axe refuses an include that matches nothing.
 */
export async function expectAccessible(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
