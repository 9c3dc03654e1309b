/**
 * Exact discretisation of M x̃' = A x̃ + B u by the block matrix exponential of the system augmented with its
 * inputs' generator (Van Loan, "Computing integrals involving the matrix exponential", IEEE TAC 23(3), 1978;
 * exponential/input-generator.ts):
 *
 *   x̃(t + h) = [exp(h G)]_{first block row} · [x̃(t); p(t); p'(t); …; sin(ω t + φ); cos(ω t + φ); …]
 *
 * Inputs affine between breakpoints (constant, step, ramp, pwl) and sines are integrated exactly whatever the
 * step: the state is exact to round-off at every grid point and, through the same exponential over a shorter
 * step, anywhere between them. Expressions of t have no such form: on each grid interval they are held as the
 * cubic Hermite polynomial through u, u' at both ends of internal steps of length H/2^k (first-order hold with
 * `hold: 'linear'`), and k is chosen by step doubling (exact-step-control.ts) so that the local error of every
 * internal step is within rtol/atol.
 *
 * Steps follow the output grid: `samples` points, else dt, else 1000 intervals. exp(hG) is recomputed only when h
 * changes (a cache of a few step sizes: the grid step, the shortened steps at breakpoints, the internal levels).
 *
 * Rounding floor: on a stiff A (|λ|max·h ≫ 1) scaling and squaring carries a rounding error that no tolerance
 * reduces. For every step size h that propagates the state, D = [exp(hG/3)³]_{first rows} − [exp(hG)]_{first rows}
 * (zero in exact arithmetic) measures it — thirds, not halves: exp(hG/2) scales to the very same matrix as exp(hG)
 * and squares it once less, so its square repeats the same rounding and D would be zero; each step adds |D w| to a running bound of the error, and when that
 * bound exceeds rtol·(the largest |x̃| so far) + atol the method refuses ('solver-failure', field rtol) rather
 * than return a trace outside the tolerance: auto then falls back (simulate.ts). The bound is kept per component,
 * against rtol·max_t |x̃_i| + atol: over the whole vector it let the small components of a badly scaled state carry
 * errors of the large ones' size.
 *
 * Balanced states: the exponential acts on x̂ = T x̃, Â = T Ã T⁻¹, B̂ = T B̃ with T the diagonal that balances Ã in
 * magnitude (chebyshev/balanced-scaling.ts; for an RLC network the energy scaling √C v, √L i). Impedance scaling
 * (R, L × k, C ÷ k) then changes x̂ by one common factor only; unbalanced, at k = 1e-6 the rounding of exp(hG) at
 * the currents' scale gave MASD 4.1's capacitor voltages, six orders smaller, the wrong sign.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OdeProblem } from '../problem/ode-problem';
import type { DenseOutput, Solver, SolverSettings, StepSink } from './solver';
import type { DenseMatrix } from '@sysgraph/linalg';
import { csrFromDense, denseBlock, denseExpm, denseMul, denseMulVec, denseToRows, factorDenseLU } from '@sysgraph/linalg';
import { balancedScaling } from '../chebyshev/balanced-scaling';
import { createInputGenerator } from '../exponential/input-generator';
import { allFinite, notFinite, tooManySteps } from './solver-failure';
import { createStepControl } from './exact-step-control';

/** The number of grid intervals over [tStart, tEnd]: the sample grid refined to steps ≤ dt. */
export function exactGridIntervals(settings: SolverSettings): number {
  const span = settings.tEnd - settings.tStart;
  const base = settings.samples !== undefined ? settings.samples - 1 : settings.dt !== undefined ? 1 : 1000;
  if (settings.dt === undefined) return base;
  const refine = Math.max(1, Math.ceil((span / base / settings.dt) * (1 - 1e-12)));
  return base * refine;
}

/** Propagation over one step: the state at its end and the dense output inside it. */
export interface ExactStepper {
  readonly n: number;
  /** out = x̃(t + h) from z = x̃(t), the inputs' generator state taken at t for the step [t, t + h]. */
  propagate(t: number, h: number, endFromLeft: boolean, z: Float64Array, out: Float64Array): void;
  /** Report the step [tOld, tNew] (just propagated from zOld to zNew) to the sink with its exact dense output. */
  report(sink: StepSink, tOld: number, tNew: number, endFromLeft: boolean, zOld: Float64Array, zNew: Float64Array): void;
}

