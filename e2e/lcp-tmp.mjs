import { chromium, devices } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const js of [false, true]) {
  const ctx = await browser.newContext({ ...devices['iPhone 13'], javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:8399/start');
  await page.waitForTimeout(1500);
  const info = await page.evaluate(() => {
    const el = document.querySelector('.ui-fraud span') ?? document.querySelector('.ui-fraud');
    const r = el?.getBoundingClientRect();
    return { text: el?.textContent?.slice(0, 50), rect: r && [r.x, r.y, r.width, r.height].map(Math.round), font: el && getComputedStyle(el).fontSize, rootFont: getComputedStyle(document.documentElement).fontSize, vp: document.querySelector('meta[name=viewport]').content, iw: innerWidth };
  });
  console.log('js', js, JSON.stringify(info));
  await page.screenshot({ path: `/tmp/start-js-${js}.png` });
  await ctx.close();
}
await browser.close();
