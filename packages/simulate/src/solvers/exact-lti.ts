/**
 * Exact discretisation of M x̃' = A x̃ + B u for inputs held as cubic Hermite polynomials (from u and u' at both
 * ends of each step; exact for piecewise-linear inputs) or as first-order hold, by the block matrix exponential
 * (Van Loan, "Computing integrals involving the matrix exponential", IEEE TAC 23(3), 1978):
 *
 *   cubic:  exp(h·[[Ã, B̃, 0, 0, 0], [0, 0, I, 0, 0], [0, 0, 0, I, 0], [0, 0, 0, 0, I], [0, 0, 0, 0, 0]])
 *           x̃(t + h) = Φ11 x̃ + Φ12 p(0) + Φ13 p'(0) + Φ14 p''(0) + Φ15 p'''(0)
 *   linear: exp(h·[[Ã, B̃, 0], [0, 0, I], [0, 0, 0]]),  x̃(t + h) = Φ11 x̃ + Φ12 u0 + Φ13 (u1 − u0)/h
 *
 * with Ã = M⁻¹A, B̃ = M⁻¹B and p the input polynomial on the step. Only the first block row of the exponential
 * is kept. It is recomputed only when h changes (a cache of a few step sizes: the regular grid step and the
 * shortened steps at breakpoints). Steps follow the output grid: `samples` points, else dt, else 1000 intervals.
 */
import type { OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import type { DenseMatrix } from '../dense/dense-matrix';
import { denseBlock, denseSetBlock, denseZeros, denseMulVec, denseMulVecAdd } from '../dense/dense-matrix';
import { factorDenseLU } from '../dense/dense-lu';
import { denseExpm } from '../dense/expm';
import { hermite } from './hermite';
import { allFinite, notFinite, tooManySteps } from './solver-failure';

/** The number of grid intervals over [tStart, tEnd]: the sample grid refined to steps ≤ dt. */
export function exactGridIntervals(settings: SolverSettings): number {
  const span = settings.tEnd - settings.tStart;
  const base = settings.samples !== undefined ? settings.samples - 1 : settings.dt !== undefined ? 1 : 1000;
  if (settings.dt === undefined) return base;
  const refine = Math.max(1, Math.ceil((span / base / settings.dt) * (1 - 1e-12)));
  return base * refine;
}

export function createExact(problem: OdeProblem, settings: SolverSettings): Solver {
  const lti = problem.lti;
  if (!lti) throw new Error('the exact method needs a linear model');
  const n = problem.n;
  const m = lti.B.cols;
  // Ã = M⁻¹A, B̃ = M⁻¹B
  let a = lti.A.toDense();
  let b = lti.B.toDense();
  if (lti.M) {
    const lu = factorDenseLU(lti.M.toDense(), 'mass matrix M');
    a = lu.solveMatrix(a);
    b = lu.solveMatrix(b);
    problem.stats.factorizations++;
  }
  const cubic = settings.hold === 'cubic';
  const blocks = cubic ? 4 : 2;
  const size = n + blocks * m;
  const intervals = exactGridIntervals(settings);
  const span = settings.tEnd - settings.tStart;
  const gridTime = (k: number) => settings.tStart + (span * k) / intervals;
  const cache: { h: number; phi: DenseMatrix }[] = [];

  /** The first block row [Φ11 Φ12 …] of exp(h G). */
  const transition = (h: number): DenseMatrix => {
    const hit = cache.find((e) => Math.abs(e.h - h) <= 1e-12 * e.h);
    if (hit) return hit.phi;
    const g = denseZeros(size, size);
    denseSetBlock(g, 0, 0, a, h);
    denseSetBlock(g, 0, n, b, h);
    // chain of integrators for the input polynomial: p → p' → p'' → p'''
    for (let blk = 0; blk + 1 < blocks; blk++)
      for (let i = 0; i < m; i++) g.data[(n + blk * m + i) * size + n + (blk + 1) * m + i] = h;
    const phi = denseBlock(denseExpm(g), 0, 0, n, size);
    problem.stats.factorizations++;
    cache.unshift({ h, phi });
    if (cache.length > 4) cache.pop();
    return phi;
  };

  const u0 = new Float64Array(m), du0 = new Float64Array(m), u1 = new Float64Array(m), du1 = new Float64Array(m);
  const aug = new Float64Array(size);
  const zOld = new Float64Array(n), d0 = new Float64Array(n), d1 = new Float64Array(n);

  /** z' = Ã z + B̃ u for the Hermite dense output between grid points. */
  const slope = (z: Float64Array, u: Float64Array, out: Float64Array) => {
    denseMulVec(a, z, out);
    denseMulVecAdd(b, u, out);
  };

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
      problem.inputs.evaluate(t, t >= problem.segmentEnd, u0, du0);
      for (const tNew of times) {
        if (++stats.steps > settings.maxSteps) throw tooManySteps('exact', t, settings.maxSteps);
        const h = tNew - t;
        problem.inputs.evaluate(tNew, tNew >= problem.segmentEnd, u1, du1);
        aug.set(z, 0);
        if (cubic) {
          // p(s) = u0 + u0' s + c2 s² + c3 s³ through (u0, u0') and (u1, u1'); p'' (0) = 2 c2, p'''(0) = 6 c3
          for (let i = 0; i < m; i++) {
            const slopeAvg = (u1[i] - u0[i]) / h;
            const c2 = (3 * slopeAvg - 2 * du0[i] - du1[i]) / h;
            const c3 = (du0[i] + du1[i] - 2 * slopeAvg) / (h * h);
            aug[n + i] = u0[i];
            aug[n + m + i] = du0[i];
            aug[n + 2 * m + i] = 2 * c2;
            aug[n + 3 * m + i] = 6 * c3;
          }
        } else {
          for (let i = 0; i < m; i++) {
            aug[n + i] = u0[i];
            aug[n + m + i] = (u1[i] - u0[i]) / h;
          }
        }
        zOld.set(z);
        denseMulVec(transition(h), aug, z);
        stats.functionEvaluations++;
        if (!allFinite(z)) throw notFinite('exact', tNew);
        const tOld = t;
        let slopes = false;
        const uStart = Float64Array.from(u0);
        sink(tOld, tNew, z, {
          evaluate(tq, out) {
            if (tq === tNew) return void out.set(z);
            if (!slopes) {
              slope(zOld, uStart, d0);
              slope(z, u1, d1);
              slopes = true;
            }
            hermite(tq, tOld, h, zOld, z, d0, d1, out);
          },
        });
        t = tNew;
        u0.set(u1);
        du0.set(du1);
      }
    },
  };
}
