import { expect, type Page } from '@playwright/test';
import { loginThroughUi } from './login.ts';
import { baseInfoStep, identityStep, restOfSteps } from './application.ts';

/** The withdrawal journey's steps, shared by the withdrawal and servicing journeys. */

/** Logs in, fills all seven steps, submits and waits for the sandbox decision on home. */
export async function applyAndWait(
  page: Page,
  options: {
    email?: string;
    payoutAccount?: (phone: string) => string;
    expect: 'Can be withdrawn' | 'Rejected';
  },
): Promise<string> {
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
export async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not laid out');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1)
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), y + (i % 2 ? -1 : 1) * box.height * 0.2, {
      steps: 2,
    });
  await page.mouse.up();
}

/** /loan: the three documents in order, both agreements and the signature gate Submit; returns the new order id. */
export async function agreeSignAndSubmit(page: Page): Promise<string> {
  await expect(page.getByTestId('doc-disclosure')).toContainText('Disclosure Statement on Loan Transaction');
  await expect(page.getByTestId('doc-agreement')).toContainText('Loan Agreement');
  await expect(page.getByTestId('doc-sanction_letter')).toContainText('Sanction Letter');
  const top = async (id: string) => (await page.getByTestId(id).boundingBox())?.y ?? 0;
  expect(await top('doc-disclosure')).toBeLessThan(await top('doc-agreement'));
  expect(await top('doc-agreement')).toBeLessThan(await top('doc-sanction_letter'));

  // VAL-12: nothing is sent before both documents are agreed to; ST-07: nor before a signature
  const submit = page.getByTestId('loan-submit');
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('loan-blocker')).toHaveText(
    'Please agree to the loan agreement and the sanction letter before withdrawing.',
  );
  await page.getByTestId('agree-agreement').check();
  await expect(submit).toBeDisabled();
  await page.getByTestId('agree-sanction').check();
  await expect(page.getByTestId('loan-blocker')).toHaveText('Please sign in the box to continue.');
  await sign(page);
  await expect(submit).toBeEnabled();

  // SH-13: a double tap books one order
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/orders'))
      posts.push(r.headers()['idempotency-key'] ?? '');
  });
  await submit.dblclick();
  await expect(page).toHaveURL(/\/withdrawPage\?orderId=[0-9a-f-]{36}$/);
  expect(new Set(posts).size).toBe(1);
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}
