/** Explicit Euler, fixed step: z_{k+1} = z_k + h z'(t_k, z_k) (order 1); linear dense output. */
import type { OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import { defaultFixedStep, fixedStepCount } from './fixed-grid';
import { checkExplicitStability } from './explicit-stability';
import { allFinite, notFinite, tooManySteps } from './solver-failure';

export function createEuler(problem: OdeProblem, settings: SolverSettings): Solver {
  const n = problem.n;
  const dt = settings.dt ?? defaultFixedStep(settings.tStart, settings.tEnd);
  checkExplicitStability(problem, 'euler', Math.min(dt, settings.tEnd - settings.tStart));
  const f = new Float64Array(n);
  const zOld = new Float64Array(n);
  let zNew: Float64Array = zOld;
  let tA = 0;
  let tB = 0;
  // one dense output object, re-pointed at each step: linear interpolation, consistent with order 1
  const dense = {
    evaluate(tq: number, out: Float64Array) {
      const th = (tq - tA) / (tB - tA);
      for (let i = 0; i < n; i++) out[i] = (1 - th) * zOld[i] + th * zNew[i];
    },
  };
  return {
    name: 'euler',
    integrate(t0, t1, z, sink) {
      const count = fixedStepCount(t0, t1, dt);
      const h = (t1 - t0) / count;
      for (let k = 0; k < count; k++) {
        const t = t0 + k * h;
        const tNew = k === count - 1 ? t1 : t0 + (k + 1) * h;
        if (++problem.stats.steps > settings.maxSteps) throw tooManySteps('euler', t, settings.maxSteps);
        problem.derivative(t, z, f);
        zOld.set(z);
        for (let i = 0; i < n; i++) z[i] += (tNew - t) * f[i];
        if (!allFinite(z)) throw notFinite('euler', tNew);
        tA = t;
        tB = tNew;
        zNew = z;
        sink(t, tNew, z, dense);
      }
    },
  };
}
