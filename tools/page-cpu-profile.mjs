#!/usr/bin/env node
// Where a page's main-thread JavaScript time goes on load, by script and by function (self time),
// from Chromium's sampling profiler; the complement of Lighthouse's TBT when asking "what to cut".
//   node tools/page-cpu-profile.mjs http://127.0.0.1:8080/start
//   SESSION='{"coCore":"…","userInfo":"…"}' node tools/page-cpu-profile.mjs http://127.0.0.1:8080/homeIndex
// The figures are unthrottled and absolute values follow the machine; compare within one run.
import puppeteer from 'puppeteer-core';
const url = process.argv[2];
const b = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless=new',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    // the omnibox popup WebUI Chromium 156 preloads (see tools/lighthouse.mjs)
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  ],
});
const p = await b.newPage();
await p.setUserAgent(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
);
await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
if (process.env.SESSION) {
  await p.goto(new URL('/api/health', url).href);
  await p.evaluate((s) => {
    localStorage.setItem('coCore', s.coCore);
    localStorage.setItem('userInfo', s.userInfo);
  }, JSON.parse(process.env.SESSION));
}
const c = await p.createCDPSession();
await c.send('Profiler.enable');
await c.send('Profiler.setSamplingInterval', { interval: 100 });
await c.send('Profiler.start');
await p.goto(url, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 1000));
const { profile } = await c.send('Profiler.stop');
await b.close();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const byUrl = {},
  byFn = {};
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  if (['(idle)', '(program)'].includes(cf.functionName)) {
    byUrl[cf.functionName] = (byUrl[cf.functionName] ?? 0) + us;
    continue;
  }
  const u = (cf.url || '(native)').replace(/^.*\/assets\//, '');
  byUrl[u] = (byUrl[u] ?? 0) + us;
  const k = `${cf.functionName || '(anon)'} ${u}:${cf.lineNumber}:${cf.columnNumber}`;
  byFn[k] = (byFn[k] ?? 0) + us;
}
const top = (o, n) =>
  Object.entries(o)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');
console.log('-- by script (self time)\n' + top(byUrl, 15));
console.log('-- by function\n' + top(byFn, 30));