export function createExact(problem: OdeProblem, settings: SolverSettings): Solver {
  const lti = problem.lti;
  if (!lti) {
    throw new SysgraphError('bad-option', 'solver exact needs a linear time-invariant model', {
      field: 'solver',
      expected: 'a linear model, or a solver for nonlinear models: dopri5 or stiff',
    });
  }
  const n = problem.n;
  // Ã = M⁻¹A, B̃ = M⁻¹B
  let a = lti.A.toDense();
  let b = lti.B.toDense();
  if (lti.M) {
    const lu = factorDenseLU(lti.M.toDense(), 'mass matrix M');
    a = lu.solveMatrix(a);
    b = lu.solveMatrix(b);
    problem.stats.factorizations++;
  }
  // balanced states x̂ = T x̃ (balanced-scaling.ts): Â = T Ã T⁻¹, B̂ = T B̃
  const t = balancedScaling(csrFromDense(denseToRows(a)), new Float64Array(n).fill(1));
  a = { rows: n, cols: n, data: a.data.map((v, p) => (v * t[Math.floor(p / n)]) / t[p % n]) };
  b = { rows: b.rows, cols: b.cols, data: b.data.map((v, p) => v * t[Math.floor(p / b.cols)]) };
  const generator = createInputGenerator(problem.inputs.signals, a, b, settings.hold);
  const size = n + generator.extra;
  const cache: { h: number; phi: DenseMatrix; rounding?: DenseMatrix }[] = [];

  /** The cached step h: the first block row of exp(h G), and its rounding estimate D once asked for. */
  const entry = (h: number) => {
    const hit = cache.find((e) => Math.abs(e.h - h) <= 1e-12 * e.h);
    if (hit) return hit;
    const phi = denseBlock(denseExpm(generator.generator(h)), 0, 0, n, size);
    problem.stats.factorizations++;
    const made: { h: number; phi: DenseMatrix; rounding?: DenseMatrix } = { h, phi };
    cache.unshift(made);
    if (cache.length > 8) cache.pop();
    return made;
  };
  const transition = (h: number): DenseMatrix => entry(h).phi;
  /** D = [exp(hG/3)³]_{first rows} − [exp(hG)]_{first rows}: the exponential's rounding at this step. */
  const rounding = (h: number): DenseMatrix => {
    const e = entry(h);
    if (!e.rounding) {
      const third = denseExpm(generator.generator(h / 3));
      const d = denseBlock(denseMul(denseMul(third, third), third), 0, 0, n, size);
      for (let k = 0; k < d.data.length; k++) d.data[k] -= e.phi.data[k];
      e.rounding = d;
      problem.stats.factorizations++;
    }
    return e.rounding;
  };
  // the running bound of the rounding error and the largest |x̃_i| so far, per component (in x̃ units)
  const dw = new Float64Array(n);
  const roundingBound = new Float64Array(n);
  const largest = new Float64Array(n);
  const checkRounding = (tq: number, h: number, w: Float64Array, z: Float64Array, out: Float64Array) => {
    denseMulVec(rounding(h), w, dw);
    for (let i = 0; i < n; i++) {
      roundingBound[i] += Math.abs(dw[i]) / t[i];
      largest[i] = Math.max(largest[i], Math.abs(out[i]), Math.abs(z[i]));
      const allowed = settings.rtol * largest[i] + settings.atol;
      if (roundingBound[i] > allowed) {
        throw new SysgraphError(
          'solver-failure',
          `solver exact: the matrix exponential's rounding in state ${i + 1} (${roundingBound[i].toExponential(2)} accumulated by t = ${tq + h}) exceeds rtol·max|x| + atol = ${allowed.toExponential(2)}; the network is too stiff for this tolerance with the exact method`,
          { field: 'rtol', expected: `a tolerance above the exact method's rounding floor here, or solver krylov or stiff` },
        );
      }
    }
  };

  const w = new Float64Array(size);
  const wStep = new Float64Array(size);
  const load = (tq: number, h: number, endFromLeft: boolean, z: Float64Array, into: Float64Array) => {
    generator.fill(tq, h, endFromLeft, into);
    for (let i = 0; i < n; i++) into[i] = t[i] * z[i];
    if (!allFinite(into)) throw badInputValue(problem, tq, h, endFromLeft);
  };
  /** x̃ = T⁻¹ x̂ in place. */
  const unbalance = (out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] /= t[i];
  };

  const stepper: ExactStepper = {
    n,
    propagate(t, h, endFromLeft, z, out) {
      load(t, h, endFromLeft, z, w);
      denseMulVec(transition(h), w, out);
      unbalance(out);
      problem.stats.functionEvaluations++;
      if (!allFinite(out)) throw notFinite('exact', t + h);
      checkRounding(t, h, w, z, out);
    },
    report(sink, tOld, tNew, endFromLeft, zOld, zNew) {
      const h = tNew - tOld;
      // round-off apart from the ends (a sample time computed another way): the end values themselves
      const near = 1e-13 * Math.max(Math.abs(tOld), Math.abs(tNew), h);
      let loaded = false;
      const dense: DenseOutput = {
        evaluate(tq, out) {
          if (Math.abs(tq - tNew) <= near) return void out.set(zNew);
          if (Math.abs(tq - tOld) <= near) return void out.set(zOld);
          // the same inputs' polynomial and oscillator state as the step, over the shorter step tq − tOld
          if (!loaded) {
            load(tOld, h, endFromLeft, zOld, wStep);
            loaded = true;
          }
          denseMulVec(transition(tq - tOld), wStep, out);
          unbalance(out);
        },
      };
      sink(tOld, tNew, zNew, dense);
    },
  };

  const intervals = exactGridIntervals(settings);
  const span = settings.tEnd - settings.tStart;
  const gridTime = (k: number) => settings.tStart + (span * k) / intervals;
  const control = generator.approximate ? createStepControl(problem, settings, stepper) : undefined;
  const zOld = new Float64Array(n);

  return {
    name: 'exact',
    integrate(t0, t1, z, sink) {
      const stats = problem.stats;
      // grid points strictly inside (t0, t1), then t1
      const kFirst = Math.max(0, Math.floor(((t0 - settings.tStart) / span) * intervals));
      const times: number[] = [];
      for (let k = kFirst; k <= intervals; k++) {
        const tk = gridTime(k);
        if (tk >= t1 - 1e-9 * (span / intervals)) break;
        if (tk > t0 + 1e-9 * (span / intervals)) times.push(tk);
      }
      times.push(t1);
      let t = t0;
      for (const tNew of times) {
        const endFromLeft = tNew >= problem.segmentEnd;
        if (control) control.advance(t, tNew, endFromLeft, z, sink);
        else {
          if (++stats.steps > settings.maxSteps) throw tooManySteps('exact', t, settings.maxSteps);
          zOld.set(z);
          stepper.propagate(t, tNew - t, endFromLeft, zOld, z);
          stepper.report(sink, t, tNew, endFromLeft, zOld, z);
        }
        t = tNew;
      }
    },
  };
}

/** A non-finite input value: a typed error naming the input. */
function badInputValue(problem: OdeProblem, t: number, h: number, endFromLeft: boolean): SysgraphError {
  const signals = problem.inputs.signals;
  for (let k = 0; k < signals.length; k++) {
    const at = [t, t + h].find((tq, end) => {
      const fromLeft = end === 1 && endFromLeft;
      return !Number.isFinite(signals[k].value(tq, fromLeft)) || !Number.isFinite(signals[k].derivative(tq, fromLeft));
    });
    if (at !== undefined) {
      return new SysgraphError('bad-signal', `input ${problem.inputs.names[k]} is not finite at t = ${at}`, {
        element: problem.inputs.names[k],
        field: 'inputs',
        expected: `a signal with finite values and derivatives over the simulated span (${signals[k].text} at t = ${at})`,
      });
    }
  }
  return notFinite('exact', t);
}
