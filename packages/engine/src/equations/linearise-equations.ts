/**
 * lineariseEquations: a nonlinear equation set at an equilibrium of constant inputs u0 — x* with f(0, x*, u0, 0) = 0
 * by damped Newton from a guess — and its linearisation there, δx' = A δx + B δu, δy = C δx + D δu, with
 * A = ∂f/∂x, B = ∂f/∂u, C = ∂g/∂x, D = ∂g/∂u by central differences of the set's own f and g (step
 * h = 1e-6·max(1, |z|)). No equilibrium (Newton stalls, a singular ∂f/∂x) is 'no-operating-point'.
 */
import { SysgraphError } from '@sysgraph/core';
import type { NonlinearEquationModel } from '@sysgraph/equations';
import { denseFromRows, factorDenseLU } from '@sysgraph/linalg';
import { centralDifferenceJacobian } from '../central-difference';

export interface EquationLinearisation {
  readonly x: readonly number[];
  readonly u: readonly number[];
  readonly y: readonly number[];
  readonly A: number[][];
  readonly B: number[][];
  readonly C: number[][];
  readonly D: number[][];
}

const MAX_ITERATIONS = 100;

export function lineariseEquations(m: NonlinearEquationModel, inputs: Readonly<Record<string, number>> = {}, guess: Readonly<Record<string, number>> = {}): EquationLinearisation {
  for (const [k, table, what] of [...Object.keys(inputs).map((k) => [k, m.inputs, 'input'] as const), ...Object.keys(guess).map((k) => [k, m.states, 'state'] as const)]) {
    if (!table.includes(k)) throw new SysgraphError('bad-option', `${m.name} has no ${what} ${k}`, { element: k, field: what === 'input' ? '--input' : '--guess', expected: `one of ${table.join(', ') || '(none)'}` });
  }
  const n = m.states.length;
  const r = m.inputs.length;
  const f = m.model;
  const u = Float64Array.from(m.inputs, (name) => inputs[name] ?? 0);
  const du = new Float64Array(r);
  const fx = (x: Float64Array, uu: Float64Array) => {
    const out = new Float64Array(n);
    f.f(0, x, uu, du, out);
    return out;
  };
  const gx = (x: Float64Array, uu: Float64Array) => {
    const out = new Float64Array(m.outputs.length);
    f.g(0, x, uu, du, out);
    return out;
  };
  const jacobian = centralDifferenceJacobian;
  const norm = (v: Float64Array) => Math.sqrt(v.reduce((s, q) => s + q * q, 0));
  const fail = (why: string) => new SysgraphError('no-operating-point', `${m.name}: no equilibrium for these inputs (${why})`, { element: m.name, field: '--guess', expected: 'a starting state nearer an equilibrium (--guess state=value), or other inputs' });
  let x = Float64Array.from(m.states, (name) => guess[name] ?? 0);
  let F = fx(x, u);
  for (let it = 0; norm(F) > 1e-12 * Math.max(1, norm(x)) && it < MAX_ITERATIONS; it++) {
    const J = jacobian((z) => fx(z, u), x, n);
    let step: Float64Array;
    try {
      step = factorDenseLU(denseFromRows(J), '∂f/∂x').solve(Array.from(F, (q) => -q));
    } catch {
      throw fail(`∂f/∂x is singular at ${m.states.map((s, k) => `${s} = ${x[k]}`).join(', ')}`);
    }
    // damped: halve the step until |f| decreases
    let t = 1;
    let next = x.map((q, k) => q + step[k]);
    let Fn = fx(next, u);
    while (!(norm(Fn) < norm(F)) && t > 1e-6) {
      t /= 2;
      next = x.map((q, k) => q + t * step[k]);
      Fn = fx(next, u);
    }
    if (!(norm(Fn) < norm(F))) throw fail('Newton stalled');
    x = next;
    F = Fn;
  }
  if (!(norm(F) <= 1e-9 * Math.max(1, norm(x)))) throw fail(`|f| = ${norm(F)} after ${MAX_ITERATIONS} Newton steps`);
  return {
    x: [...x],
    u: [...u],
    y: [...gx(x, u)],
    A: jacobian((z) => fx(z, u), x, n),
    B: jacobian((z) => fx(x, z), u, n),
    C: jacobian((z) => gx(z, u), x, m.outputs.length),
    D: jacobian((z) => gx(x, z), u, m.outputs.length),
  };
}
