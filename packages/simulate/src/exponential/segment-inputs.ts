/**
 * The inputs of a breakpoint-free segment in the form the exponential solvers (krylov, chebyshev) integrate
 * exactly: every input is affine on the segment (constant, step, ramp, pwl) or a sine, so
 *
 *   B u(t) = b0 + b1 (t − t0) + Σ_k g_k sin(ω_k t + φ_k)
 *
 * with b0 = B (u_affine(t0) + sine offsets), b1 = B u_affine'(t0), g_k = B e_k · amplitude_k.
 */
import type { LinearOperator } from '../problem/linear-operator';
import type { InputVector } from '../problem/input-vector';
import type { Signal } from '../signals/signal';

/** Signal kinds that are affine between breakpoints. */
export const PIECEWISE_LINEAR_KINDS: readonly string[] = ['constant', 'step', 'ramp', 'pwl'];

export interface HarmonicForcing {
  /** The input's index in the model. */
  readonly input: number;
  /** g = B e_k · amplitude. */
  readonly column: Float64Array;
  readonly omega: number;
  readonly phase: number;
}

export interface SegmentInputs {
  readonly b0: Float64Array;
  readonly b1: Float64Array;
  /** b1 ≠ 0. */
  readonly sloped: boolean;
  readonly harmonics: readonly HarmonicForcing[];
}

/** Undefined when every signal is affine between breakpoints or a sine; else the first that is not. */
export function unsupportedSignal(signals: readonly Signal[]): Signal | undefined {
  return signals.find((s) => !PIECEWISE_LINEAR_KINDS.includes(s.kind) && s.harmonic === undefined);
}

export function segmentInputs(inputs: InputVector, B: LinearOperator, t0: number): SegmentInputs {
  const n = B.rows;
  const m = B.cols;
  const u = new Float64Array(m);
  const slope = new Float64Array(m);
  const harmonics: HarmonicForcing[] = [];
  inputs.signals.forEach((s, k) => {
    if (s.harmonic) {
      u[k] = s.harmonic.offset;
      if (s.harmonic.amplitude !== 0) {
        const unit = new Float64Array(m);
        unit[k] = s.harmonic.amplitude;
        harmonics.push({ input: k, column: B.mulVec(unit, new Float64Array(n)), omega: s.harmonic.omega, phase: s.harmonic.phase });
      }
    } else {
      u[k] = s.value(t0);
      slope[k] = s.derivative(t0);
    }
  });
  const b0 = B.mulVec(u, new Float64Array(n));
  const b1 = B.mulVec(slope, new Float64Array(n));
  return { b0, b1, sloped: slope.some((x) => x !== 0), harmonics };
}
