import { chromium } from 'playwright-core';
import { randomInt } from 'node:crypto';
const base = process.env.BASE ?? 'http://127.0.0.1:8402';
const pagePath = process.env.PAGE ?? '/homeIndex';
const j = async (p, init = {}) => { const r = await fetch(base + p, { ...init, headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...(init.headers ?? {}) } }); return r.json(); };
const phone = `9${randomInt(100_000_000, 999_999_999)}`;
await j('/api/auth/login-code', { method: 'POST', body: JSON.stringify({ phone }) });
const outbox = await j(`/api/sandbox/outbox?phone=${phone}`);
const code = /(\d{4})/.exec((outbox.messages[0]?.body ?? '').replace(/\[.*?\]|【.*?】/, ''))?.[1];
const config = await j('/api/config/public');
const s = await j('/api/auth/login', { method: 'POST', body: JSON.stringify({ phone, code, privacyAccepted: true, privacyPolicyVersion: config.privacyPolicyVersion }) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, serviceWorkers: 'block' });
await ctx.addInitScript((st) => {
  localStorage.setItem('coCore', JSON.stringify({ state: { publicData: { customerId: st.customerId, token: st.token, phone_number: st.phone } }, version: 1 }));
  window.__loaf = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0, styleLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0, scripts: e.scripts.map((x) => ({ inv: x.invoker, type: x.invokerType, src: x.sourceURL.split('/').pop(), fn: x.sourceFunctionName, d: x.duration, forced: x.forcedStyleAndLayoutDuration })) }); }).observe({ type: 'long-animation-frame', buffered: true });
}, { ...s, phone });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
await page.goto(base + pagePath, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const loaf = await page.evaluate(() => window.__loaf);
for (const e of loaf) {
  console.log(`LoAF @${e.start.toFixed(0)} dur ${e.duration.toFixed(0)} blocking ${e.blocking.toFixed(0)} render ${e.render.toFixed(0)} styleLayout ${e.styleLayout.toFixed(0)}`);
  for (const x of e.scripts.filter((x) => x.d > 5)) console.log(`   ${x.d.toFixed(0).padStart(4)} ${x.type} ${x.inv.slice(0, 60)} ${x.src} ${x.fn} forced ${x.forced.toFixed(0)}`);
}
await browser.close();
