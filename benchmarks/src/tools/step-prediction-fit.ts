/**
 * The constants of the guarded Rodas4's step prediction (packages/simulate/src/guard/step-prediction.ts), read off
 * the accuracy matrix's results: for every `stiff` cell on a model the oscillation guard applies to, the steps it
 * took N (accepted), the radians Φ and the rtol it ran with (the guard's tightening), the input's class
 * (inputExcitation: jump or kink, and its time scale), and the ratio c = N·rtol_run^(1/4)/Φ ÷ the class factor.
 * Cells stopped by the step budget count as N ≥ maxSteps / (t/T reached) (a uniform step rate extrapolated: a lower
 * estimate where the rate falls with time). Prints one line per cell and, per class, the smallest and largest c.
 *
 * Run: npx tsx benchmarks/src/tools/step-prediction-fit.ts [results.json …]
 */
import { readFileSync } from 'node:fs';
import { FAMILIES } from '../accuracy-matrix/families';
import { INPUTS } from '../accuracy-matrix/inputs';
import { modelOf } from '../accuracy-matrix/cell';
import type { Row } from '../accuracy-matrix';
import { MAX_STEPS } from '../accuracy-matrix';
import { GUARDED, modelOscillation, predictedSteps, effectiveSpread, inputExcitation, parseSignal, SPREAD_MAX } from '@sysgraph/simulate';
import type { ExcitationKind } from '@sysgraph/simulate';
// the refusal compares the prediction with the matrix's step budget

const files = process.argv.slice(2);
const paths = files.length > 0 ? files : [new URL('../../results/accuracy-matrix.json', import.meta.url).pathname];
const rows: Row[] = paths.flatMap((p) => (JSON.parse(readFileSync(p, 'utf8')) as { rows: Row[] }).rows);
const cases = new Map<string, { span: number; radians: number; omega: number; damping: number } | undefined>();
const points: { kind: ExcitationKind; x: number; y: number }[] = [];
const perRadian = GUARDED.stiff!.perRadian;
let wrong = 0;
let upFront = 0;
const under: string[] = [];
console.log('family states input rtol status steps runRtol Φ x class N·rtol^(1/4) predicted N/predicted');
for (const r of rows.filter((x) => x.solver === 'stiff' && (x.status === 'pass' || x.status === 'refused' || x.status === 'cut'))) {
  const key = `${r.family}/${r.states}`;
  if (!cases.has(key)) {
    const c = FAMILIES.find((f) => f.name === r.family)!.make(r.states);
    const est = modelOscillation(modelOf(c), c.span);
    // only oscillatory models the guard tightens (K = 0.75·Φ > 1): elsewhere Φ ≈ 0 and nothing is predicted
    cases.set(key, est && perRadian * est.radians > 1 ? { span: c.span, radians: est.radians, omega: est.omega, damping: est.damping } : undefined);
  }
  const est = cases.get(key);
  if (!est) continue;
  let steps: number;
  let bound = '';
  if (r.status === 'pass') steps = Number(r.steps.split('/')[0]);
  else {
    const m = /more than (\d+) steps before t = ([0-9.e+-]+)/.exec(r.note);
    if (!m) continue; // refused up front
    steps = Number(m[1]) / (Number(m[2]) / est.span);
    bound = '≥';
  }
  const K = perRadian * est.radians;
  const runRtol = K > 1 ? r.rtol / K : r.rtol;
  const input = INPUTS.find((i) => i.name === r.input)!;
  const signal = parseSignal(input.signal(est.span));
  // the matrix starts from rest: off equilibrium when u(0) ≠ 0
  const excitation = inputExcitation([signal], 0, est.span, signal.value(0) !== 0);
  const predicted = predictedSteps('stiff', est, est.span, runRtol, excitation)!;
  const x = effectiveSpread(est, est.span, runRtol);
  if (!bound) points.push({ kind: excitation.kind, x: Math.min(x, SPREAD_MAX), y: steps * runRtol ** 0.25 });
  const verdict = predicted > MAX_STEPS ? (r.status === 'pass' ? ' WOULD-REFUSE-A-PASSING-CELL' : ' refused up front now') : '';
  if (predicted > MAX_STEPS && r.status === 'pass') wrong++;
  if (predicted > MAX_STEPS && r.status !== 'pass') upFront++;
  if (steps < predicted) under.push(`${r.family} ${r.states} ${r.input} ${r.rtol}: ${Math.round(steps)} < ${Math.round(predicted)}`);
  console.log(`${r.family} ${r.states} ${r.input} ${r.rtol} ${r.status} ${bound}${Math.round(steps)} ${runRtol.toPrecision(3)} ${est.radians.toPrecision(3)} ${x.toPrecision(3)} ${excitation.kind} ${bound}${(steps * runRtol ** 0.25).toFixed(2)} ${Math.round(predicted)} ${bound}${(steps / predicted).toFixed(2)}${verdict}`);
}
// the lower envelope y ≥ k·x^a per excitation: for each a, k = min y/x^a; the a whose envelope is highest at SPREAD_MAX
for (const kind of ['jump', 'kink'] as const) {
  const own = points.filter((p) => p.kind === kind);
  let best = { a: 0, k: 0, top: 0 };
  for (let a = 0; a <= 1.0001; a += 0.005) {
    const k = Math.min(...own.map((p) => p.y / p.x ** a));
    if (k * SPREAD_MAX ** a > best.top) best = { a, k, top: k * SPREAD_MAX ** a };
  }
  console.log(`fit ${kind}: k = ${best.k.toPrecision(3)}, a = ${best.a.toFixed(3)} over ${own.length} cells (x ${Math.min(...own.map((p) => p.x)).toPrecision(3)} … ${Math.max(...own.map((p) => p.x)).toPrecision(3)})`);
}
console.log(`passing cells the rule would refuse: ${wrong}; budget-stopped or cut cells refused up front now: ${upFront}`);
console.log(`cells whose steps are below the prediction (the prediction is not a lower bound there): ${under.length}`);
for (const u of under) console.log(`  ${u}`);
