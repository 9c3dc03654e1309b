/**
 * lineariseEquations: a nonlinear equation set at an equilibrium of constant inputs u0 — x* with f(0, x*, u0, 0) = 0
 * by damped Newton from a guess (linalg's dampedNewton) — and its linearisation there, δx' = A δx + B δu, δy = C δx + D δu, with
 * A = ∂f/∂x, B = ∂f/∂u, C = ∂g/∂x, D = ∂g/∂u by central differences of the set's own f and g (step
 * h = 1e-6·max(1, |z|)). No equilibrium (Newton stalls, a singular ∂f/∂x) is 'no-operating-point'.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { NonlinearEquationModel } from '@sysgraph/equations';
import { dampedNewton, denseFromRows, factorDenseLU } from '@sysgraph/linalg';
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
  const norm2 = (v: Float64Array) => Math.sqrt(v.reduce((s, q) => s + q * q, 0));
  const fail = (why: string) => new SysgraphError('no-operating-point', `${m.name}: no equilibrium for these inputs (${why})`, { element: m.name, field: '--guess', expected: 'a starting state nearer an equilibrium (--guess state=value), or other inputs' });
  // linalg's dampedNewton on f(0, ·, u0, 0) with ∂f/∂x by central differences: converged when
  // ‖f‖∞ ≤ 1e-12 · max(1, ‖x‖₂), or after a full step ‖δ‖∞ ≤ 1e-12 · (1 + ‖x‖∞); the step halved up to 20 times.
  let x: Float64Array;
  try {
    ({ x } = dampedNewton<number[][]>(
      {
        residual: (z) => fx(z, u),
        jacobian: (z) => jacobian((w) => fx(w, u), z, n),
        factor: (J) => {
          const lu = factorDenseLU(denseFromRows(J), '∂f/∂x');
          return (rhs) => lu.solve(rhs);
        },
        residualBound: (z) => 1e-12 * Math.max(1, norm2(z)),
      },
      Float64Array.from(m.states, (name) => guess[name] ?? 0),
      { maxIterations: MAX_ITERATIONS, maxHalvings: 20, stepTolerance: 1e-12, blame: { element: m.name, field: '--guess' } },
    ));
  } catch (e) {
    if (isSysgraphError(e) && (e.code === 'singular-matrix' || e.code === 'solver-failure')) throw fail(e.message);
    throw e;
  }
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
