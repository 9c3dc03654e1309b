/**
 * RODAS (Rodas4): the stiffly accurate, L-stable Rosenbrock method of order 4(3) with a mass matrix and a
 * dense output of order 3, after Hairer & Wanner, Solving ODEs II, IV.7 (the code RODAS, coefficients of
 * ROCOE method 1). Each stage solves with the same iteration matrix (M − hγJ), γ = 1/4:
 *
 *   (M/(hγ) − J) k_i = f(t + c_i h, y + Σ_{j<i} a_ij k_j) + h d_i ∂f/∂t + M Σ_{j<i} (c_ij/h) k_j,   i = 1…6
 *   y5 = y + Σ a_5j k_j + k5 (embedded, order 3),   y_new = y5 + k6 (order 4),   error estimate k6.
 *
 * J is constant for a linear model, so the factorisation is reused while h is unchanged (h is kept when the
 * controller asks for a change within [0.9, 2), and grows it only by ×2 or ×4). A nonlinear model's J is
 * evaluated once per accepted state (the order conditions need the exact J at y_n) and kept through rejected
 * attempts from that state, which only refactorise (I − hγJ) for the new h; with a sparse J the refactorisation
 * is numeric only, on the pattern, ordering and symbolic analysis of the first (sparse/iteration-factoriser.ts).
 * A singular iteration matrix rejects the attempt (h/4).
 * Dense output: y(t + θh) = (1 − θ) y + θ (y_new + (1 − θ)(q1 + θ q2)), q1 = Σ d2j k_j, q2 = Σ d3j k_j.
 * Very stiff problems let the step grow far beyond what the dense output resolves (the end points stay
 * accurate): so the step is also judged by the gap at θ = 1/2 between the dense output and the cubic Hermite
 * interpolant of (y, y', y_new, y_new'), err = max(‖k6‖, ‖gap‖), at the cost of one evaluation of y' per step.
 */
