#!/usr/bin/env node
// Start-up work of a signed-in page, two builds side by side (issue 9): how long the main thread is
// blocked while the page starts, measured with Chromium's long-animation-frame entries at a CPU
// slowdown, over cold loads that alternate between the servers so that the machine's own noise
// falls on both alike. Lighthouse's score moves too much on a shared 2-core machine to show a
// change of this size; these medians are what the README's start-up figures come from.
//   BASES=http://127.0.0.1:8399,http://127.0.0.1:8400 PAGE=/homeIndex N=15 npm run bench:startup
// Each base is a sandbox server (SANDBOX=1), e.g. the same server bundle with WEB_DIST pointing at
// another `vite build --outDir`. A borrower is logged in through the sandbox outbox on each, or
// SESSION_FILES=a.json,b.json (one per base) names sessions to use instead, as
// `node e2e/tools/approved-borrower.ts` prints them: an approved borrower's pages.
// Also reported: the median largest contentful paint (Chromium's own entry, at the CPU slowdown).
import { chromium } from 'playwright-core';
import { IPHONE_UA, signInSandboxBorrower as login } from './sandbox-borrower.mjs';

const bases = (process.env.BASES ?? 'http://127.0.0.1:8399').split(',').map((b) => b.replace(/\/$/, ''));
const pagePath = process.env.PAGE ?? '/homeIndex';
const loads = Number(process.env.N ?? 9);
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
async function measure(browser, base, session) {
  const context = await browser.newContext({
    userAgent: IPHONE_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    serviceWorkers: 'block', // every load cold
  });
  await context.addInitScript((s) => {
    if (s.coCore) {
      localStorage.setItem('coCore', s.coCore);
      if (s.userInfo) localStorage.setItem('userInfo', s.userInfo);
    } else {
      const publicData = { customerId: s.customerId, token: s.token, phone_number: s.phone };
      localStorage.setItem('coCore', JSON.stringify({ state: { publicData }, version: 1 }));
    }
    globalThis.__frames = [];
    globalThis.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries())
        globalThis.__frames.push({
          blocking: frame.blockingDuration,
          moduleEvaluation: frame.scripts
            .filter((script) => script.invokerType === 'module-script')
            .reduce((sum, script) => sum + script.duration, 0),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  }, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  /* global document -- evaluated in the page */
  await page
    .waitForFunction(
      () => document.documentElement.dataset.app === 'live' || !!document.querySelector('.shell-fallback'),
      null,
      { timeout: 20_000 },
    )
    .catch(() => undefined); // judged below
  await page.waitForTimeout(300);
  // as npm run lighthouse: no figure for a page that did not go live or shows the error screen
  const state = await page.evaluate(() => ({
    live: document.documentElement.dataset.app === 'live',
    errorScreen: !!document.querySelector('.shell-fallback'),
  }));
  if (!state.live || state.errorScreen)
    throw new Error(`${base}${pagePath} did not render: ${JSON.stringify(state)}`);
  const frames = await page.evaluate(() => globalThis.__frames);
  const lcp = await page.evaluate(() => globalThis.__lcp);
  await context.close();
  return {
    lcp,
    blocking: frames.reduce((sum, f) => sum + f.blocking, 0),
    moduleEvaluation: frames.reduce((sum, f) => sum + f.moduleEvaluation, 0),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // the omnibox popup WebUI Chromium 156 preloads (see tools/lighthouse.mjs)
  args: ['--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'],
});
try {
  const { readFileSync } = await import('node:fs');
  const sessions = process.env.SESSION_FILES
    ? process.env.SESSION_FILES.split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')))
    : await Promise.all(bases.map(login));
  const results = bases.map(() => []);
  for (let i = 0; i < loads; i++)
    for (const [k, base] of bases.entries()) results[k].push(await measure(browser, base, sessions[k]));
  console.log(`${pagePath}, ${loads} cold loads per build, CPU slowdown ${slowdown}×, milliseconds`);
  console.log(
    'base                              blocking (median)   LCP (median)   module evaluation (median, spread)',
  );
  for (const [k, base] of bases.entries()) {
    const evaluation = results[k].map((r) => Math.round(r.moduleEvaluation));
    console.log(
      `${base.padEnd(34)}${String(Math.round(median(results[k].map((r) => r.blocking)))).padStart(17)}` +
        `${String(Math.round(median(results[k].map((r) => r.lcp)))).padStart(15)}` +
        `   ${median(evaluation)} (${Math.min(...evaluation)}–${Math.max(...evaluation)})`,
    );
  }
} finally {
  await browser.close();
}
