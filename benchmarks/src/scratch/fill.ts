import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { fillIteration, iterationPattern } from '../../../packages/simulate/src/sparse/iteration-pattern';
import { diodeLadderNetlist } from '../nonlinear/diode-ladder';
const N = 10000;
const built = networkModel(analyzeStructure(readSpiceNetlist(diodeLadderNetlist(N, '/dev/null')).description), {});
const m = built.model as any;
const n = m.stateNames.length;
const x = new Float64Array(n); for (let i = 0; i < 300; i++) x[i] = 0.7 * Math.exp(-i / 30);
const j = m.jacobian(0, x, new Float64Array(1).fill(5), new Float64Array(1));
const p = iterationPattern(j);
console.log('nnz J', j.nnz, 'nnz P', p.colIdx.length);
const values = new Float64Array(p.colIdx.length);
// one pass: P entry k takes J's entry src[k] (−1: a diagonal J does not store), plus 1 on the diagonal
const srcOf = new Int32Array(p.colIdx.length).fill(-1);
for (let k = 0; k < p.jPos.length; k++) srcOf[p.jPos[k]] = k;
const isDiag = new Uint8Array(p.colIdx.length); for (let i = 0; i < n; i++) isDiag[p.diagPos[i]] = 1;
function onePass(srcOf: Int32Array, isDiag: Uint8Array, c: number, jv: Float64Array, values: Float64Array) {
  for (let k = 0; k < values.length; k++) { const s = srcOf[k]; const v = s >= 0 ? -c * jv[s] : 0; values[k] = isDiag[k] === 1 ? v + 1 : v; }
}
const v2 = new Float64Array(values.length);
let best1 = Infinity, best2 = Infinity;
for (let rep = 0; rep < 20; rep++) {
  let t = performance.now(); for (let k = 0; k < 200; k++) fillIteration(p, 1e-8 + k * 1e-12, j, values); best1 = Math.min(best1, (performance.now() - t) / 200 * 1000);
  t = performance.now(); for (let k = 0; k < 200; k++) onePass(srcOf, isDiag, 1e-8 + k * 1e-12, j.values, v2); best2 = Math.min(best2, (performance.now() - t) / 200 * 1000);
}
fillIteration(p, 3e-8, j, values); onePass(srcOf, isDiag, 3e-8, j.values, v2);
console.log('fillIteration', best1.toFixed(1), 'µs; one pass', best2.toFixed(1), 'µs; same', values.every((v, i) => Object.is(v, v2[i])));
function copy(a: Float64Array, b: Float64Array) { for (let k = 0; k < a.length; k++) b[k] = a[k] * 2; }
let best3 = Infinity;
for (let rep = 0; rep < 20; rep++) { const t = performance.now(); for (let k = 0; k < 200; k++) copy(v2, values); best3 = Math.min(best3, (performance.now() - t) / 200 * 1000); }
console.log('scale-copy of', values.length, best3.toFixed(1), 'µs');
