import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsSettled } from './axe.ts';
import { createHmac } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Console browser helpers (issue 11): the sandbox's published demo operators
 * (apps/api/src/modules/console/demo-operators.ts), an RFC 6238 authenticator that reads the
 * server's clock, sign-in, and the axe check every console screen passes.
 */
export interface DemoOperator {
  email: string;
  password: string;
  totpSecret: string;
}
const demo = (role: string, totpSecret: string): DemoOperator => ({
  email: `${role}@console.pisonow.test`,
  password: 'PisoNow-demo-2026',
  totpSecret,
});
export const SUPPORT = demo('support', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
export const UNDERWRITER = demo('underwriter', 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');
export const FINANCE = demo('finance', 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK');
export const ADMIN = demo('admin', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
/** the second demo admin: the checker of the first one's drafts (maker-checker) */
export const ADMIN2 = demo('admin2', 'NBSWY3DPO5XXE3DEMFZXG5DBNBSWY3DP');

/**
 * The server's time: other journeys move the sandbox test clock (the whole system's time, BE-09),
 * and the server checks TOTP codes against it, so the test's authenticator reads the same clock.
 */
async function serverNow(page: Page): Promise<number> {
  const res = await page.request.get('/api/sandbox/clock');
  expect(res.ok()).toBe(true);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/**
 * The last 30-second step whose code was used, per secret: the server takes a code only once. Kept
 * in a file, not in memory: after a failed test Playwright starts a new worker process, and a retry
 * or the next journey must not offer a code the previous worker already used within the same step.
 */
const USED_STEPS_FILE = path.join(tmpdir(), `pisonow-e2e-totp-${process.env.E2E_PORT ?? 8181}.json`);

/**
 * A run starts a fresh server whose sandbox clock starts at today: steps remembered from an earlier
 * run (whose journeys moved its clock days ahead) would make every sign-in wait for a step that
 * never comes. The run's global setup forgets them.
 */
export function forgetUsedTotpSteps(): void {
  rmSync(USED_STEPS_FILE, { force: true });
}
const usedStep = {
  get(secret: string): number | undefined {
    try {
      return (JSON.parse(readFileSync(USED_STEPS_FILE, 'utf8')) as Record<string, number>)[secret];
    } catch {
      return undefined;
    }
  },
  set(secret: string, step: number): void {
    let all: Record<string, number> = {};
    try {
      all = JSON.parse(readFileSync(USED_STEPS_FILE, 'utf8')) as Record<string, number>;
    } catch {
      // first use
    }
    writeFileSync(USED_STEPS_FILE, JSON.stringify({ ...all, [secret]: step }));
  },
};

/**
 * The current code, not at the very end of its 30-second step, and never one already used: a
 * second sign-in of the same operator within 30 seconds (two journeys in a row) waits for the
 * next step, as a person with an authenticator app would.
 */
export async function currentCode(page: Page, secret: string): Promise<string> {
  let now = await serverNow(page);
  for (;;) {
    const step = Math.floor(now / 30_000);
    if (now % 30_000 > 27_000 || step <= (usedStep.get(secret) ?? -1)) {
      await page.waitForTimeout(30_000 - (now % 30_000) + 500);
      now = await serverNow(page);
      continue;
    }
    usedStep.set(secret, step);
    return totp(secret, now);
  }
}

/** Opens the console's sign-in page and signs in. */
export async function signInToConsole(page: Page, who: DemoOperator) {
  await page.goto('/console/');
  await signIn(page, who);
}

/** Signs in on the sign-in form the page shows now. */
export async function signIn(page: Page, who: DemoOperator) {
  await page.getByTestId('email').fill(who.email);
  await page.getByTestId('password').fill(who.password);
  await page.getByTestId('code').fill(await currentCode(page, who.totpSecret));
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('operator')).toContainText(who.email);
}

/** An operator signed in over the console's API, for a journey whose subject is not the console. */
export interface ConsoleApi {
  get(path: string): Promise<unknown>;
  /** a change, with the session's CSRF token; fails the test unless the server answers 2xx */
  post(path: string, data: unknown): Promise<unknown>;
  dispose(): Promise<void>;
}

/**
 * Signs `who` in as the console's sign-in page does (POST /api/console/auth/sign-in: password and
 * the authenticator's code), in a request context of their own: the session cookie never mixes
 * with the borrower's browser, and two operators (maker and checker) can act side by side. Sign in
 * just before acting: the session's idle timeout is counted on the server's clock, which the
 * servicing journeys move by days.
 */
export async function consoleApi(page: Page, who: DemoOperator): Promise<ConsoleApi> {
  const context: APIRequestContext = await request.newContext({ baseURL: new URL(page.url()).origin });
  const signedIn = await context.post('/api/console/auth/sign-in', {
    data: { email: who.email, password: who.password, code: await currentCode(page, who.totpSecret) },
  });
  expect(signedIn.ok(), `console sign-in ${who.email}: ${await signedIn.text()}`).toBe(true);
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  const answer = async (res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as unknown;
  };
  return {
    get: async (path) => answer(await context.get(path), `GET ${path}`),
    post: async (path, data) =>
      answer(await context.post(path, { headers: { 'x-csrf-token': csrfToken }, data }), `POST ${path}`),
    dispose: () => context.dispose(),
  };
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** WCAG 2.1 A/AA: no serious or critical violation on the screen as it is. */
export async function axe(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} → ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}
