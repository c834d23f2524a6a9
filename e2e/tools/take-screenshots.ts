// Screenshots for the README and the issue notes: `node e2e/tools/take-screenshots.ts` with the
// app running (npm start) at BASE_URL (default http://127.0.0.1:8080). Writes docs/screenshots/.
import { chromium, devices, type Page } from 'playwright-core';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyThroughApi } from '../support/api-borrower.ts';
import { agreeSignAndSubmit } from '../support/withdrawal.ts';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // the omnibox popup WebUI Chromium 156 preloads (see tools/lighthouse.mjs)
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
});

/** network quiet and the last frame painted */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function save(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(`docs/screenshots/${name}.png`);
}

async function shot(page: Page, name: string, fullPage = false) {
  await settle(page);
  await save(page, name, fullPage);
}

/**
 * The whole page with the tab bar where a borrower sees it, under the content: a full-page shot
 * paints fixed elements at their place in the first screen, over the page. The viewport grows to
 * the page's height for the shot instead.
 */
async function tallShot(page: Page, name: string) {
  await settle(page);
  const viewport = page.viewportSize()!;
  // the app lays out in device pixels (SH-10: the viewport's scale is 1 / devicePixelRatio), so
  // its CSS height is converted to the viewport's units by the width's ratio
  const height = await page.evaluate(
    (width) => Math.ceil((document.documentElement.scrollHeight * width) / window.innerWidth),
    viewport.width,
  );
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.waitForTimeout(300);
  await save(page, name);
  await page.setViewportSize(viewport);
}

const phone = `9${String(100_000_000 + (process.pid % 800_000_000)).slice(0, 9)}`;
const iphone = await browser.newContext({ ...devices['iPhone 13'], deviceScaleFactor: 2 });
const page = await iphone.newPage();
await page.goto(`${base}/start`);
await page.locator('html[data-app="live"]').waitFor({ state: 'attached' });
await shot(page, 'start', true);
// issue 9 item 1: the language is chosen before login
await page.getByTestId('start-lang-fil').click();
await shot(page, 'start-fil');
await page.getByTestId('start-lang-en-US').click();
// item 6: an empty number says so
await page.getByTestId('send-code').click();
await shot(page, 'start-empty-phone');
await page.locator('input[data-testid="phone-input"]').fill(phone);
await page.getByTestId('send-code').click();
await page.waitForTimeout(800);
const outbox = (await (await page.request.get(`${base}/api/sandbox/outbox?phone=${phone}`)).json()) as {
  messages: { body: string }[];
};
const code = /(\d{4})/.exec((outbox.messages[0]?.body ?? '').replace(/\[.*?\]/, ''))?.[1] ?? '';
await page.locator('input[data-testid="code-input"]').fill(code);
await page.getByTestId('privacy-checkbox').click();
await shot(page, 'start-filled');
await page.getByTestId('login-submit').click();
await page.waitForURL(/homeIndex/);
await page.waitForTimeout(2200); // let the welcome toast (2000 ms, SH-14) go
await shot(page, 'home');
for (const [route, name] of [
  ['/my', 'my'],
  ['/setup', 'setup'],
  ['/aboutUs', 'about-us'],
  ['/privacy', 'privacy'],
  ['/billIndex', 'bill-index-placeholder'],
] as const) {
  await page.goto(`${base}${route}`);
  await shot(page, name, name === 'about-us');
}
// item 10: logout asks first; /KSResult opened directly is neutral
await page.goto(`${base}/setup`);
await page.getByTestId('logout').click();
await shot(page, 'setup-logout-confirm');
await page.getByTestId('logout-cancel').click();
await page.goto(`${base}/KSResult`);
await shot(page, 'ks-result-direct');
await page.goto(`${base}/setup`);
await page.getByTestId('lang-fil').click();
await page.goto(`${base}/my`);
await shot(page, 'my-fil');
await page.goto(`${base}/setup`);
await page.getByTestId('lang-zh-CN').click();
await page.goto(`${base}/homeIndex`);
await shot(page, 'home-zh-CN');
await page.goto(`${base}/setup`);
await page.getByTestId('lang-en-US').click();

// the withdrawal (issue 9 items 4 and 7): an approved borrower's offer, then the paid-out order
const approved = await browser.newContext({ ...devices['iPhone 13'], deviceScaleFactor: 2, baseURL: base });
const wp = await approved.newPage();
await applyThroughApi(wp, { expect: 'Can be withdrawn' });
await wp.goto(`${base}/allWithdraw`);
await wp.getByTestId('withdraw-receive').waitFor();
await tallShot(wp, 'withdraw-allWithdraw');
await wp.getByTestId('withdraw-continue').click();
await wp.waitForURL(/\/loan/);
await agreeSignAndSubmit(wp);
await wp.getByText('Expires in 14 days').first().waitFor({ timeout: 30_000 });
await tallShot(wp, 'withdraw-withdrawPage');

const android = await browser.newContext({ ...devices['Pixel 7'], deviceScaleFactor: 2 });
const ap = await android.newPage();
await ap.goto(`${base}/start`);
await shot(ap, 'no-android');

const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const dp = await desktop.newPage();
await dp.goto(`${base}/start`);
await shot(dp, 'desktop-start');
await browser.close();
