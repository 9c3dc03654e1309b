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

const GAMMA = 0.25;
const C2 = 0.386, C3 = 0.21, C4 = 0.63;
const D1 = 0.25, D2 = -0.1043, D3 = 0.1035, D4 = -0.03620000000000023;
const A21 = 1.544;
const A31 = 0.9466785280815826, A32 = 0.2557011698983284;
const A41 = 3.314825187068521, A42 = 2.896124015972201, A43 = 0.9986419139977817;
const A51 = 1.221224509226641, A52 = 6.019134481288629, A53 = 12.53708332932087, A54 = -0.687886036105895;
const C21 = -5.6688;
const C31 = -2.430093356833875, C32 = -0.2063599157091915;
const C41 = -0.1073529058151375, C42 = -9.594562251023355, C43 = -20.47028614809616;
const C51 = 7.496443313967647, C52 = -10.24680431464352, C53 = -33.99990352819905, C54 = 11.7089089320616;
const C61 = 8.083246795921522, C62 = -7.981132988064893, C63 = -31.52159432874371, C64 = 16.31930543123136;
const C65 = -6.058818238834054;
const D21 = 10.12623508344586, D22 = -7.487995877610167, D23 = -34.80091861555747, D24 = -7.992771707568823;
const D25 = 1.025137723295662;
const D31 = -0.6762803392801253, D32 = 6.087714651680015, D33 = 16.43084320892478, D34 = 24.76722511418386;
const D35 = -6.594389125716872;

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
  const dStart = new Float64Array(n), dEnd = new Float64Array(n), gap = new Float64Array(n);
  const cache: { c: number; lu: LinearSolve }[] = [];
  let hCarry = Infinity;
  // A nonlinear model's error is measured in the max norm (error-norm.ts: the accuracy of each state independent
  // of the network's size), a linear model's in the RMS norm of Hairer and Wanner.
  const norm = problem.linear ? errorNorm : errorNormMax;

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

  /** k = hγ (M − hγJ)⁻¹ [f(ti, ys) + hd·fx + M·comb]. */
  const stage = (lu: LinearSolve, h: number, ti: number, hd: number, useComb: boolean, k: Float64Array, known?: Float64Array) => {
    if (known) rhs.set(known);
    else problem.rhs(ti, ys, rhs);
    const hg = h * GAMMA;
    // one pass over the right-hand side: M·comb is comb itself without a mass matrix
    const mc = useComb && problem.hasMass ? (problem.massMulVec(comb, mComb), mComb) : comb;
    // (hd = 0: ∂f/∂t is not read at all, so a non-finite one cannot leak in as 0·∞)
    if (hd === 0) {
      if (useComb) for (let i = 0; i < n; i++) rhs[i] = hg * (rhs[i] + mc[i]);
      else for (let i = 0; i < n; i++) rhs[i] *= hg;
    } else if (useComb) for (let i = 0; i < n; i++) rhs[i] = hg * (rhs[i] + hd * fx[i] + mc[i]);
    else for (let i = 0; i < n; i++) rhs[i] = hg * (rhs[i] + hd * fx[i]);
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
    // stage 1
    ys.set(y);
    stage(lu, hStep, t, hStep * D1, false, k1, fStart);
    // stage 2
    for (let i = 0; i < n; i++) {
      ys[i] = y[i] + A21 * k1[i];
      comb[i] = inv * C21 * k1[i];
    }
    stage(lu, hStep, t + C2 * hStep, hStep * D2, true, k2);
    // stage 3
    for (let i = 0; i < n; i++) {
      ys[i] = y[i] + A31 * k1[i] + A32 * k2[i];
      comb[i] = inv * (C31 * k1[i] + C32 * k2[i]);
    }
    stage(lu, hStep, t + C3 * hStep, hStep * D3, true, k3);
    // stage 4
    for (let i = 0; i < n; i++) {
      ys[i] = y[i] + A41 * k1[i] + A42 * k2[i] + A43 * k3[i];
      comb[i] = inv * (C41 * k1[i] + C42 * k2[i] + C43 * k3[i]);
    }
    stage(lu, hStep, t + C4 * hStep, hStep * D4, true, k4);
    // stage 5 (at t + h)
    for (let i = 0; i < n; i++) {
      ys[i] = y[i] + A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i];
      comb[i] = inv * (C51 * k1[i] + C52 * k2[i] + C53 * k3[i] + C54 * k4[i]);
    }
    stage(lu, hStep, tNew, 0, true, k5);
    // embedded solution y5 = ys + k5, then stage 6 at (t + h, y5)
    for (let i = 0; i < n; i++) {
      ys[i] += k5[i];
      comb[i] = inv * (C61 * k1[i] + C62 * k2[i] + C63 * k3[i] + C64 * k4[i] + C65 * k5[i]);
    }
    stage(lu, hStep, tNew, 0, true, k6);
    for (let i = 0; i < n; i++) yNew[i] = ys[i] + k6[i];
    let e = norm(k6, y, yNew, rtol, atol);
    if (!Number.isFinite(e) || !allFinite(yNew)) e = Infinity;
    if (e <= 1) {
      // dense output at θ = 1/2 against the Hermite midpoint (y + y_new)/2 + h (y' − y_new')/8
      problem.derivative(tNew, yNew, dEnd);
      for (let i = 0; i < n; i++) {
        const q1i = D21 * k1[i] + D22 * k2[i] + D23 * k3[i] + D24 * k4[i] + D25 * k5[i];
        const q2i = D31 * k1[i] + D32 * k2[i] + D33 * k3[i] + D34 * k4[i] + D35 * k5[i];
        const dense = 0.5 * y[i] + 0.5 * (yNew[i] + 0.5 * (q1i + 0.5 * q2i));
        const herm = 0.5 * (y[i] + yNew[i]) + (hStep * (dStart[i] - dEnd[i])) / 8;
        gap[i] = dense - herm;
      }
      const eDense = norm(gap, y, yNew, rtol, atol);
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
    evaluate(tq: number, out: Float64Array) {
      if (tq === dense.tNew) return void out.set(yNew);
      if (!dense.prepared) {
        for (let i = 0; i < n; i++) {
          q1[i] = D21 * k1[i] + D22 * k2[i] + D23 * k3[i] + D24 * k4[i] + D25 * k5[i];
          q2[i] = D31 * k1[i] + D32 * k2[i] + D33 * k3[i] + D34 * k4[i] + D35 * k5[i];
        }
        dense.prepared = true;
      }
      const th = (tq - dense.tOld) / dense.h;
      const th1 = 1 - th;
      for (let i = 0; i < n; i++) out[i] = th1 * yOld[i] + th * (yNew[i] + th1 * (q1[i] + th * q2[i]));
    },
  };

  return {
    name: 'stiff',
    integrate(t0, t1, y, sink) {
      const stats = problem.stats;
      let t = t0;
      jacobianCurrent = false;
      problem.derivative(t, y, dStart);
      let h = Math.min(hCarry, initialStep(problem, t, y, dStart, 3, Math.min(hMax, t1 - t0), rtol, atol));
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
