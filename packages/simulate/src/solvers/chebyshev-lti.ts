/**
 * Chebyshev propagation of M x̃' = A x̃ + B u (M diagonal, positive) for inputs affine between breakpoints: the
 * exponential of an oscillatory, lightly damped network (LC lines, resonators) by its Chebyshev–Bessel series
 * (Tal-Ezer & Kosloff, J. Chem. Phys. 81, 1984), exact up to the series' truncation at every step length.
 *
 * On a segment B u = b0 + b1 τ + Σ g_k sin(ω_k t + φ_k) (segment-inputs.ts): the particular solution
 * x̃_p = p0 + p1 τ + Σ periodic parts (A p1 = −b1, A p0 = M p1 − b0: one LU of A; harmonic-response.ts) leaves
 * e = x̃ − x̃_p with M e' = A e. Scaled, w = D e (M = D²), w' = J̃ w (scaled-operator.ts), whose
 * spectrum lies in the rectangle [c − h, c + h] × [−f, f]. With Ω = (J̃ − cI)/f and the Jacobi–Anger expansion
 * e^{ixζ} = Σ (2 − δ_k0) i^k J_k(x) T_k(ζ) at ζ = −iΩ:
 *
 *   e^{σJ̃} w = e^{σc} Σ_k (2 − δ_k0) J_k(σf) P_k w,   P_0 = I, P_1 = Ω, P_{k+1} = 2Ω P_k + P_{k−1}
 *
 * (P_k = i^k T_k(−iΩ): real). The coefficients vanish super-exponentially once k > σf; the sum stops when two
 * consecutive terms are below a twentieth of atol·√n + rtol·‖x̃‖ (in x̃ units). Steps end at the breakpoints and
 * where σf reaches 1000; the output samples inside a step come from the same recurrence (the P_k w do not depend on
 * σ: one more axpy per term and sample, over the recorded rows only when simulate() passes them), other times by a
 * new series from the step's start. Cost: about σf + 40 products with J̃ per step, no factorisation
 * beyond the LU of A; no step-size restriction from stiffness in the imaginary direction, but h (the real spread)
 * enters through ρ^k growth, so strongly damped (stiff) networks belong to the Krylov method. The rounding error of
 * the sum is about ε times its largest term (sampled every fourth term); when that exceeds the tolerance the
 * solver stops with a typed 'solver-failure' (field rtol) instead of returning the cancelled sum.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OdeProblem } from '../problem/ode-problem';
import type { Solver, SolverSettings, DenseOutput } from './solver';
import type { ScaledOperator } from '../chebyshev/scaled-operator';
import { scaledMulVec, scaledOperator } from '../chebyshev/scaled-operator';
import { chebyshevRequirement } from '../chebyshev/applicability';
import { besselJ } from '../chebyshev/bessel-coefficients';
import { createParticularSolver } from '../exponential/particular-solution';
import { allFinite, cannotMeetTolerance, notFinite, tooManySteps } from './solver-failure';

/** Largest σ·f per step (terms per step ≈ σf + 40). */
export const CHEBYSHEV_MAX_PHASE = 1000;

export function createChebyshev(problem: OdeProblem, settings: SolverSettings): Solver {
  const requirement = chebyshevRequirement(problem);
  if (!requirement.met) {
    throw new SysgraphError('bad-option', `solver chebyshev needs ${requirement.missing}`, {
      field: 'solver',
      expected: `${requirement.missing}, or another solver (krylov, stiff)`,
    });
  }
  const op = scaledOperator(problem.lti!.A, requirement.mass);
  return chebyshevSolver(problem, settings, op, requirement.mass);
}

