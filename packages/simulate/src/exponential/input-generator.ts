/**
 * The inputs of a breakpoint-free segment as the state of an autonomous linear system, so that one block matrix
 * exponential integrates M x̃' = A x̃ + B u exactly (Van Loan, IEEE TAC 23(3), 1978). On a step [t, t + h]:
 *
 *   affine inputs (constant, step, ramp, pwl):  u_k(t + s) = u_k(t) + u_k'(t)·s             (exact)
 *   sines:  u_k(t + s) = offset_k + amplitude_k·σ_k(s),  σ' = ω γ, γ' = −ω σ,
 *           σ(0) = sin(ω t + φ), γ(0) = cos(ω t + φ)                                        (exact)
 *   expressions of t:  the cubic Hermite polynomial through u, u' at both ends of the step, or the first-order
 *           hold through u at both ends (`hold: 'linear'`)                                  (approximate)
 *
 * The augmented state is w = [x̃; p; p'; (p''; p''';) σ_1; γ_1; …] with p the input polynomial (one entry per
 * input) and (σ_j, γ_j) one oscillator per sine of nonzero amplitude:
 *
 *   w' = G w,  G = [[Ã, B̃, 0, …, B̃ e_k a_k, 0],   (Ã = M⁻¹A, B̃ = M⁻¹B)
 *                   [0, 0, I, …],                  chain p → p' → p'' → p'''
 *                   …,
 *                   [0, …, [[0, ω], [−ω, 0]]]]     one oscillator per sine
 *
 * and x̃(t + h) = [exp(hG)]_{first block row} · w(t).
 */
import type { Signal } from '../signals/signal';
import type { DenseMatrix } from '@sysgraph/linalg';
import { denseSetBlock, denseZeros } from '@sysgraph/linalg';
import { PIECEWISE_LINEAR_KINDS } from './segment-inputs';

/** How an input enters the generator. */
export type InputForm = 'affine' | 'harmonic' | 'approximate';

export interface InputGenerator {
  /** Entries of w after x̃. */
  readonly extra: number;
  /** Some input is an expression of t, integrated through a polynomial hold (not exactly). */
  readonly approximate: boolean;
  /** The form of each input, in the model's order. */
  readonly forms: readonly InputForm[];
  /** h·G for the step length h. */
  generator(h: number): DenseMatrix;
  /**
   * w(t) after x̃ into w[n …] for the step [t, t + h]; `endFromLeft`: the step ends at a breakpoint, the
   * expression's end values are its left limits.
   */
  fill(t: number, h: number, endFromLeft: boolean, w: Float64Array): void;
}

export function inputForm(signal: Signal): InputForm {
  if (PIECEWISE_LINEAR_KINDS.includes(signal.kind)) return 'affine';
  if (signal.harmonic) return 'harmonic';
  return 'approximate';
}

/** `a` = Ã (n × n), `b` = B̃ (n × m), dense. */
export function createInputGenerator(
  signals: readonly Signal[],
  a: DenseMatrix,
  b: DenseMatrix,
  hold: 'cubic' | 'linear',
): InputGenerator {
  const n = a.rows;
  const m = signals.length;
  const forms = signals.map(inputForm);
  const approximate = forms.includes('approximate');
  // p and p' suffice for affine inputs and the first-order hold; the cubic hold needs p'' and p''' too
  const blocks = approximate && hold === 'cubic' ? 4 : 2;
  const sines = signals
    .map((s, k) => ({ k, h: s.harmonic }))
    .filter((e) => forms[e.k] === 'harmonic' && e.h!.amplitude !== 0)
    .map((e) => ({ input: e.k, ...e.h! }));
  const oscillators = n + blocks * m;
  const extra = blocks * m + 2 * sines.length;
  const size = n + extra;
  const value = new Float64Array(2);

  return {
    extra,
    approximate,
    forms,
    generator(h) {
      const g = denseZeros(size, size);
      denseSetBlock(g, 0, 0, a, h);
      denseSetBlock(g, 0, n, b, h);
      for (let blk = 0; blk + 1 < blocks; blk++) for (let i = 0; i < m; i++) g.data[(n + blk * m + i) * size + n + (blk + 1) * m + i] = h;
      sines.forEach((s, j) => {
        const sigma = oscillators + 2 * j;
        // x̃' += B̃ e_k · amplitude · σ
        for (let i = 0; i < n; i++) g.data[i * size + sigma] = h * s.amplitude * b.data[i * m + s.input];
        // σ' = ω γ, γ' = −ω σ
        g.data[sigma * size + sigma + 1] = h * s.omega;
        g.data[(sigma + 1) * size + sigma] = -h * s.omega;
      });
      return g;
    },
    fill(t, h, endFromLeft, w) {
      w.fill(0, n);
      for (let k = 0; k < m; k++) {
        const s = signals[k];
        if (forms[k] === 'affine') {
          w[n + k] = s.value(t);
          w[n + m + k] = s.derivative(t);
        } else if (forms[k] === 'harmonic') {
          w[n + k] = s.harmonic!.offset;
        } else {
          hermiteCoefficients(s, t, h, endFromLeft, blocks === 4, value);
          const u0 = s.value(t);
          w[n + k] = u0;
          if (blocks === 4) {
            // p(s) = u0 + u0' s + c2 s² + c3 s³:  p(0) = u0, p'(0) = u0', p''(0) = 2 c2, p'''(0) = 6 c3
            w[n + m + k] = s.derivative(t);
            w[n + 2 * m + k] = 2 * value[0];
            w[n + 3 * m + k] = 6 * value[1];
          } else w[n + m + k] = value[0];
        }
      }
      sines.forEach((s, j) => {
        w[oscillators + 2 * j] = Math.sin(s.omega * t + s.phase);
        w[oscillators + 2 * j + 1] = Math.cos(s.omega * t + s.phase);
      });
    },
  };
}

/**
 * The hold polynomial of an expression on [t, t + h]: cubic p(s) = u0 + u0' s + c2 s² + c3 s³ through (u0, u0')
 * and (u1, u1'), out = [c2, c3]; linear p(s) = u0 + (u1 − u0) s / h, out = [(u1 − u0)/h, 0].
 */
export function hermiteCoefficients(signal: Signal, t: number, h: number, endFromLeft: boolean, cubic: boolean, out: Float64Array): void {
  const u0 = signal.value(t);
  const u1 = signal.value(t + h, endFromLeft);
  const chord = (u1 - u0) / h;
  if (!cubic) {
    out[0] = chord;
    out[1] = 0;
    return;
  }
  const du0 = signal.derivative(t);
  const du1 = signal.derivative(t + h, endFromLeft);
  out[0] = (3 * chord - 2 * du0 - du1) / h;
  out[1] = (du0 + du1 - 2 * chord) / (h * h);
}

/** The hold polynomial's value at t + s (for the resolution check of the step control). */
export function holdValue(signal: Signal, t: number, h: number, endFromLeft: boolean, cubic: boolean, s: number, scratch: Float64Array): number {
  hermiteCoefficients(signal, t, h, endFromLeft, cubic, scratch);
  const u0 = signal.value(t);
  if (!cubic) return u0 + scratch[0] * s;
  return u0 + signal.derivative(t) * s + scratch[0] * s * s + scratch[1] * s * s * s;
}
