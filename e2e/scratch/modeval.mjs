import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync('/tmp/profile.cpuprofile', 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const frames = (id) => { const fr = []; let c = id; while (c) { const cf = byId.get(c).callFrame; if (cf.functionName !== '(root)') fr.unshift({ fn: cf.functionName || '(anon)', f: cf.url.split('/').pop().replace(/-[^-.]*\.js$/, ''), line: cf.lineNumber }); c = parent.get(c); } return fr; };
const roots = new Map(); const detail = new Map();
const depth = Number(process.env.DEPTH ?? 2);
p.samples.forEach((id, i) => {
  const dt = p.timeDeltas[i + 1] ?? 0; const fr = frames(id);
  if (!fr.length || fr[0].line !== -1 || !fr[0].f) return; // module top-level evaluations
  const root = fr[0].f; roots.set(root, (roots.get(root) ?? 0) + dt);
  const k = root + ' :: ' + fr.slice(1, 1 + depth).map((x) => `${x.fn}@${x.f}:${x.line}`).join(' > ');
  detail.set(k, (detail.get(k) ?? 0) + dt);
});
console.log('module evaluation by chunk (ms):', [...roots].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${Math.round(v / 1000)}`).join(', '));
for (const [k, v] of [...detail].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30))) console.log(String(Math.round(v / 1000)).padStart(5), k);