function chebyshevSolver(problem: OdeProblem, settings: SolverSettings, op: ScaledOperator, mass: Float64Array): Solver {
  const lti = problem.lti!;
  const n = problem.n;
  const { d } = op;
  const stats = problem.stats;
  const centre = (op.reMin + op.reMax) / 2;
  const spread = (op.reMax - op.reMin) / 2;
  const f = Math.max(op.imMax, spread, 1e-12 * Math.abs(centre), Number.MIN_VALUE);
  // ellipse with foci ±1 holding the ζ-rectangle [−1, 1] × [−h/f, h/f]: growth of P_k up to ρ^k
  const rho = spread / f + Math.sqrt(1 + (spread / f) ** 2);

  const particularSolver = createParticularSolver(problem, mass, 'chebyshev');
  let pk = new Float64Array(n);
  let pkm1 = new Float64Array(n);
  let pkp1 = new Float64Array(n);

  const normX = (v: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const y = v[i] / d[i];
      s += y * y;
    }
    return Math.sqrt(s);
  };

  /**
   * outs[j] = e^{σ_j J̃} w for every σ_j ≥ 0 of one recurrence (scaled coordinates; tolAbs in x̃ units): the P_k w do
   * not depend on σ, so the outputs inside a step cost one extra axpy per term each.
   */
  const hint = settings.outputRows;
  const hinted = new Uint8Array(n);
  if (hint) for (const i of hint) hinted[i] = 1;
  /** Outputs after the first are formed only at the hinted rows when there is a hint. */
  const propagate = (w: Float64Array, sigmas: readonly number[], tolAbs: number, outs: readonly Float64Array[], t: number) => {
    const count = sigmas.length;
    const few = hint;
    const xs = sigmas.map((s) => s * f);
    const xMax = Math.max(...xs);
    const cap = Math.ceil(1.3 * xMax * rho + 60);
    const Js = xs.map((x) => besselJ(x, cap));
    const damps = sigmas.map((s) => Math.exp(s * centre));
    const dampMax = Math.max(...damps);
    const { rowPtr, colIdx, values } = op;
    const scale = 2 / f;
    const shift = (2 * centre) / f;
    // P_1 = Ω w = (J̃ w − c w)/f; out_j = J_0(x_j) w
    for (let i = 0; i < n; i++) {
      let acc = 0;
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) acc += values[p] * w[colIdx[p]];
      pk[i] = (acc - centre * w[i]) / f;
      pkm1[i] = w[i];
    }
    for (let j = 0; j < count; j++) {
      const o = outs[j];
      const c = Js[j][0];
      if (j > 0 && few) for (const i of few) o[i] = c * w[i];
      else for (let i = 0; i < n; i++) o[i] = c * w[i];
    }
    stats.functionEvaluations++;
    let small = 0;
    // the largest term, sampled every 4 terms: rounding in the sum is about ε times it
    let largest = 0;
    const coef = new Float64Array(count);
    for (let k = 1; k <= cap; k++) {
      let cMax = 0;
      for (let j = 0; j < count; j++) {
        coef[j] = 2 * Js[j][k];
        cMax = Math.max(cMax, Math.abs(coef[j]));
      }
      // local copies: the hot loop must not read captured, reassigned variables
      const P = pk;
      const Pm = pkm1;
      const Pn = pkp1;
      const o0 = outs[0];
      const c0 = coef[0];
      // outputs other than the step's end
      for (let j = 1; j < count; j++) {
        const o = outs[j];
        const c = coef[j];
        if (c === 0) continue;
        if (few) for (let r = 0; r < few.length; r++) o[few[r]] += c * P[few[r]];
        else for (let i = 0; i < n; i++) o[i] += c * P[i];
      }
      if (k === cap) {
        for (let i = 0; i < n; i++) o0[i] += c0 * P[i];
        break;
      }
      // fused: out_0 += c P_k and P_{k+1} = 2Ω P_k + P_{k−1} = (2/f)(J̃ P_k) − (2c/f) P_k + P_{k−1}
      for (let i = 0; i < n; i++) {
        const v = P[i];
        o0[i] += c0 * v;
        let acc = 0;
        const end = rowPtr[i + 1];
        for (let p = rowPtr[i]; p < end; p++) acc += values[p] * P[colIdx[p]];
        Pn[i] = scale * acc - shift * v + Pm[i];
      }
      stats.functionEvaluations++;
      if (k % 4 === 1) largest = Math.max(largest, cMax * dampMax * normX(pk));
      if (k > xMax * rho) {
        small = cMax * dampMax * normX(pk) <= tolAbs / 20 ? small + 1 : 0;
        if (small >= 2) break;
      }
      const t = pkm1;
      pkm1 = pk;
      pk = pkp1;
      pkp1 = t;
    }
    // a damped (stiff) spectrum makes the P_k grow like ρ^k while e^{σc} shrinks the sum: when the rounding of the
    // largest term exceeds the tolerance, the series cannot deliver it (a typed refusal, auto falls back)
    if (!(Number.EPSILON * largest <= tolAbs)) {
      const why = `rounding in its series, ε × the largest term ${Number.isFinite(largest) ? largest.toPrecision(3) : "(overflowing)"}, exceeds the tolerance: the spectrum is too damped for it (use krylov or stiff)`;
      throw cannotMeetTolerance('chebyshev', t, sigmas[0], settings.rtol, settings.atol, why);
    }
    for (let j = 0; j < count; j++) {
      const o = outs[j];
      if (j > 0 && few) for (const i of few) o[i] *= damps[j];
      else for (let i = 0; i < n; i++) o[i] *= damps[j];
    }
  };

  const sampleTimes: number[] = [];
  if (settings.samples !== undefined) {
    const span = settings.tEnd - settings.tStart;
    for (let k = 0; k < settings.samples; k++) {
      sampleTimes.push(k === settings.samples - 1 ? settings.tEnd : settings.tStart + (span * k) / (settings.samples - 1));
    }
  }
  const maxStep = Math.min(CHEBYSHEV_MAX_PHASE / f, settings.dt ?? Infinity);

  return {
    name: 'chebyshev',
    integrate(t0, t1, z, sink) {
      // x̃_p on the segment (particular-solution.ts)
      const particular = particularSolver.onSegment(t0);
      const xp = new Float64Array(n);

      const w = new Float64Array(n);
      const wNew = new Float64Array(n);
      let t = t0;
      let sample = 0;
      while (t < t1) {
        if (stats.steps >= settings.maxSteps) throw tooManySteps('chebyshev', t, settings.maxSteps);
        const tNew = Math.min(t1, t + maxStep);
        // the output samples inside (t, tNew): evaluated by the same recurrence (dense output)
        while (sample < sampleTimes.length && sampleTimes[sample] <= t) sample++;
        const inside: number[] = [];
        for (let k = sample; k < sampleTimes.length && sampleTimes[k] < tNew; k++) inside.push(sampleTimes[k]);
        // w = D (x̃ − x̃_p(t))
        particular(t, xp);
        let zNorm = 0;
        for (let i = 0; i < n; i++) {
          w[i] = d[i] * (z[i] - xp[i]);
          zNorm += z[i] * z[i];
        }
        // x̃(t) = x̃_p(t) + e^{J̃(t−t0)}(x̃(t0) − x̃_p(t0)): at rest on its particular solution (before a delayed step,
        // say), the state follows x̃_p to the segment's end exactly, in one step, whatever the spectrum's width
        if (w.every((v) => v === 0)) {
          const tEndSeg = t1;
          particular(tEndSeg, xp);
          z.set(xp);
          stats.steps++;
          const restDense: DenseOutput = {
            evaluate(tq, out, rows) {
              const part = new Float64Array(n);
              particular(tq, part);
              if (rows) for (const i of rows) out[i] = part[i];
              else out.set(part);
            },
          };
          sink(t, tEndSeg, z, restDense);
          t = tEndSeg;
          continue;
        }
        const tolAbs = settings.atol * Math.sqrt(n) + settings.rtol * Math.sqrt(zNorm);
        const insideW = inside.map(() => new Float64Array(n));
        propagate(w, [tNew - t, ...inside.map((ts) => ts - t)], tolAbs, [wNew, ...insideW], t);
        particular(tNew, xp);
        for (let i = 0; i < n; i++) z[i] = wNew[i] / d[i] + xp[i];
        if (!allFinite(z)) throw notFinite('chebyshev', tNew);
        stats.steps++;
        const tOld = t;
        const wStart = Float64Array.from(w);
        const dense: DenseOutput = {
          evaluate(tq, out, rows) {
            // precomputed samples hold the hinted rows only (all rows without a hint)
            const covered = !hint || (rows !== undefined && rows.every((i) => hinted[i] === 1));
            const at = covered ? inside.indexOf(tq) : -1;
            const scaled = at >= 0 ? insideW[at] : new Float64Array(n);
            if (at < 0) propagate(wStart, [tq - tOld], tolAbs, [scaled], tOld);
            const part = new Float64Array(n);
            particular(tq, part, at >= 0 ? rows : undefined);
            if (at >= 0 && rows) for (const i of rows) out[i] = scaled[i] / d[i] + part[i];
            else for (let i = 0; i < n; i++) out[i] = scaled[i] / d[i] + part[i];
          },
        };
        sink(tOld, tNew, z, dense);
        t = tNew;
      }
    },
  };
}
