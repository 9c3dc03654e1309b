/**
 * Classical fourth-order Runge–Kutta, fixed step (Hairer, Nørsett & Wanner, Solving ODEs I, II.1, Table 1.2 left):
 *   k1 = f(t, z), k2 = f(t + h/2, z + h k1/2), k3 = f(t + h/2, z + h k2/2), k4 = f(t + h, z + h k3),
 *   z_{k+1} = z_k + h (k1 + 2k2 + 2k3 + k4)/6.
 * Dense output: cubic Hermite with f at both ends (f at the end is the next step's k1).
 */
import type { OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import { defaultFixedStep, fixedStepCount } from './fixed-grid';
import { checkExplicitStability } from './explicit-stability';
import { hermite } from './hermite';
import { allFinite, notFinite, tooManySteps } from './solver-failure';

export function createRk4(problem: OdeProblem, settings: SolverSettings): Solver {
  const n = problem.n;
  const dt = settings.dt ?? defaultFixedStep(settings.tStart, settings.tEnd);
  checkExplicitStability(problem, 'rk4', Math.min(dt, settings.tEnd - settings.tStart));
  const k1 = new Float64Array(n);
  const k2 = new Float64Array(n);
  const k3 = new Float64Array(n);
  const k4 = new Float64Array(n);
  const tmp = new Float64Array(n);
  const zOld = new Float64Array(n);
  let zNew: Float64Array = zOld;
  let tA = 0;
  let hA = 0;
  const dense = { evaluate: (tq: number, out: Float64Array) => hermite(tq, tA, hA, zOld, zNew, k1, k4, out) };
  return {
    name: 'rk4',
    integrate(t0, t1, z, sink) {
      const count = fixedStepCount(t0, t1, dt);
      const hNominal = (t1 - t0) / count;
      problem.derivative(t0, z, k1);
      for (let k = 0; k < count; k++) {
        const t = t0 + k * hNominal;
        const tNew = k === count - 1 ? t1 : t0 + (k + 1) * hNominal;
        const h = tNew - t;
        if (++problem.stats.steps > settings.maxSteps) throw tooManySteps('rk4', t, settings.maxSteps);
        for (let i = 0; i < n; i++) tmp[i] = z[i] + 0.5 * h * k1[i];
        problem.derivative(t + 0.5 * h, tmp, k2);
        for (let i = 0; i < n; i++) tmp[i] = z[i] + 0.5 * h * k2[i];
        problem.derivative(t + 0.5 * h, tmp, k3);
        for (let i = 0; i < n; i++) tmp[i] = z[i] + h * k3[i];
        problem.derivative(tNew, tmp, k4);
        zOld.set(z);
        for (let i = 0; i < n; i++) z[i] += (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        if (!allFinite(z)) throw notFinite('rk4', tNew);
        // f at the new point: the Hermite end slope and the next k1 (k4 is free to hold it)
        problem.derivative(tNew, z, k4);
        tA = t;
        hA = h;
        zNew = z;
        sink(t, tNew, z, dense);
        k1.set(k4);
      }
    },
  };
}
