import { chromium, devices } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, dev] of [['iphone', devices['iPhone 13']], ['desktop', devices['Desktop Chrome']]]) {
  const ctx = await browser.newContext({ ...dev });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const el = document.querySelector('.ui-fraud');
      if (el && !window.__first) window.__first = el;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('http://127.0.0.1:8399/start');
  await page.waitForSelector('html[data-app=live]');
  await page.waitForTimeout(1500);
  const same = await page.evaluate(() => document.querySelector('.ui-fraud') === window.__first);
  await page.fill('#start-phone', '9171234567');
  const val = await page.inputValue('#start-phone');
  console.log(name, 'same node:', same, 'phone:', val, 'h1:', await page.textContent('.start__hero h1'));
  console.log(logs.join('\n'));
  await page.screenshot({ path: `/tmp/hyd-${name}.png` });
  await ctx.close();
}
await browser.close();
