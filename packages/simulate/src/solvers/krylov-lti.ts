/**
 * Exponential integration of M x̃' = A x̃ + B u for inputs that are affine between breakpoints (constant, step,
 * ramp, pwl), by shift-and-invert Krylov approximation of the matrix exponential: no time stepping in the usual
 * sense, the steps are as long as the Krylov approximation is accurate.
 *
 * On a breakpoint-free segment starting at t0, u(t) = u0 + s (t − t0), so with α ≡ 1 and β = (t − t0)/τ
 * (β only when s ≠ 0: it adds a Jordan block, which makes the small eigendecomposition unusable)
 *
 *   M̂ ŵ' = Â ŵ,  ŵ = [x̃; α; β],  M̂ = diag(M, 1, 1),  Â = [[A, B u0, τ B s], [0, 0, 0], [0, 1/τ, 0]]
 *
 * with β = (t − t0)/τ scaled by the segment's length τ (β ∈ [0, 1], like α)
 *
 * and ŵ(t + σ) = e^{σ M̂⁻¹Â} ŵ(t) exactly. The exponential is approximated from K_k(Z, ŵ(t)),
 * Z = (M̂ − γÂ)⁻¹ M̂ (projected-exponential.ts); applying Z is one solve with the LU of M − γA (the augmented
 * rows are eliminated by hand):
 *
 *   y_α = r_α,  y_β = r_β + (γ/τ) y_α,  (M − γA) y_x = r_x + γ (B u0) y_α + γτ (B s) y_β,  r = M̂ v.
 *
 * One step: build the basis until the estimated error is below SAFETY·(atol + rtol·scale_i) in every state
 * component i, scale_i = the largest |x̃_i| met so far, at t or at t + σ (a per-component test: a norm-wise test lets
 * the small components of a mixed state, e.g. the inductor currents beside the capacitor voltages, go unchecked),
 * or the dimension limit is reached; then take the longest σ ≤ trial (halving) or ≥ trial (doubling, same basis)
 * that passes. The estimate (krylov/step-error.ts), per component, is the larger of
 *   – the difference of the dimension k and k − 1 approximations, β V_k (y_k(s) − y_{k−1}(s)), and
 *   – a thousandth (RESIDUAL_OVERESTIMATE) of the residual estimate β (h_{k+1,k}/γ) |v_{k+1,i}| ∫_0^s |c| (the residual β (h/γ) c(s) (I − γM̂⁻¹Â) v_{k+1}
 *     carried through one shift-and-invert step, which damps its stiff part as the flow would),
 * at s = σ and at the output sample inside the step where the coefficient difference is largest (the dense output
 * is read there; the shift-and-invert approximation is least accurate for s ≪ γ). A step that fails at the largest
 * dimension is halved on the same basis while σ ≥ γ/2, then restarted at half that length with a new γ and basis;
 * one the estimate never admits, down to 10⁻¹⁴ of the span, ends the run with a typed 'solver-failure' (field
 * rtol) that `auto` catches to fall back to the stiff solver. γ follows the step length (γ = σ/4); the LU is refactorised only when σ/γ leaves
 * [1/2, 32] (on the same pattern: symbolic analysis reused). Dense output anywhere in the step: β V_k e^{σĴ_k} e_1,
 * O(k² + k·n) per time.
 *
 * Costs per step: k solves with the LU, O(k²·n) orthogonalisation, O(k³) small-matrix work per check.
 * A sine input adds the oscillator c' = −ω s, s' = ω c to ŵ (its 2 × 2 block is eliminated like α and β).
 *
 * Symmetric mode (RC-type networks: M = D² diagonal positive, A = Aᵀ nonsingular): no augmentation; the inputs
 * are removed by the particular solution x̃_p (exponential/particular-solution.ts, one LU of A), and
 * w = D (x̃ − x̃_p) obeys w' = J̃ w with J̃ = D⁻¹AD⁻¹ symmetric, so Z = (I − γJ̃)⁻¹ = D (M − γA)⁻¹ D is symmetric
 * and the basis is built by the Lanczos three-term recurrence (O(k·n) instead of O(k²·n) per step). For a chain
 * the basis lives in the chain's order (scaled-shift-invert.ts), in which the solves need no permutation.
 * Restrictions: linear time-invariant models with nonsingular M, inputs affine between breakpoints or sines.
 */
