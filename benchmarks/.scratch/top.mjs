import { readFileSync } from 'node:fs';
const files = process.argv.slice(2);
for (const f of files) {
  const p = JSON.parse(readFileSync(f, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = new Map();
  for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  // self time per function
  const total = [...dt.values()].reduce((a, b) => a + b, 0);
  const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`;
  for (const [id, t] of dt) { const k = key(byId.get(id)); self.set(k, (self.get(k) ?? 0) + t); }
  // inclusive: compute parent links
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, t] of dt) {
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) { const k = key(byId.get(x)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } }
  }
  console.log(f, 'total ms', (total / 1000).toFixed(0));
  console.log('-- self');
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / 1000).toFixed(0).padStart(7), k);
  console.log('-- inclusive');
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((t / 1000).toFixed(0).padStart(7), k);
}
