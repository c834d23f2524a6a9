import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';

/** A fresh number per test (its own 6-digit block too), so cooldowns and captcha counts never collide. */
export function freshPhone(prefix?: string): string {
  const block = prefix ?? `9${String(randomInt(10_000, 99_999))}`;
  return `${block}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** The login code as the sandbox SMS outbox holds it (what the borrower would read on the phone). */
export async function codeFromOutbox(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/sandbox/outbox?phone=${phone}`);
      const body = (await res.json()) as { messages: { body: string }[] };
      const match = /(\d{4})/.exec((body.messages[0]?.body ?? '').replace(/\[.*?\]|【.*?】/, ''));
      code = match?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** Logs in through the real start page: phone, Get code, code from the outbox, privacy, Log in. */
export async function loginThroughUi(page: Page, phone = freshPhone()): Promise<string> {
  await page.goto('/start');
  await appLive(page);
  await page
    .getByTestId('phone-input')
    .locator('input')
    .or(page.locator('input[data-testid="phone-input"]'))
    .first()
    .fill(phone);
  await page.getByTestId('send-code').click();
  const code = await codeFromOutbox(page.request, phone);
  await fillCode(page, code);
  await page.getByTestId('privacy-checkbox').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/homeIndex/);
  return phone;
}

/** /start is prerendered HTML until the app takes over: wait for the app before tapping. */
export async function appLive(page: Page): Promise<void> {
  await page.locator('html[data-app="live"]').waitFor({ state: 'attached' });
}

export async function fillCode(page: Page, code: string) {
  const field = page.getByTestId('code-input');
  const input = field.locator('input').or(page.locator('input[data-testid="code-input"]')).first();
  await input.fill(code);
}

export async function coCore(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('coCore');
    const parsed = raw ? JSON.parse(raw) : {};
    return (parsed.state ?? parsed) as Record<string, unknown>;
  });
}

/** The session the app keeps after a login (the answer of POST /api/auth/login). */
export interface BorrowerSession {
  phone: string;
  token: string;
  customerId: string;
  registered: boolean;
  expiresAt: string;
  headers: Record<string, string>;
}

/** A borrower signed in through the API as the app does it (login code from the sandbox outbox). */
export async function loginThroughApi(
  request: APIRequestContext,
  phone = freshPhone(),
): Promise<BorrowerSession> {
  expect((await request.post('/api/auth/login-code', { data: { phone } })).ok()).toBe(true);
  const login = await request.post('/api/auth/login', {
    data: {
      phone,
      code: await codeFromOutbox(request, phone),
      privacyAccepted: true,
      privacyPolicyVersion: '2026-11-01',
    },
  });
  expect(login.ok()).toBe(true);
  const { token, customerId, registered, expiresAt } = (await login.json()) as {
    token: string;
    customerId: string;
    registered: boolean;
    expiresAt: string;
  };
  return { phone, token, customerId, registered, expiresAt, headers: { authorization: `Bearer ${token}` } };
}
