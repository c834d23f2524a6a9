import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync('/tmp/profile.cpuprofile', 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(); p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
// inclusive time for module top-level frames (functionName '' and lineNumber 0 or -1 with url)
const incl = new Map();
for (const [id, us] of self) {
  let cur = id; const seen = new Set();
  while (cur) { const cf = byId.get(cur).callFrame; if (cf.url && cf.functionName === '' && cf.lineNumber <= 0) { const k = cf.url.split('/').pop().replace(/-[^-.]*\.js$/, ''); if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + us); seen.add(k); } } cur = parent.get(cur); }
}
console.log([...incl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${Math.round(v / 1000)}`).join(' | '));