import type { LinearSolve, OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import { errorNorm, errorNormMax } from './error-norm';
import { initialStep } from './initial-step';
import { allFinite } from './solver-failure';
import { nextStep } from './next-step';
import { factorOrReject } from './factor-or-reject';
import { C2, C3, C4, D1, D2, D3, D4, GAMMA } from './rodas-vectors';
import { denseAt, denseCoefficients, denseGap, stageEnd, stagePoint2, stagePoint3, stagePoint4 } from './rodas-vectors';
import { stagePoint5, stagePoint6, stageRhs, stageRhsAutonomous, stageRhsFirst, stageRhsScaled } from './rodas-vectors';
import { denseAtRowsFromStages, denseGapMaxError, stageEndMaxError, stageRhsFirstFrom } from './rodas-vectors';

const SAFE = 0.9;
const KEEP_LOW = 0.9;

export function createRodas(problem: OdeProblem, settings: SolverSettings): Solver {
  const n = problem.n;
  const { rtol, atol } = settings;
  const hMax = settings.dt ?? Math.abs(settings.tEnd - settings.tStart);
  const k1 = new Float64Array(n), k2 = new Float64Array(n), k3 = new Float64Array(n);
  const k4 = new Float64Array(n), k5 = new Float64Array(n), k6 = new Float64Array(n);
  const ys = new Float64Array(n), yNew = new Float64Array(n), fx = new Float64Array(n);
  const comb = new Float64Array(n), mComb = new Float64Array(n), rhs = new Float64Array(n);
  const q1 = new Float64Array(n), q2 = new Float64Array(n), yOld = new Float64Array(n);
  const dStart = new Float64Array(n), dEnd = new Float64Array(n), gap = new Float64Array(n), qHalf = new Float64Array(n);
  const cache: { c: number; lu: LinearSolve }[] = [];
  let hCarry = Infinity;
  // A nonlinear model's error is measured in the max norm (error-norm.ts: the accuracy of each state independent
  // of the network's size), a linear model's in the RMS norm of Hairer and Wanner.
  const maxNorm = !problem.linear;
  const norm = maxNorm ? errorNormMax : errorNorm;
  // Where f vanishes at the start (a network at rest driven by a ramp from zero), the first step is the Taylor
  // estimate from ∂f/∂t and J in this norm (initial-step.ts): Hairer–Wanner's, blind there, cost four rejected
  // attempts at t = 0 on the diode ladder.
  const startOptions = { fromSlope: true, norm };

  // nonlinear: J is current while it was evaluated at the state the next attempt starts from
  let jacobianCurrent = false;
  const iteration = (c: number, t: number, y: Float64Array): LinearSolve => {
    if (!problem.linear) {
      if (!problem.updateJacobian || !problem.factorKept) return problem.factorIteration(c, t, y);
      if (!jacobianCurrent) {
        problem.updateJacobian(t, y);
        jacobianCurrent = true;
      }
      return problem.factorKept(c);
    }
    const hit = cache.find((e) => e.c === c);
    if (hit) return hit.lu;
    const lu = problem.factorIteration(c, t, y);
    cache.unshift({ c, lu });
    if (cache.length > 2) cache.pop();
    return lu;
  };

  /**
   * k = hγ (M − hγJ)⁻¹ [f(ti, ys) + hd·fx + M·comb]. No loop of its own: the vector work is in rodas-vectors.ts (why there: that file's header).
   */
  const stage = (lu: LinearSolve, h: number, ti: number, hd: number, useComb: boolean, k: Float64Array) => {
    problem.rhs(ti, ys, rhs);
    const hg = h * GAMMA;
    // (hd = 0: ∂f/∂t is not read at all, so a non-finite one cannot leak in as 0·∞)
    // The sparse LU forms the right-hand side as its forward pass reads it (M = I: no M·comb), in the operations of
    // the pass below: one pass over n fewer per stage (linalg's solveSum).
    if (lu.solveSum && !problem.hasMass) return void lu.solveSum(hg, rhs, hd, hd === 0 ? null : fx, useComb ? comb : null, k);
    // one pass over the right-hand side: M·comb is comb itself without a mass matrix
    const mc = useComb && problem.hasMass ? (problem.massMulVec(comb, mComb), mComb) : comb;
    if (hd === 0) {
      if (useComb) stageRhsAutonomous(rhs, mc, hg);
      else stageRhsScaled(rhs, hg);
    } else if (useComb) stageRhs(rhs, fx, mc, hg, hd);
    else stageRhsFirst(rhs, fx, hg, hd);
    lu.solve(rhs, k);
  };

  /**
   * One attempt from (t, y) with step hStep: the six stages into k1…k6, y_new, and the error (the larger of the
   * embedded estimate and the dense-output gap; Infinity when not finite). A function of its own, called once per
   * attempt, so that the engine optimises it after a few steps (a long loop in one call would wait for on-stack
   * replacement).
   */
  const attempt = (lu: LinearSolve, t: number, hStep: number, tNew: number, y: Float64Array): number => {
    // With M = I, y' = f(t, y) is dStart (kept from the last accepted step): stage 1 and the base of the
    // difference in t reuse it, 7 evaluations of f per attempt instead of 9.
    const fStart = problem.hasMass ? undefined : dStart;
    problem.rhsTimeDerivative(t, y, fx, fStart);
    const inv = 1 / hStep;
    // stage 1 (at y itself: from the kept y' in one pass where there is one)
    if (fStart && lu.solveSum) lu.solveSum(hStep * GAMMA, fStart, hStep * D1, fx, null, k1);
    else if (fStart) {
      stageRhsFirstFrom(fStart, fx, hStep * GAMMA, hStep * D1, rhs);
      lu.solve(rhs, k1);
    } else {
      ys.set(y);
      stage(lu, hStep, t, hStep * D1, false, k1);
    }
    // stages 2–5: ys = y + Σ a_ij k_j, comb = Σ (c_ij/h) k_j
    stagePoint2(y, k1, inv, ys, comb);
    stage(lu, hStep, t + C2 * hStep, hStep * D2, true, k2);
    stagePoint3(y, k1, k2, inv, ys, comb);
    stage(lu, hStep, t + C3 * hStep, hStep * D3, true, k3);
    stagePoint4(y, k1, k2, k3, inv, ys, comb);
    stage(lu, hStep, t + C4 * hStep, hStep * D4, true, k4);
    stagePoint5(y, k1, k2, k3, k4, inv, ys, comb);
    stage(lu, hStep, tNew, 0, true, k5);
    // embedded solution y5 = ys + k5, then stage 6 at (t + h, y5)
    stagePoint6(k1, k2, k3, k4, k5, inv, ys, comb, qHalf);
    stage(lu, hStep, tNew, 0, true, k6);
    // y_new = y5 + k6 and the error of k6 (one pass with the max norm)
    let e: number;
    if (maxNorm) e = stageEndMaxError(ys, k6, y, rtol, atol, yNew);
    else {
      stageEnd(ys, k6, yNew);
      e = norm(k6, y, yNew, rtol, atol);
      if (!Number.isFinite(e) || !allFinite(yNew)) e = Infinity;
    }
    if (e <= 1) {
      // dense output at θ = 1/2 against the Hermite midpoint (y + y_new)/2 + h (y' − y_new')/8
      problem.derivative(tNew, yNew, dEnd);
      let eDense: number;
      if (maxNorm) eDense = denseGapMaxError(y, yNew, qHalf, dStart, dEnd, hStep, rtol, atol);
      else {
        denseGap(y, yNew, qHalf, dStart, dEnd, hStep, gap);
        eDense = norm(gap, y, yNew, rtol, atol);
      }
      e = Number.isFinite(eDense) ? Math.max(e, eDense) : Infinity;
    }
    return e;
  };

  // The dense output of the last accepted step: one object for the whole run (a new closure per step would make
  // the caller's call site see a new target every step).
  const dense = {
    tOld: 0,
    tNew: 0,
    h: 1,
    prepared: false,
    evaluate(tq: number, out: Float64Array, rows?: Int32Array) {
      if (tq === dense.tNew) return void out.set(yNew);
      if (rows) return void denseAtRowsFromStages((tq - dense.tOld) / dense.h, yOld, yNew, k1, k2, k3, k4, k5, rows, out);
      if (!dense.prepared) {
        denseCoefficients(k1, k2, k3, k4, k5, q1, q2);
        dense.prepared = true;
      }
      denseAt((tq - dense.tOld) / dense.h, yOld, yNew, q1, q2, out);
    },
  };

  return {
    name: 'stiff',
    integrate(t0, t1, y, sink) {
      const stats = problem.stats;
      let t = t0;
      jacobianCurrent = false;
      problem.derivative(t, y, dStart);
      let h = Math.min(hCarry, initialStep(problem, t, y, dStart, 3, Math.min(hMax, t1 - t0), rtol, atol, startOptions));
      let rejectedLast = false;
      // the last rejected attempt from the current t: its step and error (for the observed order of the next)
      let hRejected = 0;
      let eRejected = 0;
      while (t < t1) {
        h = Math.min(h, hMax);
        const { hStep, tNew } = nextStep('stiff', t, t1, h, stats.steps, settings.maxSteps, settings.tEnd - settings.tStart);
        const lu = factorOrReject(iteration, GAMMA * hStep, t, y);
        if (!lu) {
          stats.rejectedSteps++;
          rejectedLast = true;
          hRejected = 0;
          h = hStep * 0.25;
          continue;
        }
        const e = attempt(lu, t, hStep, tNew, y);
        // h_new = h · safe · err^(−1/4), ratio clamped to [0.2, 6]
        let factor = e === 0 ? 6 : Math.max(0.2, Math.min(6, SAFE * Math.pow(e, -0.25)));
        if (e > 1 && rejectedLast && hRejected > hStep && Number.isFinite(e) && Number.isFinite(eRejected)) {
          // A second rejection from the same point: the error fell from eRejected to e while h shrank by hRejected/hStep,
          // an observed order p = log(eRejected/e) / log(hRejected/hStep). Where p is below the method's (a corner of an
          // input, a stiff transient: the error at the breakpoint of a PWL ramp barely falls with h), the next step
          // follows p, not 4: h · (SAFE/e)^(1/p), at least ×0.2 (the floor) — instead of many small ×0.8 reductions.
          const p = Math.log(eRejected / e) / Math.log(hRejected / hStep);
          if (!(p > 1)) factor = 0.2;
          else if (p < 4) factor = Math.max(0.2, Math.min(factor, Math.pow(SAFE / e, 1 / p)));
        }
        if (e <= 1) {
          stats.steps++;
          const tOld = t;
          yOld.set(y);
          dense.tOld = tOld;
          dense.tNew = tNew;
          dense.h = hStep;
          dense.prepared = false;
          sink(tOld, tNew, yNew, dense);
          y.set(yNew);
          jacobianCurrent = false;
          dStart.set(dEnd);
          t = tNew;
          if (problem.linear) {
            // A linear model keeps h unless it must shrink, and grows it only by ×2 or ×4, so that the
            // iteration matrix is refactorised rarely.
            if (factor < KEEP_LOW || factor >= 2) {
              const grow = factor >= 2 ? (factor >= 4 ? 4 : 2) : factor;
              let hNext = hStep === h ? h * grow : Math.min(h, hStep * grow);
              if (rejectedLast) hNext = Math.min(hNext, hStep);
              h = hNext;
            }
          } else {
            // A nonlinear model refactorises every step anyway: h follows the controller at every step, with no
            // band of kept steps (whose accepted errors drifted down to 0.3 before h grew: 147 attempts on the
            // diode ladder, 134 without the band). Gustafsson's predictive controller was tried and dropped: 131
            // attempts on the ladder but 779 instead of 624 on Prothero–Robinson at λ = −1e6 (docs/nonlinear.md).
            let hNext = hStep * factor;
            if (rejectedLast) hNext = Math.min(hNext, hStep);
            // a step cut short by the end of a segment, with an error below the target, keeps the h asked for
            h = hStep < h && factor >= 1 ? h : hNext;
          }
          rejectedLast = false;
        } else {
          stats.rejectedSteps++;
          rejectedLast = true;
          hRejected = hStep;
          eRejected = e;
          h = hStep * factor;
        }
      }
      hCarry = h;
    },
  };
}
