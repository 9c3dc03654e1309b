/**
 * compareWithTableau: a nonlinear model against the tableau oracle at one point (t, x, u, u'), in coordinates the
 * oracle does not share: the model's storage values W(x, u) (v of the capacitors and i of the inductors whose
 * elements carry the states) are handed to the oracle, which then gives every branch quantity and Ẇ. Checked:
 *   every output of the model (all branch across and through values) = the oracle's;
 *   Ẇ = W_x f + W_u u' + W_t (W differentiated by central differences of the model's outputs) = the oracle's.
 * Returns the worst relative differences.
 */
import type { NonlinearResult } from '../../src/index';
import type { NonlinearRandom } from './nonlinear-random';
import { nonlinearTableau } from './nonlinear-tableau-oracle';

export interface TableauComparison {
  outputs: number;
  dynamics: number;
  residual: number;
}

export function compareWithTableau(nl: NonlinearResult, rnd: Pick<NonlinearRandom, 'net' | 'outputs'>, t: number, x: number[], u: number[], du: number[]): TableauComparison {
  const sys = nl.system;
  const ev = nl.evaluate;
  const outIndex = new Map(sys.outputs.map((o, j) => [o, j]));
  const stateOutput = sys.states.map((s) => {
    const kind = rnd.net.branches.find((b) => b.id === s.element)!.kind;
    return outIndex.get(`${kind === 'C' ? 'across' : 'through'}_${s.element}`)!;
  });
  const y = ev.g(t, x, u, du);
  const given = new Map(sys.states.map((s, j) => [s.element, y[stateOutput[j]]]));
  const byName = (values: number[]) => new Map(sys.inputs.map((name, j) => [name, values[j]]));
  const ref = nonlinearTableau(rnd.net, given, byName(u), byName(du), t);
  const rel = (a: number, b: number) => Math.abs(a - b) / (1 + Math.abs(b));
  let outputs = 0;
  for (const [name, id, variable] of rnd.outputs) {
    const expected = variable === 'across' ? ref.across(id) : ref.through(id);
    outputs = Math.max(outputs, rel(y[outIndex.get(name)!], expected));
  }
  // Ẇ by the chain rule through the model's own map W(x, u, t).
  const f = ev.f(t, x, u);
  const W = (tt: number, xx: number[], uu: number[]) => {
    const yy = ev.g(tt, xx, uu, du);
    return stateOutput.map((j) => yy[j]);
  };
  const wdot = sys.states.map(() => 0);
  const add = (apply: (h: number) => number[], h: number, weight: number) => {
    const plus = apply(h);
    const minus = apply(-h);
    plus.forEach((p, i) => (wdot[i] += ((p - minus[i]) / (2 * h)) * weight));
  };
  x.forEach((xj, j) => {
    const h = 1e-6 * (1 + Math.abs(xj));
    add((d) => W(t, x.map((v, q) => (q === j ? v + d : v)), u), h, f[j]);
  });
  u.forEach((uj, j) => {
    const h = 1e-6 * (1 + Math.abs(uj));
    add((d) => W(t, x, u.map((v, q) => (q === j ? v + d : v))), h, du[j]);
  });
  add((d) => W(t + d, x, u), 1e-6, 1);
  let dynamics = 0;
  sys.states.forEach((s, i) => (dynamics = Math.max(dynamics, rel(wdot[i], ref.rate(s.element)))));
  return { outputs, dynamics, residual: ref.residual };
}
