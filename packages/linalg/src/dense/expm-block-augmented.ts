/**
 * expmBlockAugmented: exact discretisation of x' = A x + B u for inputs held (zero order) or linear (first
 * order) between samples, by the exponential of a block-triangular matrix (Van Loan, IEEE TAC 23(3), 1978).
 */
import { SysgraphError } from '@sysgraph/core';
import { checkDense, fromFlat } from './check-dense';
import type { DenseRows } from './check-dense';
import { expmFlat } from './expm';

/** Φ = e^{Ah}, Γ0 = ∫₀ʰ e^{Aτ} dτ B and (first order) Γ1 = (1/h) ∫₀ʰ e^{Aτ} (h − τ) dτ B. */
export interface BlockExponential {
  readonly phi: number[][];
  readonly gamma0: number[][];
  /** Present for order 1. */
  readonly gamma1?: number[][];
}

/**
 * With M = [[A h, B h, 0], [0, 0, I], [0, 0, 0]] (n + 2m square; the last block row and column only for order 1),
 *   e^M = [[Φ, Γ0, Γ1], [0, I, I], [0, 0, I]],
 * so that for u linear on [t_k, t_k + h]:  x_{k+1} = Φ x_k + (Γ0 − Γ1) u_k + Γ1 u_{k+1};
 * for u held constant (order 0):          x_{k+1} = Φ x_k + Γ0 u_k.
 * O((n + 2m)³).
 */
export function expmBlockAugmented(a: DenseRows, b: DenseRows, h: number, order: 0 | 1 = 1): BlockExponential {
  const [n] = checkDense(a, 'expmBlockAugmented A', { square: true });
  const [bRows, m] = checkDense(b, 'expmBlockAugmented B');
  if (bRows !== n && !(n === 0 && bRows === 0)) {
    throw new SysgraphError('bad-value', `expmBlockAugmented: B has ${bRows} rows, expected ${n}`, {
      element: 'expmBlockAugmented B',
      field: 'rows',
      expected: `${n} rows, as A`,
    });
  }
  if (!Number.isFinite(h) || h < 0) {
    throw new SysgraphError('bad-value', `expmBlockAugmented: step h = ${h}`, {
      element: 'expmBlockAugmented',
      field: 'h',
      expected: 'a finite, non-negative step',
    });
  }
  if (order !== 0 && order !== 1) {
    throw new SysgraphError('bad-option', `expmBlockAugmented: order ${String(order)}`, {
      element: 'expmBlockAugmented',
      field: 'order',
      expected: '0 (zero-order hold) or 1 (first-order hold)',
    });
  }
  const size = n + (order === 1 ? 2 * m : m);
  const mat = new Float64Array(size * size);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) mat[i * size + j] = a[i][j] * h;
    for (let j = 0; j < m; j++) mat[i * size + n + j] = b[i][j] * h;
  }
  if (order === 1) for (let j = 0; j < m; j++) mat[(n + j) * size + n + m + j] = 1;
  const e = expmFlat(mat, size);
  const block = (r0: number, c0: number, rows: number, cols: number): number[][] => {
    const out = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[i * cols + j] = e[(r0 + i) * size + c0 + j];
    return fromFlat(out, rows, cols);
  };
  const phi = block(0, 0, n, n);
  const gamma0 = block(0, n, n, m);
  return order === 1 ? { phi, gamma0, gamma1: block(0, n + m, n, m) } : { phi, gamma0 };
}
