/** The model's input vector u(t) and u'(t), one Signal per input, in the model's input order. */
import type { Signal } from '../signals/signal';

export interface InputVector {
  readonly names: readonly string[];
  readonly signals: readonly Signal[];
  /** u(t), u'(t); with fromLeft, the left limits (the end of a segment that stops at a breakpoint). */
  evaluate(t: number, fromLeft: boolean, u: Float64Array, du: Float64Array): void;
  /** u(t) only (the right-hand side does not need u'). */
  values(t: number, fromLeft: boolean, u: Float64Array): void;
  /** The breakpoints of all signals strictly inside (t0, t1), ascending, without duplicates. */
  breakpointsIn(t0: number, t1: number): number[];
}

export function createInputVector(names: readonly string[], signals: readonly Signal[]): InputVector {
  return {
    names,
    signals,
    evaluate(t, fromLeft, u, du) {
      for (let k = 0; k < signals.length; k++) {
        u[k] = signals[k].value(t, fromLeft);
        du[k] = signals[k].derivative(t, fromLeft);
      }
    },
    values(t, fromLeft, u) {
      for (let k = 0; k < signals.length; k++) u[k] = signals[k].value(t, fromLeft);
    },
    breakpointsIn(t0, t1) {
      const all = new Set<number>();
      for (const s of signals) for (const b of s.breakpoints) if (b > t0 && b < t1) all.add(b);
      return Array.from(all).sort((a, b) => a - b);
    },
  };
}
