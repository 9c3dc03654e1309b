/**
 * Dormand–Prince 5(4) with FSAL, PI step control and 4th-order dense output, after Hairer, Nørsett & Wanner,
 * Solving ODEs I, II.4–II.6 (Table 5.2; the code DOPRI5: β = 0.04, safety 0.9, step ratio in [0.2, 10]).
 * Local extrapolation: the 5th-order solution is propagated, the 4th-order one only estimates the error.
 */
import type { OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import { errorNorm } from './error-norm';
import { initialStep } from './initial-step';
import { allFinite, notFinite, stepTooSmall, stepUnderflows, tooManySteps } from './solver-failure';
import { NONSTIFF_STEPS, STIFF_H_LAMBDA, STIFF_STEPS, StiffnessDetected } from './stiffness-detected';

// Butcher tableau (c, a) and b = a7· (FSAL)
const C2 = 1 / 5, C3 = 3 / 10, C4 = 4 / 5, C5 = 8 / 9;
const A21 = 1 / 5;
const A31 = 3 / 40, A32 = 9 / 40;
const A41 = 44 / 45, A42 = -56 / 15, A43 = 32 / 9;
const A51 = 19372 / 6561, A52 = -25360 / 2187, A53 = 64448 / 6561, A54 = -212 / 729;
const A61 = 9017 / 3168, A62 = -355 / 33, A63 = 46732 / 5247, A64 = 49 / 176, A65 = -5103 / 18656;
const A71 = 35 / 384, A73 = 500 / 1113, A74 = 125 / 192, A75 = -2187 / 6784, A76 = 11 / 84;
// e = b − b̂ (5th minus 4th order weights)
const E1 = 71 / 57600, E3 = -71 / 16695, E4 = 71 / 1920, E5 = -17253 / 339200, E6 = 22 / 525, E7 = -1 / 40;
// dense output coefficients (DOPRI5, CONTD5)
const D1 = -12715105075 / 11282082432, D3 = 87487479700 / 32700410799, D4 = -10690763975 / 1880347072;
const D5 = 701980252875 / 199316789632, D6 = -1453857185 / 822651844, D7 = 69997945 / 29380423;

const SAFE = 0.9;
const BETA = 0.04;
const EXPO1 = 0.2 - BETA * 0.75;
const FAC_MIN = 0.2; // hnew ≥ 0.2 h
const FAC_MAX = 10; // hnew ≤ 10 h

export function createDopri5(problem: OdeProblem, settings: SolverSettings): Solver {
  const n = problem.n;
  const { rtol, atol } = settings;
  const hMax = settings.dt ?? Math.abs(settings.tEnd - settings.tStart);
  const k1 = new Float64Array(n), k2 = new Float64Array(n), k3 = new Float64Array(n), k4 = new Float64Array(n);
  const k5 = new Float64Array(n), k6 = new Float64Array(n), k7 = new Float64Array(n);
  const y1 = new Float64Array(n), ys = new Float64Array(n), err = new Float64Array(n);
  const r1 = new Float64Array(n), r2 = new Float64Array(n), r3 = new Float64Array(n), r4 = new Float64Array(n), r5 = new Float64Array(n);
  let facOld = 1e-4;
  // the stiffness test's counters (stiffness-detected.ts): accepted steps with h·|λ| > 3.25, and below it in a row
  let stiffSteps = 0;
  let nonStiffSteps = 0;

  return {
    name: 'dopri5',
    integrate(t0, t1, y, sink) {
      const stats = problem.stats;
      let t = t0;
      problem.derivative(t, y, k1);
      let h = initialStep(problem, t, y, k1, 5, Math.min(hMax, t1 - t0), rtol, atol);
      let rejectedLast = false;
      while (t < t1) {
        if (stats.steps >= settings.maxSteps) throw tooManySteps('dopri5', t, settings.maxSteps);
        h = Math.min(h, hMax);
        let last = false;
        if (t + h >= t1 || t + 1.01 * h >= t1) {
          h = t1 - t;
          last = true;
        }
        if (stepUnderflows(h, t, settings.tEnd - settings.tStart)) throw stepTooSmall('dopri5', t, h);
        for (let i = 0; i < n; i++) ys[i] = y[i] + h * A21 * k1[i];
        problem.derivative(t + C2 * h, ys, k2);
        for (let i = 0; i < n; i++) ys[i] = y[i] + h * (A31 * k1[i] + A32 * k2[i]);
        problem.derivative(t + C3 * h, ys, k3);
        for (let i = 0; i < n; i++) ys[i] = y[i] + h * (A41 * k1[i] + A42 * k2[i] + A43 * k3[i]);
        problem.derivative(t + C4 * h, ys, k4);
        for (let i = 0; i < n; i++) ys[i] = y[i] + h * (A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i]);
        problem.derivative(t + C5 * h, ys, k5);
        for (let i = 0; i < n; i++)
          ys[i] = y[i] + h * (A61 * k1[i] + A62 * k2[i] + A63 * k3[i] + A64 * k4[i] + A65 * k5[i]);
        const tNew = last ? t1 : t + h;
        problem.derivative(tNew, ys, k6);
        for (let i = 0; i < n; i++)
          y1[i] = y[i] + h * (A71 * k1[i] + A73 * k3[i] + A74 * k4[i] + A75 * k5[i] + A76 * k6[i]);
        problem.derivative(tNew, y1, k7);
        for (let i = 0; i < n; i++)
          err[i] = h * (E1 * k1[i] + E3 * k3[i] + E4 * k4[i] + E5 * k5[i] + E6 * k6[i] + E7 * k7[i]);
        let e = errorNorm(err, y, y1, rtol, atol);
        if (!Number.isFinite(e) || !allFinite(y1)) e = Infinity;
        // PI control: fac = err^(0.2 − 0.75β) / errOld^β, hnew = h / fac
        const fac11 = Math.pow(e, EXPO1);
        if (e <= 1) {
          let fac = fac11 / Math.pow(facOld, BETA);
          fac = Math.max(1 / FAC_MAX, Math.min(1 / FAC_MIN, fac / SAFE));
          let hNew = h / fac;
          facOld = Math.max(e, 1e-4);
          stats.steps++;
          const tOld = t;
          const hStep = h;
          // dense output: y(t0 + θh) = r1 + θ(r2 + (1−θ)(r3 + θ(r4 + (1−θ) r5)))
          let prepared = false;
          const prepare = () => {
            for (let i = 0; i < n; i++) {
              const ydiff = y1[i] - y[i];
              const bspl = hStep * k1[i] - ydiff;
              r1[i] = y[i];
              r2[i] = ydiff;
              r3[i] = bspl;
              r4[i] = ydiff - hStep * k7[i] - bspl;
              r5[i] = hStep * (D1 * k1[i] + D3 * k3[i] + D4 * k4[i] + D5 * k5[i] + D6 * k6[i] + D7 * k7[i]);
            }
            prepared = true;
          };
          const yNew = y1;
          sink(tOld, tNew, yNew, {
            evaluate(tq, out) {
              if (tq === tNew) return void out.set(yNew);
              if (!prepared) prepare();
              const th = (tq - tOld) / hStep;
              const th1 = 1 - th;
              for (let i = 0; i < n; i++) out[i] = r1[i] + th * (r2[i] + th1 * (r3[i] + th * (r4[i] + th1 * r5[i])));
            },
          });
          // stiffness test: h·|λ| ≈ h ‖k7 − k6‖ / ‖y1 − ŷ‖ (ŷ: the stage-6 point, k6 = f(t + h, ŷ))
          let hLambda = 0;
          if (settings.stiffnessCheck) {
            let num = 0;
            let den = 0;
            for (let i = 0; i < n; i++) {
              const dk = k7[i] - k6[i];
              const dy = y1[i] - ys[i];
              num += dk * dk;
              den += dy * dy;
            }
            if (den > 0) hLambda = hStep * Math.sqrt(num / den);
            if (hLambda > STIFF_H_LAMBDA) {
              nonStiffSteps = 0;
              stiffSteps++;
            } else if (++nonStiffSteps === NONSTIFF_STEPS) stiffSteps = 0;
          }
          y.set(y1);
          k1.set(k7); // FSAL
          if (stiffSteps >= STIFF_STEPS && tNew < t1) throw new StiffnessDetected(tNew, hLambda);
          t = tNew;
          if (rejectedLast) hNew = Math.min(hNew, h);
          rejectedLast = false;
          h = hNew;
        } else {
          stats.rejectedSteps++;
          rejectedLast = true;
          h = h / Math.min(1 / FAC_MIN, fac11 / SAFE);
          if (!Number.isFinite(h) || h <= 0) throw notFinite('dopri5', t);
        }
      }
    },
  };
}
