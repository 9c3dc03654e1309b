import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { rowSumProgram, runRowSumProgram } from '@sysgraph/linalg';
import { lawSplit } from '../../../packages/formulation/src/network-model/law-split';
import { networkPlan } from '../../../packages/formulation/src/network-model/network-plan';
import { diodeLadderNetlist } from '../nonlinear/diode-ladder';
const N = Number(process.argv[2] ?? 10000);
const netlist = readSpiceNetlist(diodeLadderNetlist(N, '/dev/null'));
const s = (lawSplit(networkPlan(analyzeStructure(netlist.description))) as any).split;
const n = s.n;
const z = new Float64Array(n + s.m + s.laws); for (let i = 0; i < 300; i++) z[i] = 0.5 * Math.exp(-i / 30);
const out = new Float64Array(n), out2 = new Float64Array(n);
function rowSums(ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array, from: number, to: number): void {
  for (let r = from; r < to; r++) { let s = 0; for (let q = ptr[r], end = ptr[r + 1]; q < end; q++) s += coef[q] * z[src[q]]; out[r] = s; }
}
const p = rowSumProgram(s.rows.ptr, s.rows.src, s.rows.coef, 0, n);
console.log(p.byWidth.map((g) => g.rows.length), p.wide.rows.length);
for (let rep = 0; rep < 5; rep++) {
  let t = performance.now(); for (let k = 0; k < 1000; k++) rowSums(s.rows.ptr, s.rows.src, s.rows.coef, z, out, 0, n); const a = performance.now() - t;
  t = performance.now(); for (let k = 0; k < 1000; k++) runRowSumProgram(p, z, out2); const b = performance.now() - t;
  console.log(a.toFixed(1), b.toFixed(1), 'µs per call', out.every((v, i) => Object.is(v, out2[i])));
}