import { SysgraphError } from '@sysgraph/core';
import { normInf } from '@sysgraph/linalg';
import type { OdeProblem, LinearSolve } from '../problem/ode-problem';
import type { Solver, SolverSettings, DenseOutput } from './solver';
import type { ProjectedExponential } from '../krylov/projected-exponential';
import type { ArnoldiBasis } from '../krylov/arnoldi-basis';
import type { LanczosBasis } from '../krylov/lanczos-basis';
import { createArnoldiBasis } from '../krylov/arnoldi-basis';
import { createLanczosBasis } from '../krylov/lanczos-basis';
import { projectedExponential, tridiagonalExponential } from '../krylov/projected-exponential';
import { scaledShiftInvert } from '../krylov/scaled-shift-invert';
import { symmetricPlan } from '../sparse/sparse-backend';
import type { SegmentInputs } from '../exponential/segment-inputs';
import { PIECEWISE_LINEAR_KINDS, segmentInputs, unsupportedSignal } from '../exponential/segment-inputs';
import type { ParticularSolution } from '../exponential/particular-solution';
import { createParticularSolver } from '../exponential/particular-solution';
import { positiveDiagonal } from '../chebyshev/scaled-operator';
import type { LinearOperator } from '../problem/linear-operator';
import { allFinite, cannotMeetTolerance, notFinite, tooManySteps } from './solver-failure';
import { coefficientDifference, residualIntegral, worstTime } from '../krylov/step-error';
import { isSymmetric } from '../sparse/is-symmetric';

/** Largest Krylov dimension per step. */
export const KRYLOV_MAX_DIMENSION = 40;

const GAMMA_RATIO = 4;
const RATIO_LOW = 0.5;
const RATIO_HIGH = 32;
const CHECK_EVERY = 3;
const MIN_DIMENSION = 4;
/**
 * A step is taken when every component's estimated error is below this fraction of atol + rtol·scale_i: the local
 * errors of successive steps add up (e^{tL} carries them on without growth in a passive network), and a run takes
 * a few tens of steps. Runs of hundreds of steps on undamped networks can exceed the bound (the LC ladder of 1000
 * states at rtol 1e-6: 620 steps, 23×); an error budget for the whole run (each step spending a share of what is
 * left) fixed that cell but made the mass chain of 500 states at rtol 1e-10 refuse (the per-step budget fell below
 * the estimate's floor after some 50 steps), and auto then fell back to Rodas4, 56× outside. Rejected for now.
 */
const SAFETY = 0.2;
/** A check whose predicted ratio exceeds this × SAFETY fails without the per-component test (measure()). */
const PREDICTED_FAIL = 10;
/**
 * The residual estimate is an upper estimate (krylov/step-error.ts) that was measured 10²–10³ above the actual error
 * where the difference estimate had converged (the first step of the 1000-section RC ladder under a ramp: 350 times
 * the tolerance against 3e-9); it guards against a stalled difference estimate only beyond that factor.
 */
const RESIDUAL_OVERESTIMATE = 1e3;

