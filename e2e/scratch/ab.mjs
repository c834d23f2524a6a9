import { chromium } from 'playwright-core';
import { randomInt } from 'node:crypto';
const bases = (process.env.BASES ?? 'http://127.0.0.1:8399,http://127.0.0.1:8400').split(',');
const pagePath = process.env.PAGE ?? '/homeIndex';
const N = Number(process.env.N ?? 8);
const j = async (base, p, init = {}) => { const r = await fetch(base + p, { ...init, headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...(init.headers ?? {}) } }); return r.json(); };
async function login(base) {
  const phone = `9${randomInt(100_000_000, 999_999_999)}`;
  await j(base, '/api/auth/login-code', { method: 'POST', body: JSON.stringify({ phone }) });
  const outbox = await j(base, `/api/sandbox/outbox?phone=${phone}`);
  const code = /(\d{4})/.exec((outbox.messages[0]?.body ?? '').replace(/\[.*?\]|【.*?】/, ''))?.[1];
  const config = await j(base, '/api/config/public');
  const s = await j(base, '/api/auth/login', { method: 'POST', body: JSON.stringify({ phone, code, privacyAccepted: true, privacyPolicyVersion: config.privacyPolicyVersion }) });
  return { ...s, phone };
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const sessions = await Promise.all(bases.map(login));
const results = bases.map(() => []);
for (let i = 0; i < N; i++) {
  for (const [k, base] of bases.entries()) {
    const ctx = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, serviceWorkers: 'block' });
    const st = sessions[k];
    await ctx.addInitScript((st) => { localStorage.setItem('coCore', JSON.stringify({ state: { publicData: { customerId: st.customerId, token: st.token, phone_number: st.phone } }, version: 1 }));
      window.__loaf = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ blocking: e.blockingDuration, module: e.scripts.filter((x) => x.invokerType === 'module-script').reduce((a, x) => a + x.duration, 0) }); }).observe({ type: 'long-animation-frame', buffered: true }); }, st);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const lcp = await page.evaluate(() => new Promise((res) => { new PerformanceObserver((l) => { const e = l.getEntries(); res(e[e.length - 1]?.startTime ?? 0); }).observe({ type: 'largest-contentful-paint', buffered: true }); setTimeout(() => res(-1), 500); }));
    const lf = await page.evaluate(() => window.__loaf);
    results[k].push({ script: m.ScriptDuration * 1000, task: m.TaskDuration * 1000, layout: m.LayoutDuration * 1000, style: m.RecalcStyleDuration * 1000, lcp, blocking: lf.reduce((a, x) => a + x.blocking, 0), module: lf.reduce((a, x) => a + x.module, 0) });
    await ctx.close();
  }
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [k, base] of bases.entries()) {
  const r = results[k];
  console.log('module eval sorted', r.map((x) => Math.round(x.module)).sort((a, b) => a - b).join(' '));
  console.log(base, pagePath, 'median ms: script', med(r.map((x) => x.script)).toFixed(0), 'task', med(r.map((x) => x.task)).toFixed(0), 'layout', med(r.map((x) => x.layout)).toFixed(0), 'style', med(r.map((x) => x.style)).toFixed(0), 'lcp', med(r.map((x) => x.lcp)).toFixed(0), 'LoAF blocking', med(r.map((x) => x.blocking)).toFixed(0), 'module eval', med(r.map((x) => x.module)).toFixed(0));
}
await browser.close();
