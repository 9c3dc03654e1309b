/**
 * createStaticSolver: the implicit D-type variables z of a nonlinear system, r(z, x, u, t) = 0 with x, u, t held
 * in the environment (formulation.md section 12: Newton on the resistive network at each evaluation of f, with
 * Jacobian ∂r/∂z, the nonlinear analogue of eq. 8). One variable: solveLaw (Newton, then a bracket). Several:
 * Newton with step halving on ‖r‖∞. Failure throws 'bad-law' naming the elements and the forms that would
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
  const rNorm = () => {
    let s = 0;
    for (const r of residual) s = Math.max(s, Math.abs(r(env)));
    return s;
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
      for (let k = 0; k < nz; k++) env[offset + k] = guess[k];
      let norm = rNorm();
      for (let it = 0; it < MAX_NEWTON; it++) {
        const r = residual.map((c) => c(env));
        const J = new LuDecomposition(new Matrix(jacobian.map((row) => row.map((c) => c(env)))));
        if (J.isSingular()) throw fail('(∂r/∂z is singular there)');
        const step = J.solve(Matrix.columnVector(r)).to1DArray();
        const z0 = Array.from({ length: nz }, (_, k) => env[offset + k]);
        let lambda = 1;
        let next = Number.POSITIVE_INFINITY;
        for (let h = 0; h < 40; h++, lambda /= 2) {
          for (let k = 0; k < nz; k++) env[offset + k] = z0[k] - lambda * step[k];
          next = rNorm();
          if (next < norm || next === 0) break;
        }
        const small = step.every((s, k) => Math.abs(lambda * s) <= TOLERANCE * (1 + Math.abs(z0[k])));
        norm = next;
        if (small || norm === 0) {
          if (!Number.isFinite(norm)) break;
          for (let k = 0; k < nz; k++) guess[k] = env[offset + k];
          return;
        }
      }
      throw fail(`in ${MAX_NEWTON} Newton iterations`);
    },
  };
}