export function createKrylov(problem: OdeProblem, settings: SolverSettings): Solver {
  const lti = problem.lti;
  if (!lti) {
    throw new SysgraphError('bad-option', 'solver krylov needs a linear time-invariant model', {
      field: 'solver',
      expected: 'a linear model, or another solver (stiff, dopri5)',
    });
  }
  const unsupported = unsupportedSignal(problem.inputs.signals);
  if (unsupported) {
    throw new SysgraphError('bad-option', `solver krylov needs inputs that are affine between breakpoints or sines; ${unsupported.text} is not`, {
      field: 'solver',
      expected: `inputs of the kinds ${PIECEWISE_LINEAR_KINDS.join(', ')} or sine, or another solver (stiff, exact)`,
    });
  }
  const n = problem.n;
  const harmonicCount = problem.inputs.signals.filter((s) => s.harmonic !== undefined).length;
  // symmetric mode: M = D² diagonal, A symmetric and nonsingular (RC-type networks)
  const mass = positiveDiagonal(lti.M, n);
  const symmetricA = mass !== undefined && isSymmetric(lti.A);
  const plan = symmetricA && lti.A.csr ? symmetricPlan(lti.A.csr) : undefined;
  const candidate = symmetricA ? createParticularSolver(problem, mass!, 'krylov', plan) : undefined;
  // the particular solution needs A nonsingular; otherwise the augmented form
  const particularSolver = candidate?.factorisable() ? candidate : undefined;
  const symmetric = particularSolver !== undefined;
  const d = mass ? squareRoots(mass) : undefined;
  const size = symmetric ? n : n + 2 + 2 * harmonicCount;
  const maxDim = Math.max(MIN_DIMENSION + 1, Math.min(KRYLOV_MAX_DIMENSION, size));
  const lanczos: LanczosBasis | undefined = symmetric ? createLanczosBasis(size, maxDim) : undefined;
  const basis: ArnoldiBasis = lanczos ?? createArnoldiBasis(size, maxDim);
  /** The projection of dimension k; `reference` is the trial step (the non-symmetric path's ladder is anchored there). */
  const project = (k: number, reference: number): ProjectedExponential =>
    lanczos ? tridiagonalExponential(lanczos, k, gamma, reference) : projectedExponential(basis, k, gamma, reference);
  // symmetric mode with a sparse A: Z = (I − γJ̃)⁻¹ factorised directly (J̃ = D⁻¹AD⁻¹ formed once)
  const shiftInvert = symmetric && lti.A.csr ? scaledShiftInvert(lti.A.csr, d!, plan!) : undefined;
  // the basis in the solver's order when it has one (w_k = w[order[k]]); position[i] = where unknown i is
  const order = shiftInvert?.order;
  const position = order ? plan!.position : undefined;
  const { rtol, atol } = settings;
  const stats = problem.stats;

  let forcing: SegmentInputs | undefined;
  let particular: ParticularSolution | undefined;
  const xp = new Float64Array(n);
  const scaledV = new Float64Array(n);
  // work space of the augmented form only
  const rx = new Float64Array(symmetric ? 0 : n);
  const w0 = new Float64Array(size);
  const massV = new Float64Array(symmetric ? 0 : n);
  const zEnd = new Float64Array(n);
  // the error estimate: the largest |x̃_i| so far, the error in basis and state coordinates, the residual direction
  const scale = new Float64Array(n);
  const errorBasis = new Float64Array(n);
  const errorState = new Float64Array(n);
  const residualState = new Float64Array(n);
  let residualDimension = -1;
  // the candidate step's estimate per component
  const candidateError = new Float64Array(n);

  /**
   * The time unit of the β coordinate, β = (t − t0)/τ with τ = the segment's length, so that β ∈ [0, 1] like α:
   * with β = t − t0 in seconds on a nanosecond line (the lossy line of 10 states, span 4 delays) the β coordinate
   * was ~10⁻⁹ of ‖ŵ‖ and its slope column B s ~10⁹, so the rounding of the basis in that coordinate (ε‖ŵ‖) reached
   * the state amplified by ‖B s‖: a floor of 2e-9 of the peak after the pwl's kinks that the step estimate (a
   * difference of two projections of the same rounded basis) did not see.
   */
  let tau = 1;
  let lu: LinearSolve | undefined;
  let gamma = 0;
  let trial = Infinity;

  const applyZ = (v: Float64Array, out: Float64Array): void => {
    if (shiftInvert) {
      // Z = (I − γJ̃)⁻¹
      lu!.solve(v, out);
      stats.functionEvaluations++;
      return;
    }
    if (symmetric) {
      // Z = (I − γJ̃)⁻¹ = D (M − γA)⁻¹ D
      for (let i = 0; i < n; i++) scaledV[i] = d![i] * v[i];
      lu!.solve(scaledV, out);
      for (let i = 0; i < n; i++) out[i] *= d![i];
      stats.functionEvaluations++;
      return;
    }
    const { b0, b1, sloped, harmonics } = forcing!;
    // r = M̂ v
    const vx = v.subarray(0, n);
    if (problem.hasMass) problem.massMulVec(vx, massV);
    else massV.set(vx);
    const ya = v[n];
    // without a slope β is left out (its coordinate stays 0): no Jordan block at μ = 1 in H_k
    // β = (t − t0)/τ: β' = α/τ, the slope column τ b1
    const yb = sloped ? v[n + 1] + (gamma / tau) * ya : 0;
    const slopeGain = gamma * tau;
    // (M − γA) y_x = r_x + γ b0 y_α + γ τ b1 y_β + γ Σ g_k y_sk
    for (let i = 0; i < n; i++) rx[i] = massV[i] + gamma * b0[i] * ya + slopeGain * b1[i] * yb;
    harmonics.forEach((h, k) => {
      // oscillator rows c' = −ω s, s' = ω c: [[1, γω], [−γω, 1]] [y_c; y_s] = [r_c; r_s]
      const gw = gamma * h.omega;
      const rc = v[n + 2 + 2 * k];
      const rs = v[n + 3 + 2 * k];
      const ys = (rs + gw * rc) / (1 + gw * gw);
      out[n + 2 + 2 * k] = rc - gw * ys;
      out[n + 3 + 2 * k] = ys;
      const g = h.column;
      for (let i = 0; i < n; i++) rx[i] += gamma * g[i] * ys;
    });
    lu!.solve(rx, out.subarray(0, n) as Float64Array);
    out[n] = ya;
    out[n + 1] = yb;
    stats.functionEvaluations++;
  };

  /** out = x̃(t) from the coefficients y: β V_k,x y (augmented), D⁻¹ β V_k y + x̃_p(t) (symmetric); rows only when asked. */
  const stateAt = (t: number, y: Float64Array, out: Float64Array, rows?: Int32Array): void => {
    if (!symmetric) {
      combine(y, out, rows);
      return;
    }
    particular!(t, xp, rows);
    if (rows !== undefined) {
      combine(y, out, rows);
      for (let r = 0; r < rows.length; r++) out[rows[r]] = out[rows[r]] / d![rows[r]] + xp[rows[r]];
    } else if (order) {
      // β V_k y in the basis's order, scattered
      combine(y, scaledV);
      for (let k = 0; k < n; k++) {
        const i = order[k];
        out[i] = scaledV[k] / d![i] + xp[i];
      }
    } else {
      combine(y, out);
      for (let i = 0; i < n; i++) out[i] = out[i] / d![i] + xp[i];
    }
  };

  const combine = (y: Float64Array, out: Float64Array, rows?: Int32Array): void => {
    // out = β V_k,x y (only the given rows when asked)
    const vs = basis.vectors;
    const k = y.length;
    if (rows !== undefined) {
      for (let r = 0; r < rows.length; r++) {
        const i = rows[r];
        const at = position ? position[i] : i;
        let x = 0;
        for (let j = 0; j < k; j++) x += y[j] * vs[j][at];
        out[i] = basis.beta * x;
      }
      return;
    }
    combineVectors(vs, y, basis.beta, out, n);
  };

  /**
   * Dense output of a symmetric step from y_k(σ) = X s(σ): the recorded rows of β V_k X are formed at the first
   * request (O(rows·k²), one gather per row and basis vector), then each time costs O(rows·k + k) instead of the
   * O(k² + rows·k) of forming y_k(σ) and gathering from k basis vectors.
   */
  const modalDense = (projected: ProjectedExponential, tOld: number): DenseOutput => {
    const k = projected.dimension;
    const { vectors: x, weights } = projected.modes!;
    const s = new Float64Array(k);
    let mixedRows: Int32Array | undefined;
    let mixed: Float64Array | undefined;
    return {
      evaluate(tq, out, rows) {
        if (rows === undefined) {
          stateAt(tq, projected.at(tq - tOld), out);
          return;
        }
        if (mixedRows !== rows) {
          // mixed[r·k + m] = β Σ_j V(row r, j) X(j, m)
          mixedRows = rows;
          mixed = new Float64Array(rows.length * k);
          const vs = basis.vectors;
          for (let r = 0; r < rows.length; r++) {
            const at = position ? position[rows[r]] : rows[r];
            for (let j = 0; j < k; j++) {
              const v = basis.beta * vs[j][at];
              for (let m = 0; m < k; m++) mixed[r * k + m] += v * x[j * k + m];
            }
          }
        }
        weights(tq - tOld, s);
        particular!(tq, xp, rows);
        for (let r = 0; r < rows.length; r++) {
          let sum = 0;
          for (let m = 0; m < k; m++) sum += mixed![r * k + m] * s[m];
          const i = rows[r];
          out[i] = sum / d![i] + xp[i];
        }
      },
    };
  };

  /** out_i = |x̃-error_i| from the coefficients y of β V_k y (basis coordinates: w = D(x̃ − x̃_p) or ŵ). */
  const errorToState = (y: Float64Array, out: Float64Array): void => {
    combine(y, errorBasis);
    if (!symmetric) for (let i = 0; i < n; i++) out[i] = Math.abs(errorBasis[i]);
    else if (order) {
      for (let p = 0; p < n; p++) {
        const i = order[p];
        out[i] = Math.abs(errorBasis[p]) / d![i];
      }
    } else for (let i = 0; i < n; i++) out[i] = Math.abs(errorBasis[i]) / d![i];
  };

  /**
   * stateAt(t, y, out) and errorToState(dy, err) together: in symmetric mode both sums over the basis in one pass
   * (combinePair: each basis vector read once for the two), the same operations in the same order as apart.
   */
  const stateAndErrorAt = (t: number, y: Float64Array, dy: Float64Array, out: Float64Array, err: Float64Array): void => {
    if (!symmetric) {
      stateAt(t, y, out);
      errorToState(dy, err);
      return;
    }
    particular!(t, xp);
    const inBasis = order ? scaledV : out;
    combinePair(basis.vectors, y, dy, basis.beta, inBasis, errorBasis, n);
    finishStateAndError(inBasis, errorBasis, d!, xp, order, out, err, n);
  };

  /**
   * residualState_i = β (h/γ) |v_{k+1,i}| in x̃ units: the residual direction u = (I − γL) v_{k+1} after one
   * shift-and-invert step, (I − γL)⁻¹ u = v_{k+1} (krylov/step-error.ts). Symmetric mode: ÷ d_i, in the basis order.
   */
  const residualDirection = (k: number): void => {
    if (residualDimension === k) return;
    const v = basis.vectors[k];
    // h v_{k+1}: the Lanczos basis keeps it unnormalised until the next step
    const c = (basis.beta / gamma) * (lanczos ? 1 : basis.h(k, k - 1));
    if (!symmetric) for (let i = 0; i < n; i++) residualState[i] = c * Math.abs(v[i]);
    else if (order) {
      for (let p = 0; p < n; p++) {
        const i = order[p];
        residualState[i] = (c * Math.abs(v[p])) / d![i];
      }
    } else for (let i = 0; i < n; i++) residualState[i] = (c * Math.abs(v[i])) / d![i];
    residualDimension = k;
  };

  /** σ and the offsets s ∈ (0, σ) of output samples inside [t, t + σ] (a logarithmic selection of them). */
  const span = settings.tEnd - settings.tStart;
  const sampleOffsets = (t: number, sigma: number): number[] => {
    const offsets = [sigma];
    const m = settings.samples;
    if (m === undefined) return offsets;
    const h = span / (m - 1);
    // the first four samples of the step (the approximation is weakest near its start), then every 2^j-th
    let count = 0;
    for (let j = Math.max(1, Math.floor((t - settings.tStart) / h)); j < m; j++) {
      const ts = settings.tStart + h * j;
      if (ts >= t + sigma) break;
      if (ts <= t) continue;
      if (count < 4 || (count & (count - 1)) === 0) offsets.push(ts - t);
      count++;
    }
    return offsets;
  };

  /**
   * The allowed error per component in basis units, a_i = d_i (atol + rtol·max(scale_i, |x̃_i(t)|)) (d = 1 in the
   * augmented form), summarised once per step for the quick decisions of measure(): its minimum and 2-norm, and
   * the 2-norm of d∘x̃_p(t) (symmetric mode) that bounds the end state's share of ‖a‖.
   */
  let allowedMin = 0;
  let allowedNorm = 0;
  let particularNorm = 0;
  const summariseAllowed = (z: Float64Array): void => {
    let min = Infinity;
    let sum = 0;
    let sp = 0;
    for (let i = 0; i < n; i++) {
      const di = d && symmetric ? d[i] : 1;
      const a = di * (atol + rtol * Math.max(scale[i], Math.abs(z[i])));
      min = Math.min(min, a);
      sum += a * a;
      if (symmetric) sp += (di * xp[i]) ** 2;
    }
    allowedMin = min;
    allowedNorm = Math.sqrt(sum);
    particularNorm = Math.sqrt(sp);
  };
  /** ‖h v_{k+1}‖∞ in basis units, once per dimension: bounds every component of the residual direction. */
  let residualMaxDimension = -1;
  let residualMax = 0;
  const residualInfinity = (k: number): number => {
    if (residualMaxDimension !== k) {
      const v = basis.vectors[k];
      const h = lanczos ? 1 : basis.h(k, k - 1);
      // the state part of the (augmented) basis vector; NaN reads as Infinity
      residualMax = Math.abs(h) * normInf(v.length === n ? v : v.subarray(0, n));
      residualMaxDimension = k;
    }
    return residualMax;
  };

  /**
   * The step's end at t + σ (into zEnd, when the full test runs) and the largest ratio estimated error ÷
   * (atol + rtol·scale_i) over [t, t + σ], or a bound on it that decides the test against SAFETY the same way.
   * Forming the error per component costs O(k·n) per time (a third of the run on the 10⁴-state RC ladder); the
   * decision is first tried from the coefficients alone (O(k²)), with e = β V_k δy and a_i as in summariseAllowed:
   *   pass when  max_s β‖δy_s‖₁ and the residual term ρ_s (β/γ)‖h v_{k+1}‖∞ / RESIDUAL_OVERESTIMATE are ≤ SAFETY·min a
   *     (|e_i| ≤ β Σ_j |δy_j| |v_ij| ≤ β‖δy‖₁ for unit basis vectors: rigorous, so the test is not weakened);
   *   fail when  β‖δy_s‖₂ / 2 > SAFETY·(‖a‖₂ + rtol (β‖y_k(σ)‖₁ + ‖d∘x̃_p‖₂))
   *     (max_i |e_i|/a_i ≥ ‖e‖₂/‖a‖₂; ‖V δy‖₂ ≥ ‖δy‖₂/2 while the basis is near orthogonal; a wrong 'fail' only
   *     shortens a step);
   *   otherwise the per-component test below.
   */
  let measuredTime = NaN;
  let measuredDimension = 0;
  /**
   * The last per-component test on the current basis: its step length, the bound `upper` it was made under and the
   * ratio it found. At a later check of the same basis and σ, the ratio is predicted as that ratio × (upper now ÷
   * upper then): `upper` is a rigorous bound of the ratio that falls with the coefficient difference and the
   * residual, the ratio ÷ upper moves slowly between checks (0.01–0.08 over k = 9 … 40 on the 10⁴-section RC
   * ladder's failing first basis). A prediction above PREDICTED_FAIL × SAFETY is returned as the estimate without
   * the O(k·n) test; a wrong one only grows the basis to the next check, no step is ever admitted on a prediction.
   */
  let referenceSigma = NaN;
  let referenceUpper = 0;
  let referenceRatio = 0;
  const measure = (t: number, z: Float64Array, jk: ProjectedExponential, jkm1: ProjectedExponential, sigma: number): number => {
    const k = jk.dimension;
    measuredTime = NaN;
    const worst = worstTime(jk, jkm1, sampleOffsets(t, sigma));
    let integral: ((s: number) => number) | undefined;
    if (!basis.invariant) integral = residualIntegral(basis, jk);
    const times = worst === sigma ? [sigma] : [sigma, worst];
    const coefficients = new Float64Array(k);
    const beta = basis.beta;
    const rhos = times.map((s) => (integral ? integral(s) : 0));
    let upper = 0;
    let lower = 0;
    const residualScale = integral ? ((beta / gamma) * residualInfinity(k)) / RESIDUAL_OVERESTIMATE : 0;
    let endNorm = 0;
    const yEnd = jk.at(sigma);
    for (let j = 0; j < k; j++) endNorm += Math.abs(yEnd[j]);
    const lowerScale = allowedNorm + rtol * (beta * endNorm + particularNorm);
    times.forEach((s, q) => {
      const two = coefficientDifference(jk, jkm1, s, coefficients);
      let one = 0;
      for (let j = 0; j < k; j++) one += Math.abs(coefficients[j]);
      upper = Math.max(upper, (beta * one) / allowedMin, (rhos[q] * residualScale) / allowedMin);
      lower = Math.max(lower, (beta * two) / 2 / lowerScale);
    });
    if (upper <= SAFETY) return upper;
    if (lower > SAFETY) return lower;
    if (sigma === referenceSigma) {
      const predicted = referenceRatio * (upper / referenceUpper);
      if (predicted > PREDICTED_FAIL * SAFETY) return predicted;
    }

    // times[0] = σ: the end state and the error there in one pass over the basis
    coefficientDifference(jk, jkm1, sigma, coefficients);
    stateAndErrorAt(t + sigma, yEnd, coefficients, zEnd, errorState);
    measuredTime = t + sigma;
    measuredDimension = k;
    if (!allFinite(zEnd)) return Infinity;
    if (integral) residualDirection(k);
    candidateError.fill(0);
    times.forEach((s, q) => {
      if (q > 0) {
        coefficientDifference(jk, jkm1, s, coefficients);
        errorToState(coefficients, errorState);
      }
      const rho = rhos[q];
      for (let i = 0; i < n; i++) candidateError[i] = Math.max(candidateError[i], errorState[i], (rho * residualState[i]) / RESIDUAL_OVERESTIMATE);
    });
    const ratio = largestRatio(candidateError, scale, z, zEnd, atol, rtol, n);
    referenceSigma = sigma;
    referenceUpper = upper;
    referenceRatio = ratio;
    return Number.isNaN(ratio) ? Infinity : ratio;
  };

  /**
   * The particular solution's error enters every sample of the segment and the step estimate does not see it: its
   * estimate (the refinement correction, exponential/particular-solution.ts) must stay below SAFETY·(atol +
   * rtol·|x̃_p|) in every component, or the tolerance is out of reach on this model (A too ill-conditioned).
   */
  const particularError = new Float64Array(n);
  const xpEnd = new Float64Array(n);
  const checkParticular = (t0: number, t1: number): void => {
    particularSolver!.error(t1 - t0, particularError);
    particular!(t0, xp);
    particular!(t1, xpEnd);
    for (let i = 0; i < n; i++) {
      const allowed = atol + rtol * Math.max(scale[i], Math.abs(xp[i]), Math.abs(xpEnd[i]));
      if (!(particularError[i] <= SAFETY * allowed)) {
        throw cannotMeetTolerance('krylov', t0, t1 - t0, rtol, atol, `the particular solution (one solve with A) is known only to ${particularError[i].toExponential(2)} in state ${i}: A is too ill-conditioned for this tolerance`);
      }
    }
  };

  const refactor = (sigma: number) => {
    gamma = sigma / GAMMA_RATIO;
    if (shiftInvert) {
      stats.factorizations++;
      lu = shiftInvert(gamma);
    } else lu = problem.factorIteration(gamma, 0, w0);
  };

  return {
    name: 'krylov',
    integrate(t0, t1, z, sink) {
      // B u(t) = b0 + b1 (t − t0) + Σ g_k sin(ω_k t + φ_k) on the segment
      if (symmetric) {
        particular = particularSolver!.onSegment(t0);
        checkParticular(t0, t1);
      }
      else {
        forcing = segmentInputs(problem.inputs, lti.B, t0);
        tau = t1 - t0;
      }
      let t = t0;
      while (t < t1) {
        if (stats.steps >= settings.maxSteps) throw tooManySteps('krylov', t, settings.maxSteps);
        const remaining = t1 - t;
        let sigma = Math.min(remaining, trial, settings.dt ?? Infinity);
        if (lu === undefined || sigma / gamma < RATIO_LOW || sigma / gamma > RATIO_HIGH) refactor(sigma);

        if (symmetric) {
          // w = D (x̃ − x̃_p(t))
          particular!(t, xp);
          scaledDeparture(w0, d!, z, xp, order, n);
        } else {
          // ŵ = [x̃; 1; t − t0; cos, sin of each sine]
          const { sloped, harmonics } = forcing!;
          w0.set(z);
          w0[n] = 1;
          w0[n + 1] = sloped ? (t - t0) / tau : 0;
          harmonics.forEach((h, k) => {
            w0[n + 2 + 2 * k] = Math.cos(h.omega * t + h.phase);
            w0[n + 3 + 2 * k] = Math.sin(h.omega * t + h.phase);
          });
        }
        if (isZero(w0)) {
          // at the particular solution already: x̃ = x̃_p on the whole step
          const tNew = t1;
          stateAt(tNew, new Float64Array(0), z);
          stats.steps++;
          const tOld = t;
          sink(tOld, tNew, z, { evaluate: (tq, out, rows) => stateAt(tq, new Float64Array(0), out, rows) });
          t = tNew;
          continue;
        }
        basis.start(w0);
        referenceSigma = NaN;
        residualDimension = -1;
        residualMaxDimension = -1;
        raiseScale(scale, z, n);
        summariseAllowed(z);

        let converged = false;
        let jk: ProjectedExponential | undefined;
        let jkm1: ProjectedExponential | undefined;
        let error = Infinity;
        // the estimates at the two previous checks (hopeless(): a basis that will not converge is not grown further)
        let previous = Infinity;
        let beforePrevious = Infinity;
        for (;;) {
          const grew = basis.extend(applyZ);
          const k = basis.dimension;
          if (!grew && basis.invariant) {
            // exact: the space is invariant
            jk = project(k, sigma);
            converged = true;
            error = 0;
            break;
          }
          if (k >= MIN_DIMENSION && (k % CHECK_EVERY === 0 || k === maxDim)) {
            jk = project(k, sigma);
            jkm1 = project(k - 1, sigma);
            error = measure(t, z, jk, jkm1, sigma);
            if (error <= SAFETY) {
              converged = true;
              break;
            }
            if (lanczos && hopeless(error, previous, beforePrevious, maxDim - k)) break;
            beforePrevious = previous;
            previous = error;
          }
          if (k >= maxDim) break;
        }
        const k = jk!.dimension;
        if (converged && error > 0) {
          // longer steps from the same basis while the estimate allows
          while (sigma < remaining) {
            const longer = Math.min(remaining, 2 * sigma);
            if (measure(t, z, jk!, jkm1!, longer) > SAFETY) break;
            sigma = longer;
          }
          trial = k <= maxDim / 2 ? 2 * sigma : sigma;
        } else if (converged) {
          sigma = remaining;
          trial = Infinity;
        } else {
          // shorter steps on the same basis while σ/γ stays in the factorisation's range
          let admitted = false;
          while (sigma / 2 >= gamma * RATIO_LOW) {
            sigma /= 2;
            stats.rejectedSteps++;
            if (measure(t, z, jk!, jkm1!, sigma) <= SAFETY) {
              admitted = true;
              break;
            }
          }
          if (!admitted) {
            // a new γ and basis at half that length; none admitted: the tolerance is out of this method's reach
            stats.rejectedSteps++;
            trial = sigma / 2;
            if (trial <= 1e-14 * Math.max(Math.abs(t), span)) throw cannotMeetTolerance('krylov', t, trial, rtol, atol);
            continue;
          }
          trial = sigma;
        }

        // the state at t + σ and the dense output on [t, t + σ]
        const tNew = sigma === remaining ? t1 : t + sigma;
        if (tNew === measuredTime && k === measuredDimension) z.set(zEnd);
        else stateAt(tNew, jk!.at(tNew - t), z);
        if (!allFinite(z)) throw notFinite('krylov', tNew);
        raiseScale(scale, z, n);
        stats.steps++;
        const tOld = t;
        const projected = jk!;
        const dense: DenseOutput = projected.modes && symmetric ? modalDense(projected, tOld) : { evaluate: (tq, out, rows) => stateAt(tq, projected.at(tq - tOld), out, rows) };
        sink(tOld, tNew, z, dense);
        t = tNew;
      }
    },
  };
}

