/**
 * Signal: one input's time function with its exact derivative and its breakpoints.
 *
 * Values are right-continuous: at a breakpoint tb, value(tb) is the value after the change and
 * value(tb, true) the left limit u(tb⁻). The same holds for derivative(). Solvers integrate between
 * breakpoints and evaluate the end of a segment from the left, so no step ever straddles a jump.
 */
export interface Signal {
  /** Short name of the shape: 'constant', 'step', 'ramp', 'sine', 'pwl' or 'expression'. */
  readonly kind: SignalKind;
  /** u(t); with fromLeft, the left limit u(t⁻). */
  value(t: number, fromLeft?: boolean): number;
  /** u'(t), exact; with fromLeft, the left derivative. At a step both sides are 0. */
  derivative(t: number, fromLeft?: boolean): number;
  /** Times where u or u' is discontinuous, ascending. */
  readonly breakpoints: readonly number[];
  /** The text syntax that parses back to this signal, e.g. "step(1, 0.5)". */
  readonly text: string;
  /** For a sine: u = offset + amplitude·sin(omega·t + phase) (the exponential solvers treat it exactly). */
  readonly harmonic?: Harmonic;
}

export interface Harmonic {
  readonly offset: number;
  readonly amplitude: number;
  /** rad/s */
  readonly omega: number;
  readonly phase: number;
}

export type SignalKind = 'constant' | 'step' | 'ramp' | 'sine' | 'pwl' | 'expression';

/** Printable form: the signal's text syntax. */
export function formatSignal(signal: Signal): string {
  return signal.text;
}

/** Numbers printed so that parsing them back gives the same double. */
export function formatNumber(x: number): string {
  return String(x);
}
