/**
 * solver 'auto': an LTI model with n ≤ 120 states → the exact method. A larger LTI model whose inputs are affine
 * between breakpoints or sines → an exponential solver (chooseExponential below); the exact method's dense Padé
 * exponential costs O(n³) per step size (0.4 s at n = 100, minutes at n = 1000). Otherwise estimate stiffness from the
 * Jacobian J (M⁻¹A for a linear model, ∂f/∂x at the initial point otherwise) over the span T:
 *   nonlinear, n > 50, J given sparse (CSR) by the model: 'stiff' whatever the initial state says (stiffness of a
 *     nonlinear network develops along the trajectory: diodes switching on); the reason quotes the Gershgorin bound
 *     ρ = max_i (−J_ii + Σ_{j≠i} |J_ij|) ≥ max(−Re λ)   (every λ lies in a disc |λ − J_ii| ≤ Σ_{j≠i} |J_ij|), O(nnz);
 *   n ≤ 200 otherwise: eigenvalues λ of the dense J (one-sided differences of f for a nonlinear model);
 *     S = max(−Re λ) · T   (oscillatory modes, Re λ ≈ 0, do not count)
 *   n > 200 otherwise: S = ρ̂ · T, ρ̂ = a Gershgorin bound of ‖A‖ (M = I) or 30 power iterations on J v by
 *     directional differences (no n×n matrix is formed for n > 200)
 * S estimates how many step lengths an explicit method's stability region would impose (about S/3.3 for
 * dopri5) regardless of how slowly the solution itself varies: S > 1000 → 'stiff', else 'dopri5'. A nonlinear
 * model's dopri5 chosen here runs with its stiffness test, and simulate() hands over to 'stiff' where it fires
 * (solvers/stiffness-detected.ts: stiffness the trajectory develops, invisible at the initial state).
 * (A ratio of fastest to slowest eigenvalue misses stiffness driven by slow inputs, e.g. x' = λ(x − cos t).)
 * When the exponential solver chosen here refuses with a 'solver-failure' (its error estimate cannot meet the
 * tolerance, or its series would round away the result), simulate() runs the model again with 'stiff' and appends
 * the reason to solverReason: Rodas4 with the sparse LU is L-stable, controls its error per component and takes any
 * linear model and any input.
 */
import type { OdeProblem } from './problem/ode-problem';
import type { SolverName } from './solvers/solver';
import type { CsrMatrix, DenseMatrix } from '@sysgraph/linalg';
import { eigenvalues, factorDenseLU } from '@sysgraph/linalg';
import { SysgraphError } from '@sysgraph/core';
import { denseDifference, isFailure } from './problem/difference-jacobian';
import { unsupportedSignal } from './exponential/segment-inputs';
import { chebyshevApplicability } from './chebyshev/applicability';

export interface SolverChoice {
  readonly solver: SolverName;
  readonly reason: string;
}

export const EXACT_MAX_STATES = 120;
export const EIGEN_MAX_STATES = 200;
export const STIFFNESS_THRESHOLD = 1000;
/** Above this many states a nonlinear model with a sparse Jacobian is judged by Gershgorin discs, not eigenvalues. */
export const NONLINEAR_EIGEN_MAX_STATES = 50;