/**
 * A basis still failing is abandoned before the largest dimension when its estimate has decreased at the last two
 * checks and, extrapolated geometrically at the last rate over the checks left, stays above ABANDON_MARGIN·SAFETY:
 *   e_k (e_k / e_{k−3})^{(m − k)/3} > ABANDON_MARGIN·SAFETY,  e_k < e_{k−3} < e_{k−6}.
 * The estimate of a step that is too long stalls (it decreases by a percent per check on the RC ladder's first
 * step: 82 at k = 15, 78 at k = 40); growing the basis to the largest dimension then costs 40 solves and the
 * reorthogonalisations of a basis that has lost orthogonality, for nothing. Convergence that speeds up (the
 * superlinear phase of shift-and-invert Krylov) is covered by the margin; a rising estimate (a transient jump, seen
 * before convergence) never abandons. Only which step lengths are tried changes: every accepted step passes the
 * same test as before. Symmetric (Lanczos) mode only: on the oscillatory families of the accuracy matrix (augmented
 * form) abandoning shortened their steps (mass chain of 1000 states, ramp, rtol 1e-10: 353 → 595 steps, 0.50 → 1.06
 * of the bound), and their failed bases are rare.
 */
const ABANDON_MARGIN = 10;
function hopeless(error: number, previous: number, beforePrevious: number, left: number): boolean {
  if (!(error < previous && previous < beforePrevious) || !Number.isFinite(beforePrevious)) return false;
  const rate = error / previous;
  return error * rate ** (left / CHECK_EVERY) > ABANDON_MARGIN * SAFETY;
}

