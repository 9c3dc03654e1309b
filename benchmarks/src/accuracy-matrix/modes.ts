/**
 * Modal references: probe_i(t) = Σ_m Re(w_{m,i} · y(p_m, t)), y the zero-state response of y' = p y + u
 * (scalar-response.ts). The builders below turn first- and second-order modal equations into that form.
 *
 *   first order   τ q' = −q + g u              ⇒ p = −1/τ, q = (g/τ) y
 *   second order  a q'' + b q' + k q = u      ⇒ p± roots of a p² + b p + k;
 *       complex pair:  q = Re(β y(p₊)),  β = −i / (a Im p₊)          (y(p₋) = conj y(p₊) for real u)
 *       real pair:     q = β (y(p₊) − y(p₋)),  β = 1 / (a (p₊ − p₋))
 *   and q' = Σ Re(β p y(p)) (the u terms cancel: two poles, no zero).
 */
import type { Complex } from './scalar-response';
import { cmul, cx } from './scalar-response';

export interface Mode {
  readonly p: Complex;
  /** Weight per probe. */
  readonly w: Complex[];
}

export interface Pole {
  readonly p: Complex;
  readonly beta: Complex;
}

/** The poles and weights of a q'' + b q' + k q = u (a > 0, k > 0). */
export function secondOrder(a: number, b: number, k: number): Pole[] {
  const disc = b * b - 4 * a * k;
  if (Math.abs(disc) < 1e-10 * Math.max(b * b, 4 * a * k)) {
    throw new RangeError(`secondOrder: critically damped mode (b² − 4ak = ${disc}): the modal reference would cancel`);
  }
  if (disc < 0) {
    const p = cx(-b / (2 * a), Math.sqrt(-disc) / (2 * a));
    return [{ p, beta: cx(0, -1 / (a * p.im)) }];
  }
  // roots without cancellation: p1 = (−b − √disc)/(2a), p2 = k/(a p1)
  const p1 = (-b - Math.sqrt(disc)) / (2 * a);
  const p2 = k / (a * p1);
  const beta = 1 / (a * (p1 - p2));
  return [
    { p: cx(p1), beta: cx(beta) },
    { p: cx(p2), beta: cx(-beta) },
  ];
}

/** Scale a complex weight by a real factor and, for a derivative, by p. */
export function weight(pole: Pole, factor: number, derivative: boolean): Complex {
  const base = derivative ? cmul(pole.beta, pole.p) : pole.beta;
  return { re: base.re * factor, im: base.im * factor };
}

/**
 * The sine modes of the chain Laplacian K = tridiag(−1, 2, −1) with K_NN = 1 (grounded before node 1, open after
 * node N): K φ_m = κ_m φ_m, φ_m(j) = sin(θ_m j), θ_m = (2m − 1)π/(2N + 1), κ_m = 4 sin²(θ_m/2), m = 1 … N.
 */
export interface ChainMode {
  readonly kappa: number;
  /** φ_m(j) for j = 1 … N at index j − 1. */
  readonly shape: Float64Array;
  readonly norm2: number;
}

export function chainModes(N: number): ChainMode[] {
  const modes: ChainMode[] = [];
  for (let m = 1; m <= N; m++) {
    const th = ((2 * m - 1) * Math.PI) / (2 * N + 1);
    const shape = new Float64Array(N);
    let norm2 = 0;
    for (let j = 1; j <= N; j++) {
      shape[j - 1] = Math.sin(th * j);
      norm2 += shape[j - 1] ** 2;
    }
    modes.push({ kappa: 4 * Math.sin(th / 2) ** 2, shape, norm2 });
  }
  return modes;
}
