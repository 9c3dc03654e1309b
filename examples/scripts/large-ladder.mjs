// A large generated network: an N-section RC ladder (R in series, C to ground at every node, the far end open),
// 2N + 1 branches, driven by a unit step. Its modes are known in closed form: the node equations
// C v' = (v_{i−1} − 2 v_i + v_{i+1}) / R, with C v_N' = (v_{N−1} − v_N) / R at the open end, have the eigenvalues
//   λ_k = −(2 / RC) (1 − cos((2k − 1)π / (2N + 1))),  k = 1 … N,
// so once the faster modes have died out 1 − v_N(t) decays as e^(λ_1 t): the ratio of 1 − v_N one slowest time
// constant apart is e^(−1).
//   node large-ladder.mjs [N]              (default N = 1000; R = 1 Ω, C = 1 F)
import { column, compile, simulate } from './pipeline.mjs';

const N = Number(process.argv[2] ?? 1000);
const node = (i) => (i === 0 ? 'in' : `n${i}`);
const elements = [{ id: 'Vs', kind: 'voltage-source', from: 'in', to: 'g' }];
for (let i = 1; i <= N; i++) {
  elements.push({ id: `R${i}`, kind: 'resistor', from: node(i - 1), to: node(i), value: 'R' });
  elements.push({ id: `C${i}`, kind: 'capacitor', from: node(i), to: 'g', value: 'C' });
}
const description = { name: `rc-ladder-${N}`, parameters: { R: 1, C: 1 }, elements, outputs: [{ element: `C${N}`, variable: 'across' }], ground: 'g' };

const started = performance.now();
const compiled = compile(description);
const compiledAt = performance.now();
const lambda1 = -2 * (1 - Math.cos(Math.PI / (2 * N + 1)));
const tau1 = -1 / lambda1;
const trace = simulate(compiled, { tEnd: 4 * tau1, signals: { [compiled.inputNames[0]]: 'step(1)' }, samples: 5, record: [`v_C${N}`] });
const simulatedAt = performance.now();

const t = column(trace, 't');
const v = column(trace, `v_C${N}`);
console.log(`RC ladder, N = ${N} sections (${elements.length} branches, ${compiled.stateNames.length} states), solver ${trace.result.solver}`);
console.log(`compile ${(compiledAt - started).toFixed(0)} ms, simulate ${(simulatedAt - compiledAt).toFixed(0)} ms`);
console.log(`slowest time constant τ1 = 1/|λ1| = ${tau1.toPrecision(8)} s`);
console.log('t/τ1   v_N(t)              (1 − v_N(t)) / (1 − v_N(t − τ1))   closed form e^(−1)');
for (let i = 0; i < t.length; i++) {
  const ratio = i >= 2 ? ((1 - v[i]) / (1 - v[i - 1])).toPrecision(8) : '-';
  console.log(`${(t[i] / tau1).toFixed(1).padEnd(6)} ${v[i].toPrecision(12).padEnd(19)} ${ratio.padEnd(35)} ${i >= 2 ? Math.exp(-1).toPrecision(8) : ''}`);
}