function squareRoots(v: Float64Array): Float64Array {
  const r = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) r[i] = Math.sqrt(v[i]);
  return r;
}

function norm(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

function isZero(v: Float64Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}

/**
 * out = c Σ_j y_j v_j over the first n entries, four vectors per pass over out (a quarter of its loads and stores).
 * Each pass over out is its own function (addFour, addOne) with nothing after its loop: V8 compiles a long loop by
 * on-stack replacement while its first call is still running, before the code after the loop has run, and Node
 * 20's V8 keeps entering that compiled loop and deoptimising at the unvisited code on every later call (85 times
 * per run on the 10⁴-section ladder; docs/design-choices.md, "The cold path").
 */
function combineVectors(vs: readonly Float64Array[], y: Float64Array, c: number, out: Float64Array, n: number): void {
  const k = y.length;
  out.fill(0, 0, n);
  let j = 0;
  for (; j + 4 <= k; j += 4) addFour(out, c * y[j], vs[j], c * y[j + 1], vs[j + 1], c * y[j + 2], vs[j + 2], c * y[j + 3], vs[j + 3], n);
  for (; j < k; j++) addOne(out, c * y[j], vs[j], n);
}

/**
 * out = c Σ_j y_j v_j and err = c Σ_j e_j v_j over the first n entries, four vectors per pass, each read once for
 * both sums: the sums and their order are those of combineVectors for each.
 */
function combinePair(vs: readonly Float64Array[], y: Float64Array, e: Float64Array, c: number, out: Float64Array, err: Float64Array, n: number): void {
  const k = y.length;
  out.fill(0, 0, n);
  err.fill(0, 0, n);
  let j = 0;
  for (; j + 4 <= k; j += 4) {
    addFourPair(out, c * y[j], c * y[j + 1], c * y[j + 2], c * y[j + 3], err, c * e[j], c * e[j + 1], c * e[j + 2], c * e[j + 3], vs[j], vs[j + 1], vs[j + 2], vs[j + 3], n);
  }
  for (; j < k; j++) {
    addOne(out, c * y[j], vs[j], n);
    addOne(err, c * e[j], vs[j], n);
  }
}

/** out += c0 v0 + … + c3 v3 and err += e0 v0 + … + e3 v3 over the first n entries. */
function addFourPair(out: Float64Array, c0: number, c1: number, c2: number, c3: number, err: Float64Array, e0: number, e1: number, e2: number, e3: number, v0: Float64Array, v1: Float64Array, v2: Float64Array, v3: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const a = v0[i];
    const b = v1[i];
    const c = v2[i];
    const d = v3[i];
    out[i] += c0 * a + c1 * b + c2 * c + c3 * d;
    err[i] += e0 * a + e1 * b + e2 * c + e3 * d;
  }
}

