/**
 * createStaticSolver: the implicit D-type variables z of a nonlinear system, r(z, x, u, t) = 0 with x, u, t held
 * in the environment (formulation.md section 12: Newton on the resistive network at each evaluation of f, with
 * Jacobian ∂r/∂z, the nonlinear analogue of eq. 8). One variable: solveLaw (Newton, then a bracket). Several:
 * damped Newton (step halving by the natural monotonicity test). Failure throws 'bad-law' naming the elements and the forms that would
 * make them explicit.
 */
import { SysgraphError } from '@sysgraph/core';
import { LuDecomposition, Matrix } from 'ml-matrix';
import type { Closure } from './compile-closure';
import type { NonlinearSystem } from './nonlinear-system';
import { solveLaw } from './solve-law';

const MAX_NEWTON = 100;
const TOLERANCE = 1e-13;

export interface StaticSolver {
  /** Solves for z in env[offset …], starting from and updating `guess`. */
  solve(guess: Float64Array): void;
}

export function createStaticSolver(
  sys: NonlinearSystem,
  residual: readonly Closure[],
  jacobian: readonly (readonly Closure[])[],
  env: Float64Array,
  offset: number,
): StaticSolver {
  const nz = residual.length;
  const fail = (why: string) => {
    const elements = sys.implicit.map((z) => z.element);
    return new SysgraphError(
      'bad-law',
      `the static network of ${elements.join(', ')} cannot be solved ${why}; ${sys.implicit.map((z) => `${z.element} in the "${z.neededForm}" form`).join(', ')} would make it explicit`,
      { element: elements[0], elements, field: 'law', expected: 'laws that are monotone over the operating range, or given in the form the normal tree needs' },
    );
  };
  return {
    solve(guess) {
      if (nz === 1) {
        const probe = (v: number, c: Closure) => {
          env[offset] = v;
          return c(env);
        };
        const r = solveLaw({ value: (v) => probe(v, residual[0]), slope: (v) => probe(v, jacobian[0][0]) }, 0, guess[0]);
        if (!r.converged || !Number.isFinite(r.z)) throw fail(`at this state and input (no root of its law found)`);
        env[offset] = guess[0] = r.z;
        return;
      }
      // The warm start can lie where the laws saturate: then retry once from z = 0.
      if (newton(guess) || newton(guess.fill(0))) return;
      throw fail(`in ${MAX_NEWTON} Newton iterations`);
    },
  };

  /**
   * Damped Newton from `guess` (updated on success) with Deuflhard's natural monotonicity test: accept z − λΔ
   * when the simplified step Δ̄ = J(z)⁻¹ r(z − λΔ) is shorter than (1 − λ/4)‖Δ‖, a test independent of the
   * units of r.
   */
  function newton(guess: Float64Array): boolean {
    const norm = (v: readonly number[]) => v.reduce((a, b) => Math.max(a, Math.abs(b)), 0);
    const keep = () => {
      for (let k = 0; k < nz; k++) guess[k] = env[offset + k];
      return true;
    };
    for (let k = 0; k < nz; k++) env[offset + k] = guess[k];
    for (let it = 0; it < MAX_NEWTON; it++) {
      const r = residual.map((c) => c(env));
      if (r.every((v) => v === 0)) return keep();
      const J = new LuDecomposition(new Matrix(jacobian.map((row) => row.map((c) => c(env)))));
      if (J.isSingular() || !r.every(Number.isFinite)) return false;
      const step = J.solve(Matrix.columnVector(r)).to1DArray();
      const size = norm(step);
      const z0 = Array.from({ length: nz }, (_, k) => env[offset + k]);
      let lambda = 1;
      for (let h = 0; h < 60; h++, lambda /= 2) {
        for (let k = 0; k < nz; k++) env[offset + k] = z0[k] - lambda * step[k];
        const rt = residual.map((c) => c(env));
        if (!rt.every(Number.isFinite)) continue;
        const simplified = norm(J.solve(Matrix.columnVector(rt)).to1DArray());
        if (simplified <= (1 - lambda / 4) * size) break;
      }
      if (step.every((d, k) => Math.abs(lambda * d) <= TOLERANCE * (1 + Math.abs(z0[k])))) return keep();
    }
    return false;
  }
}
