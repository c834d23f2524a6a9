// `node tools/first-data-probe.mjs` (issue 9): a signed-in borrower's cold visit to a page on a slow
// phone, measured in the system Chromium with the throttling applied (not simulated): CPU 4× slower,
// 150 ms round trips, 1.6 Mbit/s down and 750 kbit/s up, an empty HTTP cache and no service worker. It prints, per server
// and as medians over N visits: when the page's first data request left (`/api/home` on home), when
// its answer was in, when the largest paint happened (LCP), and how many requests the page made
// for that data (exactly one: an early answer must not be asked for twice).
//
//   BASES=http://127.0.0.1:8398,http://127.0.0.1:8399 PAGE=/homeIndex DATA=/api/home N=9 \
//     node tools/first-data-probe.mjs
//
// Servers are visited in turn (A, B, A, B, ...), so a machine that slows down in between slows
// both alike. Needs servers with SANDBOX=1.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, IPHONE_UA, signInSandboxBorrower } from './sandbox-borrower.mjs';

const bases = (process.env.BASES ?? 'http://127.0.0.1:8080').split(',');
const pagePath = process.env.PAGE ?? '/homeIndex';
const dataPath = process.env.DATA ?? '/api/home';
const visits = Number(process.env.N ?? 9);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const results = new Map(bases.map((b) => [b, []]));
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  for (let i = 0; i < visits; i++) {
    for (const base of bases) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setUserAgent(IPHONE_UA);
      await page.setViewport({
        width: 390,
        height: 844,
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const session = await signInSandboxBorrower(base);
      await page.goto(`${base}/api/health`);
      await page.evaluate((s) => {
        const state = { publicData: { customerId: s.customerId, token: s.token, phone_number: s.phone } };
        localStorage.setItem('coCore', JSON.stringify({ state, version: 1 }));
      }, session);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let dataRequests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === dataPath) dataRequests++;
      });
      await page.evaluateOnNewDocument(() => {
        /* global window -- in the page */
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const timing = await page.evaluate((path) => {
        /* global document -- in the page */
        const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === path);
        return {
          live: document.documentElement.dataset.app === 'live',
          lcp: window.__lcp,
          dataStart: entry ? entry.startTime : NaN,
          dataEnd: entry ? entry.responseEnd : NaN,
        };
      }, dataPath);
      if (!timing.live) throw new Error(`${base}${pagePath}: the page did not go live`);
      results.get(base).push({ ...timing, dataRequests });
      await context.close();
    }
  }
} finally {
  await chrome.kill();
}
console.log(`${pagePath}, ${visits} cold visits each, CPU 4×, 150 ms RTT, 1.6 Mbit/s; medians in ms`);
console.log('server                          data asked  data in   LCP   requests for the data');
for (const [base, rows] of results) {
  const counts = [...new Set(rows.map((r) => r.dataRequests))].join('/');
  console.log(
    `${base.padEnd(32)}${String(Math.round(median(rows.map((r) => r.dataStart)))).padStart(10)}` +
      `${String(Math.round(median(rows.map((r) => r.dataEnd)))).padStart(9)}` +
      `${String(Math.round(median(rows.map((r) => r.lcp)))).padStart(6)}   ${counts}`,
  );
  if (process.env.PROBE_ALL)
    console.log(
      `  LCP each visit: ${rows
        .map((r) => Math.round(r.lcp))
        .sort((a, b) => a - b)
        .join(' ')}`,
    );
}