/**
 * Symmetric mode: x̃ = D⁻¹(β V y) + x̃_p and |error| = D⁻¹|β V δy| from the two sums in basis coordinates (in the
 * basis's order when `order` is set; `inBasis` may be `out` without it).
 */
function finishStateAndError(inBasis: Float64Array, errorBasis: Float64Array, d: Float64Array, xp: Float64Array, order: Int32Array | undefined, out: Float64Array, err: Float64Array, n: number): void {
  if (order) {
    for (let k = 0; k < n; k++) {
      const i = order[k];
      out[i] = inBasis[k] / d[i] + xp[i];
      err[i] = Math.abs(errorBasis[k]) / d[i];
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    out[i] = inBasis[i] / d[i] + xp[i];
    err[i] = Math.abs(errorBasis[i]) / d[i];
  }
}

/** out += c0 v0 + c1 v1 + c2 v2 + c3 v3 over the first n entries. */
function addFour(out: Float64Array, c0: number, v0: Float64Array, c1: number, v1: Float64Array, c2: number, v2: Float64Array, c3: number, v3: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] += c0 * v0[i] + c1 * v1[i] + c2 * v2[i] + c3 * v3[i];
}

/*
 * The O(n) passes of a step's start and end as kernels (scaledDeparture, raiseScale), for the reason given at
 * combineVectors: inline in integrate(), they followed the long loops V8 compiled by on-stack replacement.
 */

