/**
 * A model that says its last Jacobian is finite (NonlinearModel.jacobianFinite, problem/nonlinear-jacobian.ts):
 * the solver's scan of J is skipped only where it says so; a model that reports a non-finite J honestly, or does not
 * report, takes the same path (one-sided differences of f there) and gives the same numbers.
 */
import { describe, expect, it } from 'vitest';
import { CsrMatrix } from '@sysgraph/linalg';
import { simulate } from '../src/simulate';
import type { NonlinearModel } from '../src/model';
import { constant } from '../src/signals/constant';

/** A tank of area A drained by an orifice, A h' = q − Cd·sqrt(h): ∂f/∂h = −Cd/(2A·sqrt h), infinite at h = 0. */
function tank(report: boolean): NonlinearModel & { asked: number } {
  const A = 2;
  const Cd = 0.5;
  let finite = false;
  const model = {
    kind: 'nonlinear' as const,
    stateNames: ['h'],
    inputNames: ['q'],
    outputNames: [],
    asked: 0,
    f: (_t: number, x: Float64Array, u: Float64Array, _du: Float64Array, out: Float64Array) => void (out[0] = (u[0] - Cd * Math.sqrt(Math.max(0, x[0]))) / A),
    g: () => {},
    jacobian(_t: number, x: Float64Array) {
      const d = -Cd / (2 * A * Math.sqrt(Math.max(0, x[0])));
      finite = Number.isFinite(d);
      return new CsrMatrix(1, 1, Int32Array.of(0, 1), Int32Array.of(0), Float64Array.of(d));
    },
  };
  if (!report) return model;
  return Object.assign(model, {
    jacobianFinite: () => {
      model.asked++;
      return finite;
    },
  });
}

describe('a model that checks its own Jacobian', () => {
  it('is asked after every Jacobian; reporting a non-finite J honestly gives the unreported run to the bit', () => {
    const opts = { tEnd: 4, inputs: { q: constant(1) }, samples: 9, solver: 'stiff' as const, rtol: 1e-8, atol: 1e-10 };
    const reported = tank(true);
    const r = simulate(reported, opts);
    const plain = simulate(tank(false), opts);
    expect(reported.asked).toBe(r.stats.jacobianEvaluations);
    expect(r.notes.join(' ')).toMatch(/non-finite.*one-sided differences/);
    expect(plain.notes.join(' ')).toMatch(/non-finite.*one-sided differences/);
    r.columns.forEach((column, k) => column.forEach((v, i) => expect(Object.is(v, plain.columns[k][i])).toBe(true)));
  });
});
