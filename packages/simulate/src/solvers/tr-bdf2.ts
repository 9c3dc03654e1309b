/**
 * TR-BDF2, the L-stable one-step method of Bank et al. as analysed and implemented by Hosea & Shampine,
 * "Analysis and implementation of TR-BDF2", Appl. Numer. Math. 20 (1996), written as the ESDIRK
 *   c = [0, γ, 1],  A = [[0, 0, 0], [d, d, 0], [w, w, d]],  b = [w, w, d],  γ = 2 − √2, d = γ/2, w = √2/4,
 * with the embedded third-order weights b̂ = [(1 − w)/3, (3w + 1)/3, d/3] for the error estimate.
 *
 * With a mass matrix, each implicit stage solves  M z_i − h d f(t_i, z_i) = M ψ_i,  ψ_i = z_n + h Σ_{j<i} a_ij K_j,
 * by (simplified) Newton with the iteration matrix (M − h d J), the same for both stages; for a linear model
 * one solve is exact:  (M − h d A) z_i = M ψ_i + h d B u(t_i). The stage slopes follow without M⁻¹:
 * K_i = (z_i − ψ_i)/(h d). The error estimate is filtered (Shampine): est = (M − h d J)⁻¹ M h Σ (b_i − b̂_i) K_i.
 * Error per unit step: the estimate is local (O(h³)) and the local errors of the steps add up, so a test of
 * ‖est‖ ≤ 1 per step gave a global error growing as tol^{2/3} (measured 25× the bound at rtol 1e-3 and 1200× at 1e-8
 * on an LC ladder of 10 states, 1.2× to 58× on an RC ladder). The step is accepted when
 *   max_i |est_i| / sc_i · min(span/h, max(STIFF_START, 2·steps)) ≤ PER_UNIT_STEP,   sc_i = atol + rtol·max(|z_n,i|, |z_{n+1},i|)
 * (max over components, not the RMS norm, which lets one component of n be √n times off), so the sum of the local
 * errors over the run is at most PER_UNIT_STEP times the tolerance; h_new = h·safe·err^{−1/2} (the error per unit
 * step is O(h²)). The cost: steps ∝ tol^{−1/2} instead of tol^{−1/3} (10–50× more at rtol 1e-6 on 10 states; a
 * stiff transient, where the per-step test let decaying errors pass, pays most), and a run past maxSteps refuses
 * with a typed 'solver-failure'. auto never picks trbdf2.
 * The factorisation is kept while h is unchanged; h is left alone when the controller asks for a change
 * within [0.9, 1.2]. Dense output: cubic Hermite from z_n, z_{n+1}, K_1, K_3 (FSAL: K_3 is the next K_1).
 * Nonlinear models: modified Newton. J is evaluated once and kept across steps, and the factorisation of
 * (I − h d J) with it while h is unchanged (a new h refactorises numerically on the kept J: with a sparse J no
 * ordering or symbolic analysis, sparse/iteration-factoriser.ts). J is refreshed at the current state when Newton
 * fails with an old J (the attempt is repeated with the same h; with a fresh J, h is cut to h/4), after a step
 * rejected by the error test, and before the next step when Newton contracted slowly (θ > THETA_REFRESH).
 */
import type { LinearSolve, OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings } from './solver';
import { scaledNorm } from './error-norm';
import { initialStep } from './initial-step';
import { hermite } from './hermite';
import { allFinite } from './solver-failure';
import { nextStep } from './next-step';
import { factorOrReject } from './factor-or-reject';

const GAMMA = 2 - Math.SQRT2;
const D = GAMMA / 2;
const W = Math.SQRT2 / 4;
// b − b̂
const E1 = W - (1 - W) / 3;
const E2 = W - (3 * W + 1) / 3;
const E3 = D - D / 3;
const SAFE = 0.9;
/** The sum of the local errors a run may reach, in tolerances (measured global error: 0.1–0.45 of the tolerance at 1). */
const PER_UNIT_STEP = 2;
/**
 * The multiplier span/h is capped at max(STIFF_START, 2·steps so far): uncapped, a stiff start-up (λ = −1e6 over a
 * span of 10) asks 10⁻¹² of the tolerance of its first steps and never leaves it. The cap admits a first few hundred
 * short steps at tol/1000 each and then grows with the run, so the sum of the local errors stays within
 * tol·(1 + N_short/1000 + ½ ln(N/500)) for N steps.
 */
