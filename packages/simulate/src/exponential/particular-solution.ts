/**
 * The particular solution of M x̃' = A x̃ + B u on a breakpoint-free segment (inputs affine or sines,
 * segment-inputs.ts), for M diagonal and A nonsingular:
 *
 *   x̃_p(t) = p0 + p1 (t − t0) + Σ_k (X_k^s sin(ω_k t + φ_k) + X_k^c cos(ω_k t + φ_k))
 *   A p1 = −b1,  A p0 = M p1 − b0,  (iω_k M − A)(X^s + i X^c) = g_k   (harmonic-response.ts)
 *
 * so that e = x̃ − x̃_p solves M e' = A e. One sparse (or dense) LU of A for the whole run, one 2n × 2n LU per
 * distinct sine. A singular A is a typed 'solver-failure'.
 *
 * The error of x̃_p enters every sample of the segment unchanged, and the Krylov step estimate does not see it (it
 * estimates the homogeneous part only). Each solve with A is therefore followed by one step of iterative
 * refinement, x ← x + A⁻¹(b − A x) (the residual in working precision: the refined x is accurate to ≈ cond(A)·ε·|x|
 * once cond(A)·ε < 1), and the size of that correction per component is kept as the error estimate of the
 * unrefined solution, an upper estimate of the refined one's (`error`). The sine part (harmonic-response.ts) is
 * not estimated: its 2n × 2n solve is of iωM − A, better conditioned than A for ω > 0.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OdeProblem, LinearSolve } from '../problem/ode-problem';
import type { HarmonicResponse } from './harmonic-response';
import { harmonicResponse } from './harmonic-response';
import { segmentInputs } from './segment-inputs';
import type { SymmetricPlan } from '../sparse/sparse-backend';
import { factorSparse, factorSymmetricDefinite } from '../sparse/sparse-backend';
import { factorDenseLU } from '@sysgraph/linalg';

/** x̃_p on one segment: out = x̃_p(t) (only the given rows when asked). */
export type ParticularSolution = (t: number, out: Float64Array, rows?: Int32Array) => void;

export interface ParticularSolver {
  /** Factorise A now; false when it is singular. */
  factorisable(): boolean;
  /** The particular solution on the segment starting at t0 (valid until the next call: its vectors are reused). */
  onSegment(t0: number): ParticularSolution;
  /**
   * out_i = the estimated error of x̃_p,i on the last segment over a duration τ: |δp0_i| + τ |δp1_i|, the last
   * refinement corrections (0 without an affine input).
   */
  error(tau: number, out: Float64Array): void;
}

export function singularA(solver: string): SysgraphError {
  return new SysgraphError('solver-failure', `solver ${solver}: A is singular (a free integrator or floating storage element)`, {
    field: 'solver',
    expected: 'a model with nonsingular A, or the krylov or stiff solver',
  });
}

/**
 * `symmetric`: the plan for a symmetric A (the Krylov solver's symmetric mode); −A, positive definite for passive
 * networks, then takes the banded Cholesky when its band is narrow (symmetricFactoriser).
 */
export function createParticularSolver(problem: OdeProblem, mass: Float64Array, solver: string, symmetric?: SymmetricPlan): ParticularSolver {
  const lti = problem.lti!;
  const n = problem.n;
  const stats = problem.stats;
  let luA: LinearSolve | undefined;
  const factor = () => {
    if (!luA) {
      stats.factorizations++;
      try {
        const csr = lti.A.csr;
        luA = csr ? (symmetric ? factorSymmetricDefinite(csr, -1, symmetric) : factorSparse(csr)) : factorDenseLU(lti.A.toDense(), 'state matrix A');
      } catch {
        throw singularA(solver);
      }
    }
    return luA;
  };
  const residual = new Float64Array(n);
  const correction = new Float64Array(n);
  /** out = A⁻¹ b refined once; delta = the correction (the estimated error of the unrefined solve). */
  const solveA = (b: Float64Array, out: Float64Array, delta: Float64Array) => {
    factor();
    stats.solves += 2;
    luA!.solve(b, out);
    for (let i = 0; i < n; i++) if (!Number.isFinite(out[i])) throw singularA(solver);
    // r = b − A x, x ← x + A⁻¹ r
    lti.A.mulVec(out, residual);
    for (let i = 0; i < n; i++) residual[i] = b[i] - residual[i];
    luA!.solve(residual, correction);
    for (let i = 0; i < n; i++) {
      delta[i] = Math.abs(correction[i]);
      out[i] += correction[i];
    }
  };
  const delta0 = new Float64Array(n);
  const delta1 = new Float64Array(n);
  const tmp = new Float64Array(n);
  const p0 = new Float64Array(n);
  const p1 = new Float64Array(n);
  const cache = new Map<number, HarmonicResponse>();
  /** One response per input (its sine and hence g are fixed over the run). */
  const harmonicFor = (input: number, omega: number, g: Float64Array): HarmonicResponse => {
    const key = input;
    let hit = cache.get(key);
    if (!hit) {
      stats.factorizations++;
      hit = harmonicResponse(lti.A, mass, omega, g);
      cache.set(key, hit);
    }
    return hit;
  };
  return {
    error(tau, out) {
      for (let i = 0; i < n; i++) out[i] = delta0[i] + Math.abs(tau) * delta1[i];
    },
    factorisable() {
      try {
        factor();
        return true;
      } catch {
        return false;
      }
    },
    onSegment(t0) {
      const forcing = segmentInputs(problem.inputs, lti.B, t0);
      // p0, p1 are reused by the next segment (callers hold one segment's solution at a time)
      p1.fill(0);
      p0.fill(0);
      delta0.fill(0);
      delta1.fill(0);
      for (let i = 0; i < n; i++) tmp[i] = -forcing.b1[i];
      if (forcing.sloped) solveA(tmp, p1, delta1);
      let nonzero = false;
      for (let i = 0; i < n; i++) {
        tmp[i] = mass[i] * p1[i] - forcing.b0[i];
        if (tmp[i] !== 0) nonzero = true;
      }
      if (nonzero) solveA(tmp, p0, delta0);
      const periodic = forcing.harmonics.map((h) => ({ h, x: harmonicFor(h.input, h.omega, h.column) }));
      const trig = periodic.map(() => ({ sn: 0, cs: 0 }));
      return (t, out, rows) => {
        const tau = t - t0;
        // affine inputs, every state (the Krylov solver's start and end of each step and every check): one kernel
        if (rows === undefined && periodic.length === 0) {
          affineAt(p0, p1, tau, out, n);
          return;
        }
        periodic.forEach(({ h }, k) => {
          trig[k].sn = Math.sin(h.omega * t + h.phase);
          trig[k].cs = Math.cos(h.omega * t + h.phase);
        });
        const count = rows ? rows.length : n;
        for (let r = 0; r < count; r++) {
          const i = rows ? rows[r] : r;
          let x = p0[i] + p1[i] * tau;
          for (let k = 0; k < periodic.length; k++) x += periodic[k].x.sinPart[i] * trig[k].sn + periodic[k].x.cosPart[i] * trig[k].cs;
          out[i] = x;
        }
      };
    },
  };
}

/** out = p0 + τ·p1 over the first n entries. */
function affineAt(p0: Float64Array, p1: Float64Array, tau: number, out: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] = p0[i] + p1[i] * tau;
}
