import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, masdFormulate, masdApplicability, numericBackend, sparseBackend } from './src/index';
import { randomNetwork, familyOfSeed, networkToDescription } from './test/support/index';
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
function time(f: () => unknown, reps = 5) { const t: number[] = []; for (let i = 0; i < reps; i++) { const t0 = performance.now(); f(); t.push(performance.now() - t0); } return median(t); }
// random networks
const tm: number[] = [], tg: number[] = [], ta: number[] = [];
for (let seed = 0; seed < 1000; seed++) {
  try {
    const d = parseSystem(networkToDescription(randomNetwork(seed, familyOfSeed(seed))));
    const s = analyzeStructure(d); const be = numericBackend(d.parameters);
    if (!masdApplicability(s, be).applicable) continue;
    formulate(s, be);
    ta.push(time(() => masdApplicability(s, be), 3)); tm.push(time(() => masdFormulate(s, be), 3)); tg.push(time(() => formulate(s, be), 3));
  } catch { /* skip */ }
}
console.log(`random applicable (${tm.length}): median masdApplicability ${median(ta).toFixed(3)} ms, masdFormulate ${median(tm).toFixed(3)} ms, formulate ${median(tg).toFixed(3)} ms`);
function ladder(n: number) {
  const elements: unknown[] = [{ id: 'Vs', kind: 'across-source', from: 'n0', to: 'g' }];
  const twoPorts: unknown[] = [];
  for (let k = 1; k <= n; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `m${k}`, value: 1 + (k % 3) * 0.5 });
    elements.push({ id: `L${k}`, kind: 'inductor', from: `m${k}`, to: `n${k}`, value: 0.5 + (k % 5) * 0.1 });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 0.2 + (k % 7) * 0.1 });
    elements.push({ id: `Rp${k}`, kind: 'resistor', from: `n${k}`, to: 'g', value: 3 + (k % 4) });
  }
  return { name: 'ladder', parameters: {}, elements, twoPorts };
}
for (const n of [10, 40, 160]) {
  const d = parseSystem(ladder(n)); const s = analyzeStructure(d); const be = numericBackend(d.parameters);
  const ok = masdApplicability(s, be).applicable;
  const sb = sparseBackend(d.parameters);
  console.log(`ladder n=${n} (states ${s.partition.states.length}, applicable ${ok}): masd dense ${time(() => masdFormulate(s, be)).toFixed(1)} ms, general dense ${time(() => formulate(s, be)).toFixed(1)} ms, masd sparse ${time(() => masdFormulate(s, sb)).toFixed(1)} ms, general sparse ${time(() => formulate(s, sb)).toFixed(1)} ms`);
}