const STIFF_START = 1000;
const KEEP_LOW = 0.9;
const KEEP_HIGH = 1.2;
const NEWTON_MAX = 7;
const NEWTON_TOL = 0.03;
/** Contraction rate of the simplified Newton iteration above which J is refreshed before the next step. */
const THETA_REFRESH = 0.2;

export function createTrBdf2(problem: OdeProblem, settings: SolverSettings): Solver {
  const n = problem.n;
  const { rtol, atol } = settings;
  const span = Math.abs(settings.tEnd - settings.tStart);
  const hMax = settings.dt ?? span;
  const k1 = new Float64Array(n), k2 = new Float64Array(n), k3 = new Float64Array(n);
  const z2 = new Float64Array(n), z3 = new Float64Array(n), psi = new Float64Array(n);
  const rhs = new Float64Array(n), tmp = new Float64Array(n), est = new Float64Array(n), fz = new Float64Array(n);
  const zOld = new Float64Array(n);
  // factorisations of (M − c A) keyed by c, two most recent (the regular h and a shortened final step)
  const cache: { c: number; lu: LinearSolve }[] = [];
  let hCarry = Infinity;

  // nonlinear (modified Newton): the kept J, whether it was evaluated at the current state, the LU with it and its c
  const modified = !problem.linear && problem.updateJacobian !== undefined && problem.factorKept !== undefined;
  let haveJacobian = false;
  let jacobianCurrent = false;
  let refreshJacobian = false;
  let kept: { c: number; lu: LinearSolve } | undefined;
  let slowest = 0;

  const iteration = (c: number, t: number, z: Float64Array): LinearSolve => {
    if (modified) {
      if (!haveJacobian || refreshJacobian) {
        problem.updateJacobian!(t, z);
        haveJacobian = true;
        jacobianCurrent = true;
        refreshJacobian = false;
        kept = undefined;
      }
      if (!kept || kept.c !== c) kept = { c, lu: problem.factorKept!(c) };
      return kept.lu;
    }
    if (problem.linear) {
      const hit = cache.find((e) => e.c === c);
      if (hit) return hit.lu;
      const lu = problem.factorIteration(c, t, z);
      cache.unshift({ c, lu });
      if (cache.length > 2) cache.pop();
      return lu;
    }
    return problem.factorIteration(c, t, z);
  };

  /**
   * Solve the stage equation M z − c f(ti, z) = M ψ for z (starting from the guess in z); false if Newton fails.
   */
  const stage = (lu: LinearSolve, c: number, ti: number, z: Float64Array): boolean => {
    if (problem.linear) {
      // (M − cA) z = M ψ + c B u(ti)
      problem.massMulVec(psi, rhs);
      problem.forcing(ti, tmp);
      for (let i = 0; i < n; i++) rhs[i] += c * tmp[i];
      lu.solve(rhs, z);
      return allFinite(z);
    }
    // simplified Newton: (I − cJ) δ = −(z − ψ − c f(ti, z)), stop when θ/(1 − θ)‖δ‖ ≤ κ
    let prev = 0;
    for (let it = 0; it < NEWTON_MAX; it++) {
      problem.rhs(ti, z, fz);
      for (let i = 0; i < n; i++) rhs[i] = -(z[i] - psi[i] - c * fz[i]);
      lu.solve(rhs, tmp);
      for (let i = 0; i < n; i++) z[i] += tmp[i];
      const nrm = scaledNorm(tmp, z, rtol, atol);
      if (!Number.isFinite(nrm)) return false;
      if (nrm <= 1e-12) return true;
      if (it > 0) {
        const theta = nrm / prev;
        slowest = Math.max(slowest, theta);
        if (theta >= 0.9) return false;
        if ((theta / (1 - theta)) * nrm <= NEWTON_TOL) return true;
      }
      prev = nrm;
    }
    return false;
  };

  return {
    name: 'trbdf2',
    integrate(t0, t1, z, sink) {
      const stats = problem.stats;
      let t = t0;
      // a new segment may start with an input jump: J from the previous one is not trusted
      refreshJacobian = haveJacobian;
      jacobianCurrent = false;
      problem.derivative(t, z, k1);
      let h = Math.min(hCarry, initialStep(problem, t, z, k1, 2, Math.min(hMax, t1 - t0), rtol, atol));
      while (t < t1) {
        h = Math.min(h, hMax);
        const { hStep, tNew } = nextStep('trbdf2', t, t1, h, stats.steps, settings.maxSteps, settings.tEnd - settings.tStart);
        const c = D * hStep;
        const lu = factorOrReject(iteration, c, t, z);
        if (!lu) {
          stats.rejectedSteps++;
          h = hStep * 0.25;
          continue;
        }
        slowest = 0;
        // stage 2 (trapezoidal rule to t + γh): ψ = z + c K1
        for (let i = 0; i < n; i++) {
          psi[i] = z[i] + c * k1[i];
          z2[i] = psi[i] + c * k1[i];
        }
        let ok = stage(lu, c, t + GAMMA * hStep, z2);
        if (ok) {
          for (let i = 0; i < n; i++) k2[i] = (z2[i] - psi[i]) / c;
          // stage 3 (BDF2 to t + h): ψ = z + h w (K1 + K2)
          for (let i = 0; i < n; i++) {
            psi[i] = z[i] + hStep * W * (k1[i] + k2[i]);
            z3[i] = psi[i] + c * k2[i];
          }
          ok = stage(lu, c, tNew, z3);
        }
        let e = Infinity;
        if (ok) {
          for (let i = 0; i < n; i++) k3[i] = (z3[i] - psi[i]) / c;
          // est = (M − cJ)⁻¹ M h Σ (b_i − b̂_i) K_i
          for (let i = 0; i < n; i++) tmp[i] = hStep * (E1 * k1[i] + E2 * k2[i] + E3 * k3[i]);
          problem.massMulVec(tmp, rhs);
          lu.solve(rhs, est);
          e = (maxNorm(est, z, z3, rtol, atol) * Math.min(span / hStep, Math.max(STIFF_START, 2 * stats.steps))) / PER_UNIT_STEP;
          if (!Number.isFinite(e)) e = Infinity;
        }
        // h_new = h · safe · err^(−1/2) (error per unit step, O(h²)), ratio clamped to [0.2, 5]
        let factor = e === 0 ? 5 : Math.max(0.2, Math.min(5, SAFE * Math.pow(e, -1 / 2)));
        if (!ok) factor = 0.25;
        if (modified && !ok && !jacobianCurrent) {
          // Newton failed with an old J: the same h again with J at this state
          stats.rejectedSteps++;
          refreshJacobian = true;
          continue;
        }
        if (e <= 1) {
          stats.steps++;
          const tOld = t;
          zOld.set(z);
          z.set(z3);
          sink(tOld, tNew, z, { evaluate: (tq, out) => hermite(tq, tOld, hStep, zOld, z, k1, k3, out) });
          k1.set(k3); // FSAL
          t = tNew;
          jacobianCurrent = false;
          if (slowest > THETA_REFRESH) refreshJacobian = true;
          if (factor < KEEP_LOW || factor > KEEP_HIGH) h = hStep === h ? h * factor : Math.min(h, hStep * factor);
          // a shortened final step does not change the carried h
        } else {
          stats.rejectedSteps++;
          h = hStep * factor;
          if (ok && !jacobianCurrent) refreshJacobian = true;
        }
      }
      hCarry = h;
    },
  };
}

/**
 * Rounding in the estimate: K_i = (z_i − ψ_i)/(h d) and est = h Σ (b_i − b̂_i) K_i carry ≈ ε|z|/d whatever h, which
 * span/h would turn into a floor that forbids short steps; the estimate counts only above ROUNDING·ε·|z|.
 */
const ROUNDING = 16 * Number.EPSILON;

/** max_i (|e_i| − ROUNDING·|y_i|)⁺ / (atol + rtol·max(|y0_i|, |y1_i|)). */
function maxNorm(e: Float64Array, y0: Float64Array, y1: Float64Array, rtol: number, atol: number): number {
  let worst = 0;
  for (let i = 0; i < e.length; i++) {
    const y = Math.max(Math.abs(y0[i]), Math.abs(y1[i]));
    worst = Math.max(worst, Math.max(0, Math.abs(e[i]) - ROUNDING * y) / (atol + rtol * y));
  }
  return Number.isNaN(worst) ? Infinity : worst;
}
