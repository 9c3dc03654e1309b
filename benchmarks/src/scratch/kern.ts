import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { diodeLadderNetlist } from '/work/main/benchmarks/src/nonlinear/diode-ladder';
const N = Number(process.argv[2] ?? 10000);
const netlist = readSpiceNetlist(diodeLadderNetlist(N, '/dev/null'));
const built = networkModel(analyzeStructure(netlist.description), {});
const m = built.model as any;
const n = m.stateNames.length, mi = m.inputNames.length;
const x = new Float64Array(n); for (let i = 0; i < 300; i++) x[i] = 0.7 * Math.exp(-i / 30);
const u = new Float64Array(mi).fill(5), du = new Float64Array(mi), out = new Float64Array(n);
let best = Infinity;
for (let rep = 0; rep < 15; rep++) {
  const t0 = performance.now();
  for (let k = 0; k < 500; k++) { x[0] += 1e-12; m.f(1e-6, x, u, du, out); }
  const t1 = performance.now();
  best = Math.min(best, (t1 - t0) / 500 * 1000);
}
console.log(`f: min ${best.toFixed(1)} µs per call, n=${n}`);
