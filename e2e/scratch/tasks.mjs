import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync('/tmp/profile.cpuprofile', 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const samples = p.samples.map((id, i) => { t += p.timeDeltas[i]; return { id, t, dt: p.timeDeltas[i + 1] ?? 0 }; });
const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';
// busy runs
const runs = []; let cur = null;
for (const s of samples) { if (isIdle(s.id)) { if (cur) { runs.push(cur); cur = null; } continue; } if (!cur) cur = { start: s.t, end: s.t, ss: [] }; cur.end = s.t; cur.ss.push(s); }
if (cur) runs.push(cur);
const stackKey = (id, depth) => { const fr = []; let c = id; while (c) { const cf = byId.get(c).callFrame; if (cf.functionName !== '(root)') fr.unshift(`${cf.functionName || '(anon)'}@${cf.url.split('/').pop().replace(/-[^-.]*\.js$/, '')}:${cf.lineNumber}`); c = parent.get(c); } return fr.slice(0, depth).join(' > '); };
for (const r of runs.filter((r) => r.end - r.start > 40000).sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 8)) {
  console.log(`\n== busy ${((r.end - r.start) / 1000).toFixed(0)} ms at ${((r.start - p.startTime) / 1000).toFixed(0)}`);
  const agg = new Map(); for (const s of r.ss) { const k = stackKey(s.id, Number(process.env.DEPTH ?? 4)); agg.set(k, (agg.get(k) ?? 0) + s.dt); }
  for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(String(Math.round(v / 1000)).padStart(5), k);
}