/** w_k = d_i (z_i − xp_i), i = order[k] (the basis's order), or i = k without one. */
function scaledDeparture(w: Float64Array, d: Float64Array, z: Float64Array, xp: Float64Array, order: Int32Array | undefined, n: number): void {
  if (order) {
    for (let k = 0; k < n; k++) {
      const i = order[k];
      w[k] = d[i] * (z[i] - xp[i]);
    }
    return;
  }
  for (let i = 0; i < n; i++) w[i] = d[i] * (z[i] - xp[i]);
}

/** scale_i ← max(scale_i, |z_i|). */
function raiseScale(scale: Float64Array, z: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) scale[i] = Math.max(scale[i], Math.abs(z[i]));
}

/** max_i e_i / (atol + rtol·max(scale_i, |z_i|, |zEnd_i|)): the step's error against its allowed error per component. */
function largestRatio(e: Float64Array, scale: Float64Array, z: Float64Array, zEnd: Float64Array, atol: number, rtol: number, n: number): number {
  let ratio = 0;
  for (let i = 0; i < n; i++) {
    const allowed = atol + rtol * Math.max(scale[i], Math.abs(z[i]), Math.abs(zEnd[i]));
    ratio = Math.max(ratio, e[i] / allowed);
  }
  return ratio;
}

/** out += c v over the first n entries. */
function addOne(out: Float64Array, c: number, v: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] += c * v[i];
}
