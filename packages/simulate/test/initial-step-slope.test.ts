/**
 * The starting step where f vanishes at t0 (solvers/initial-step.ts, startingStepFromSlope). Oracle: two equal
 * first-order lags in a chain driven by a ramp from rest,
 *   x1' = a(u − x1),  x2' = a(x1 − x2),  u = s·t,  x(0) = 0,
 * so f(0, x0) = 0 and, with J = [[−a, 0], [a, −a]] and ∂f/∂t = (a s, 0), the derivatives at 0 are by hand
 *   y'' = (a s, 0),  y''' = (−a² s, a² s),  y'''' = (a³ s, −2 a³ s):
 * the estimate for order p = 3 is h = (0.01·4!/‖y''''‖)^(1/4), ‖·‖ in the solver's norm with sc = atol (y0 = 0).
 * The run is checked against the closed form x1 = s(t − (1 − e^(−at))/a), x2 = s(t − 2/a + (t + 2/a) e^(−at)).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import type { NonlinearModel } from '../src/index';
import { createNonlinearProblem } from '../src/problem/nonlinear-problem';
import { initialStep } from '../src/solvers/initial-step';
import { errorNorm, errorNormMax } from '../src/solvers/error-norm';
import { emptyStats } from '../src/stats';
import { createInputVector } from '../src/problem/input-vector';
import { ramp } from '../src/signals/ramp';

const a = 1e3;
const s = 2;
const RISE = 1;

function chain(withTimeDerivative: boolean): NonlinearModel {
  return {
    kind: 'nonlinear',
    stateNames: ['x1', 'x2'],
    inputNames: ['u'],
    outputNames: [],
    f: (_t, x, u, _du, dx) => {
      dx[0] = a * (u[0] - x[0]);
      dx[1] = a * (x[0] - x[1]);
    },
    g: () => {},
    jacobian: () => [
      [-a, 0],
      [a, -a],
    ],
    timeDerivative: withTimeDerivative
      ? (_t, _x, _u, du, out) => {
          out[0] = a * du[0];
          out[1] = 0;
          return true;
        }
      : undefined,
  };
}

const x1 = (t: number) => s * (t - (1 - Math.exp(-a * t)) / a);
const x2 = (t: number) => s * (t - 2 / a + (t + 2 / a) * Math.exp(-a * t));

function problemOf(model: NonlinearModel) {
  const inputs = createInputVector(['u'], [ramp(s * RISE, RISE)]);
  return createNonlinearProblem(model, inputs, emptyStats());
}

describe('the starting step from ∂f/∂t where f vanishes at t0', () => {
  const atol = 1e-8;
  const rtol = 1e-6;
  const y0 = new Float64Array(2);
  const f0 = new Float64Array(2);
  const d4 = [a ** 3 * s, -2 * a ** 3 * s];

  it('equals the hand-derived Taylor estimate, in the max norm and in the RMS norm', () => {
    const problem = problemOf(chain(true));
    const hMax = (0.24 * atol / (2 * a ** 3 * s)) ** 0.25;
    const h = initialStep(problem, 0, y0, f0, 3, 1, rtol, atol, { fromSlope: true, norm: errorNormMax });
    expect(Math.abs(h - hMax) / hMax).toBeLessThan(1e-6);
    const rms = Math.sqrt((d4[0] ** 2 + d4[1] ** 2) / 2) / atol;
    const hRms = (0.24 / rms) ** 0.25;
    const h2 = initialStep(problem, 0, y0, f0, 3, 1, rtol, atol, { fromSlope: true, norm: errorNorm });
    expect(Math.abs(h2 - hRms) / hRms).toBeLessThan(1e-6);
    // capped by hmax
    expect(initialStep(problem, 0, y0, f0, 3, hMax / 10, rtol, atol, { fromSlope: true, norm: errorNormMax })).toBe(hMax / 10);
  });

  it('∂f/∂t by the problem\'s difference in t when the model has none: the same estimate to differencing accuracy', () => {
    const problem = problemOf(chain(false));
    const hMax = (0.24 * atol / (2 * a ** 3 * s)) ** 0.25;
    const h = initialStep(problem, 0, y0, f0, 3, 1, rtol, atol, { fromSlope: true, norm: errorNormMax });
    expect(Math.abs(h - hMax) / hMax).toBeLessThan(1e-3);
  });

  it('where f does not vanish Hairer–Wanner\'s estimate stands unchanged', () => {
    const problem = problemOf(chain(true));
    const taylor = initialStep(problem, 0, y0, f0, 3, 1, rtol, atol, { fromSlope: true, norm: errorNormMax });
    // here it is another estimate (h0 = 1e-6 absolute, capped at 100 h0)
    expect(initialStep(problem, 0, y0, f0, 3, 1, rtol, atol)).not.toBe(taylor);
    // at a point where f ≠ 0 the option changes nothing
    const y = Float64Array.of(0.5, 0.1);
    const f = new Float64Array(2);
    problem.derivative(0, y, f);
    expect(initialStep(problem, 0, y, f, 3, 1, rtol, atol, { fromSlope: true, norm: errorNormMax })).toBe(initialStep(problem, 0, y, f, 3, 1, rtol, atol));
  });

  it('the stiff solver takes its first step without a rejection and meets the closed form', () => {
    const hFirst = (0.24 * atol / (2 * a ** 3 * s)) ** 0.25;
    const r = simulate(chain(true), { tEnd: hFirst, inputs: { u: ramp(s * RISE, RISE) }, solver: 'stiff', rtol, atol, samples: 2 });
    expect(r.stats.rejectedSteps).toBe(0);
    expect(r.stats.steps).toBe(1);
    const t = r.columns[0][1];
    expect(Math.abs(r.columns[1][1] - x1(t))).toBeLessThan(atol);
    expect(Math.abs(r.columns[2][1] - x2(t))).toBeLessThan(atol);
    // and over the whole rise: within the tolerance of the closed form, no rejection at all
    const whole = simulate(chain(true), { tEnd: 0.02, inputs: { u: ramp(s * RISE, RISE) }, solver: 'stiff', rtol, atol, samples: 21 });
    for (let k = 0; k < 21; k++) {
      const tk = whole.columns[0][k];
      expect(Math.abs(whole.columns[1][k] - x1(tk))).toBeLessThan(10 * (atol + rtol * x1(tk)));
      expect(Math.abs(whole.columns[2][k] - x2(tk))).toBeLessThan(10 * (atol + rtol * x2(tk)));
    }
  });
});