export function chooseSolver(problem: OdeProblem, z0: Float64Array, tStart: number, tEnd: number): SolverChoice {
  const n = problem.n;
  const span = tEnd - tStart;
  if (problem.linear && n <= EXACT_MAX_STATES) {
    return { solver: 'exact', reason: `linear time-invariant model with ${n} ≤ ${EXACT_MAX_STATES} states: exact discretisation` };
  }
  const exponential = problem.lti && n > 0 ? chooseExponential(problem, span) : undefined;
  if (exponential) return exponential;
  if (n === 0) return { solver: 'dopri5', reason: 'no states' };
  let ratio: number;
  let how: string;
  const sparseJ = !problem.linear && n > NONLINEAR_EIGEN_MAX_STATES ? problem.sparseJacobian?.(tStart, z0) : undefined;
  if (sparseJ) {
    // A nonlinear network's stiffness is a property of the trajectory, not of its start: a diode at rest conducts
    // 1e-11 S and 0.1 S when on, so the initial discs understate it by ten orders of magnitude. With a sparse J the
    // stiff solver's step costs O(nnz) plus a numeric refactorisation, so it is chosen whatever the start says.
    const rho = gershgorinDecay(sparseJ);
    return {
      solver: 'stiff',
      reason: `nonlinear model with ${n} states (more than ${NONLINEAR_EIGEN_MAX_STATES}) and a sparse ∂f/∂x: the sparse stiff solver, since stiffness may develop along the trajectory (Gershgorin bound on the decay rates at the initial state ${rho.toPrecision(3)} /s, times the span ${span.toPrecision(3)} s = ${(rho * span).toPrecision(3)})`,
    };
  } else if (n <= EIGEN_MAX_STATES) {
    const jac = jacobianDense(problem, z0, tStart);
    if (!jac) {
      return { solver: 'dopri5', reason: `nonlinear model with ${n} states; f is not finite on either side of the initial state, so no Jacobian: dopri5 (needs none)` };
    }
    const decay = fastestDecayRate(jac);
    ratio = decay.rate * span;
    how = `${decay.how}: fastest decay rate ${decay.rate.toPrecision(3)} /s over the span ${span.toPrecision(3)} s`;
  } else {
    const rho = spectralBound(problem, z0, tStart);
    ratio = rho * span;
    how = `bound on the spectral radius ${rho.toPrecision(3)} /s times the span ${span.toPrecision(3)} s`;
  }
  const stiff = ratio > STIFFNESS_THRESHOLD;
  return {
    solver: stiff ? 'stiff' : 'dopri5',
    reason: `${problem.linear ? 'linear model' : 'nonlinear model'} with ${n} states; stiffness ${ratio.toPrecision(3)} ${stiff ? '>' : '≤'} ${STIFFNESS_THRESHOLD} (${how})`,
  };
}

/**
 * Large LTI models with inputs affine between breakpoints or sines: the exponential solvers. Chebyshev where its
 * applicability check holds (chebyshev/applicability.ts: M diagonal, the spectrum's rectangle oscillation-dominated,
 * the series affordable); else shift-and-invert Krylov, which is indifferent to stiffness.
 */
function chooseExponential(problem: OdeProblem, span: number): SolverChoice | undefined {
  const unsupported = unsupportedSignal(problem.inputs.signals);
  if (unsupported) return undefined;
  const n = problem.n;
  const chebyshev = chebyshevApplicability(problem, span);
  if (chebyshev.applies) {
    const { op, spread, terms } = chebyshev;
    return {
      solver: 'chebyshev',
      reason: `linear time-invariant model with ${n} states, oscillation-dominated (|Im λ| ≤ ${op.imMax.toPrecision(3)}, Re λ spread ${(2 * spread).toPrecision(3)}), inputs affine or sines: Chebyshev exponential series (≈ ${Math.ceil(terms)} products)`,
    };
  }
  return {
    solver: 'krylov',
    reason: `linear time-invariant model with ${n} > ${EXACT_MAX_STATES} states, inputs affine between breakpoints or sines: shift-and-invert Krylov exponential`,
  };
}

/**
 * max(−Re λ) of the dense J by the capped Hessenberg QR of @sysgraph/linalg (at most 30·max(10, n) iterations).
 * ml-matrix's EigenvalueDecomposition was used here and dropped: its hqr2 has no iteration cap and looped forever
 * on Jacobians with entries spread over 1e±300 (fuzz netlist 3837, description 24768: a 1e-300 resistor beside a
 * 1e300 capacitor). Where J is not finite or the QR iteration does not converge, the Gershgorin bound
 * ρ = max_i (−J_ii + Σ_{j≠i} |J_ij|) ≥ max(−Re λ) stands in (Infinity when an entry is not finite: 'stiff').
 */
