/**
 * The figures of docs/nonlinear.md ("The network model", Measured): build, one f and one ∂f/∂x of the network model
 * of the diode-clamped RC ladder at 10³ and 10⁴ sections, medians (and minima) of 7 builds and 31 evaluations after
 * warm-up. Printed, never asserted. Run: npx tsx packages/formulation/test/support/measure-network-ladder.ts
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '../../src/index';
import { diodeLadder } from './diode-ladder';
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1];
for (const N of [1000, 10000]) {
  const desc = parseSystem(diodeLadder(N));
  const ts: number[] = [], tb: number[] = [], tf: number[] = [], tj: number[] = [];
  let model;
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now(); const s = analyzeStructure(desc); const t1 = performance.now();
    model = networkModel(s).model; const t2 = performance.now();
    ts.push(t1 - t0); tb.push(t2 - t1);
  }
  const x = new Float64Array(N).fill(0.5); const u = Float64Array.of(5); const du = new Float64Array(1); const f = new Float64Array(N);
  for (let r = 0; r < 20; r++) model!.f(0, x, u, du, f), model!.jacobian(0, x, u, du);
  for (let r = 0; r < 31; r++) { const t0 = performance.now(); model!.f(0, x, u, du, f); tf.push(performance.now() - t0); }
  for (let r = 0; r < 31; r++) { const t0 = performance.now(); model!.jacobian(0, x, u, du); tj.push(performance.now() - t0); }
  console.log(`N=${N} structure median ${med(ts).toFixed(1)} ms min ${Math.min(...ts).toFixed(1)}; network model build median ${med(tb).toFixed(1)} ms min ${Math.min(...tb).toFixed(1)}; f median ${med(tf).toFixed(3)} min ${Math.min(...tf).toFixed(3)} ms; J median ${med(tj).toFixed(3)} min ${Math.min(...tj).toFixed(3)} ms`);
}
