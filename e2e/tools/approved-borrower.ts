// An approved borrower for measurements (`LH_BORROWER=approved npm run lighthouse`): signs a fresh
// borrower in through the sandbox, applies through the HTTP API with the browser suite's answers
// and photos (e2e/support/api-borrower.ts), waits for the approval and prints the session as the
// app keeps it in localStorage (`coCore`, `userInfo`), one JSON line on stdout.
//   BASE_URL=http://127.0.0.1:8399 node e2e/tools/approved-borrower.ts
import { chromium } from 'playwright-core';
import { applyThroughApi } from '../support/api-borrower.ts';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await applyThroughApi(page, { expect: 'Can be withdrawn' });
  const stored = await page.evaluate(() => ({
    coCore: localStorage.getItem('coCore'),
    userInfo: localStorage.getItem('userInfo'),
  }));
  process.stdout.write(`${JSON.stringify(stored)}\n`);
} finally {
  await browser.close();
}