function fastestDecayRate(jac: DenseMatrix): { rate: number; how: string } {
  if (jac.data.every(Number.isFinite)) {
    try {
      const { re } = eigenvalues(toRows(jac));
      let rate = 0;
      for (let k = 0; k < re.length; k++) rate = Math.max(rate, -re[k]);
      return { rate, how: 'eigenvalues' };
    } catch (e) {
      if (!(e instanceof SysgraphError)) throw e;
    }
  }
  let rate = 0;
  for (let i = 0; i < jac.rows; i++) {
    let reach = -jac.data[i * jac.cols + i];
    for (let j = 0; j < jac.cols; j++) if (j !== i) reach += Math.abs(jac.data[i * jac.cols + j]);
    if (!(reach <= Number.MAX_VALUE)) return { rate: Infinity, how: 'Gershgorin bound (a Jacobian entry is not finite)' };
    rate = Math.max(rate, reach);
  }
  return { rate, how: 'Gershgorin bound (the eigenvalue iteration did not converge)' };
}

function toRows(a: DenseMatrix): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < a.rows; i++) rows.push(Array.from(a.data.subarray(i * a.cols, (i + 1) * a.cols)));
  return rows;
}

/**
 * J = M⁻¹A (linear) or one-sided differences of z' that stay where f is finite (nonlinear), dense: only for
 * n ≤ EIGEN_MAX_STATES; undefined when f is not finite at z0 or on either side of some state.
 */
function jacobianDense(problem: OdeProblem, z0: Float64Array, t: number): DenseMatrix | undefined {
  if (problem.lti) {
    const a = problem.lti.A.toDense();
    return problem.lti.M ? factorDenseLU(problem.lti.M.toDense(), 'mass matrix M').solveMatrix(a) : a;
  }
  const f0 = new Float64Array(problem.n);
  problem.derivative(t, z0, f0);
  if (!f0.every(Number.isFinite)) return undefined;
  const jac = denseDifference((tt, z, out) => problem.derivative(tt, z, out), t, Float64Array.from(z0), f0);
  return isFailure(jac) ? undefined : jac;
}

/** ρ = max_i (−J_ii + Σ_{j≠i} |J_ij|), at least 0: no eigenvalue of J has −Re λ > ρ. */
export function gershgorinDecay(j: CsrMatrix): number {
  let rho = 0;
  for (let i = 0; i < j.rows; i++) {
    let centre = 0;
    let radius = 0;
    for (let p = j.rowPtr[i]; p < j.rowPtr[i + 1]; p++) {
      if (j.colIdx[p] === i) centre = j.values[p];
      else radius += Math.abs(j.values[p]);
    }
    const reach = -centre + radius;
    if (!Number.isFinite(reach)) return Infinity;
    if (reach > rho) rho = reach;
  }
  return rho;
}

/** Gershgorin max_i Σ_j |a_ij| when M = I, else |λ_max| by power iteration on J v (directional differences). */
function spectralBound(problem: OdeProblem, z0: Float64Array, t: number): number {
  const n = problem.n;
  const lti = problem.lti;
  if (lti && !lti.M && lti.A.csr) {
    const { rowPtr, values, rows } = lti.A.csr;
    let bound = 0;
    for (let i = 0; i < rows; i++) {
      let s = 0;
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) s += Math.abs(values[p]);
      bound = Math.max(bound, s);
    }
    return bound;
  }
  // power iteration from a fixed, deterministic start vector
  let v = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = 1 + ((i * 7919) % 13) / 13;
  const f0 = new Float64Array(n);
  const f1 = new Float64Array(n);
  const zp = new Float64Array(n);
  problem.derivative(t, z0, f0);
  const scale = Math.max(1, Math.sqrt(z0.reduce((s, x) => s + x * x, 0))) * 1e-7;
  let lambda = 0;
  for (let it = 0; it < 30; it++) {
    const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
    for (let i = 0; i < n; i++) zp[i] = z0[i] + (scale * v[i]) / norm;
    problem.derivative(t, zp, f1);
    const w = new Float64Array(n);
    for (let i = 0; i < n; i++) w[i] = (f1[i] - f0[i]) / scale; // J (v/‖v‖)
    lambda = Math.sqrt(w.reduce((s, x) => s + x * x, 0));
    if (lambda === 0) break;
    v = w;
  }
  return lambda;
}
