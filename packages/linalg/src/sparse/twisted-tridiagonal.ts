/**
 * Twisted (two-ended) factorisation of a symmetric positive definite tridiagonal matrix T (diagonal a_i,
 * off-diagonal e_i = T(i, i + 1)), eliminated from both ends towards the twist row p = ⌊(n − 1)/2⌋ (Parlett & Dhillon,
 * Linear Algebra Appl. 267, 1997, "twisted factorizations"):
 *
 *   top:     d⁺_0 = a_0,          d⁺_i = a_i − e_{i−1}² / d⁺_{i−1}      (i < p)
 *   bottom:  d⁻_{n−1} = a_{n−1},  d⁻_i = a_i − e_i² / d⁻_{i+1}          (i > p)
 *   twist:   γ_p = a_p − e_{p−1}² / d⁺_{p−1} − e_p² / d⁻_{p+1}
 *
 * Solving T x = b runs the two eliminations z_i = b_i − m_i z_{i∓1} towards p and then the back substitutions
 * x_i = z_i / d_i − m_{i±1} x_{i±1} away from p in one loop each, two independent recurrences of length n/2
 * interleaved: the same 2n multiply-adds as a one-ended L D Lᵀ solve in half its latency (the serial chain of
 * dependent operations, not the arithmetic, bounds a tridiagonal solve). Time O(n) to factorise and per solve,
 * memory 3n doubles. A symmetric permutation (P T Pᵀ tridiagonal) is folded into the solve's loads and stores.
 */
import { SysgraphError } from '@sysgraph/core';
import type { BandedCholesky } from './banded-cholesky';
import { NotPositiveDefiniteError } from './not-positive-definite';

/**
 * The factor of T = P A Pᵀ from its diagonal (length n) and off-diagonal (length ≥ n − 1), both in the permuted
 * order; `ordering` perm[k] = the row of A at position k (natural when absent). Throws NotPositiveDefiniteError
 * (row in A's numbering) when a pivot is not positive.
 */
export function factorTwistedTridiagonal(diagonal: ArrayLike<number>, offDiagonal: ArrayLike<number>, ordering?: Int32Array): BandedCholesky {
  const n = diagonal.length;
  if (offDiagonal.length < n - 1 || (ordering !== undefined && ordering.length !== n)) {
    throw new SysgraphError('bad-value', `factorTwistedTridiagonal: ${n} diagonal entries need ${n - 1} off-diagonal entries and as many ordering entries`, {
      element: 'matrix',
      field: 'offDiagonal',
      expected: 'consistent lengths',
    });
  }
  // top rows 0 … p − 1 are no more than the bottom rows p + 1 … n − 1
  const p = Math.max(0, (n - 1) >> 1);
  // m_i: multiplier of row i (towards p); dInv_i = 1 / d_i; the twist row keeps both multipliers
  const m = new Float64Array(n + 1);
  const dInv = new Float64Array(n);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(diagonal[i]));
  const pivot = (d: number, i: number): number => {
    if (!(d > 1e-14 * scale)) throw new NotPositiveDefiniteError(ordering ? ordering[i] : i);
    return 1 / d;
  };
  // the two pivot recurrences interleaved (each is a chain of dependent divisions): top i, bottom j = n − 1 − i
  for (let i = 0, j = n - 1; j > p; i++, j--) {
    if (i < p) {
      const d = i === 0 ? diagonal[0] : diagonal[i] - offDiagonal[i - 1] * offDiagonal[i - 1] * dInv[i - 1];
      dInv[i] = pivot(d, i);
    }
    const e = j === n - 1 ? diagonal[j] : diagonal[j] - offDiagonal[j] * offDiagonal[j] * dInv[j + 1];
    dInv[j] = pivot(e, j);
  }
  // top rows 1 … p: m_i = e_{i−1} / d⁺_{i−1}; bottom rows p … n − 2: m'_i = e_i / d⁻_{i+1} (stored at i + 1 … n − 1 shifted by one)
  const up = new Float64Array(n + 1);
  for (let i = 1; i <= p && i < n; i++) m[i] = offDiagonal[i - 1] * dInv[i - 1];
  for (let i = p; i + 1 < n; i++) up[i] = offDiagonal[i] * dInv[i + 1];
  if (n === 0) return { n, bandwidth: 0, solve: (_rhs, out) => out ?? new Float64Array(0) };
  let twist = diagonal[p];
  if (p > 0) twist -= offDiagonal[p - 1] * m[p];
  if (p + 1 < n) twist -= offDiagonal[p] * up[p];
  dInv[p] = pivot(twist, p);
  const z = new Float64Array(n);
  const perm = ordering;
  return {
    n,
    bandwidth: n > 1 ? 1 : 0,
    solve(rhs, out) {
      const x = out ?? new Float64Array(n);
      if (perm) solvePermuted(m, up, dInv, perm, rhs, z, x, n, p);
      else solveNatural(m, up, dInv, rhs, z, x, n, p);
      return x;
    },
  };
}

/** The two-ended solve in natural order; `x` may be `rhs` (all of rhs is read before x is written). */
function solveNatural(m: Float64Array, up: Float64Array, dInv: Float64Array, rhs: ArrayLike<number>, z: Float64Array, x: Float64Array, n: number, p: number): void {
  // eliminations towards p: top i = 0 … p − 1, bottom j = n − 1 … p + 1 (lengths p and n − 1 − p ≥ p − 1)
  let top = 0;
  let bottom = 0;
  let j = n - 1;
  for (let i = 0; i < p; i++, j--) {
    top = rhs[i] - m[i] * top;
    z[i] = top;
    bottom = rhs[j] - up[j] * bottom;
    z[j] = bottom;
  }
  for (; j > p; j--) {
    bottom = rhs[j] - up[j] * bottom;
    z[j] = bottom;
  }
  // the twist row meets both
  let xt = rhs[p];
  if (p > 0) xt -= m[p] * z[p - 1];
  if (p + 1 < n) xt -= up[p] * z[p + 1];
  xt *= dInv[p];
  x[p] = xt;
  // back substitutions away from p: top x_i = z_i / d_i − m_{i+1} x_{i+1}, bottom x_j = z_j / d_j − up_{j−1} x_{j−1}
  let left = xt;
  let right = xt;
  let i = p - 1;
  j = p + 1;
  for (; i >= 0; i--, j++) {
    left = z[i] * dInv[i] - m[i + 1] * left;
    x[i] = left;
    right = z[j] * dInv[j] - up[j - 1] * right;
    x[j] = right;
  }
  for (; j < n; j++) {
    right = z[j] * dInv[j] - up[j - 1] * right;
    x[j] = right;
  }
}

/** The same with P folded in: row k of T is row perm[k] of A. */
function solvePermuted(
  m: Float64Array,
  up: Float64Array,
  dInv: Float64Array,
  perm: Int32Array,
  rhs: ArrayLike<number>,
  z: Float64Array,
  x: Float64Array,
  n: number,
  p: number,
): void {
  let top = 0;
  let bottom = 0;
  let j = n - 1;
  for (let i = 0; i < p; i++, j--) {
    top = rhs[perm[i]] - m[i] * top;
    z[i] = top;
    bottom = rhs[perm[j]] - up[j] * bottom;
    z[j] = bottom;
  }
  for (; j > p; j--) {
    bottom = rhs[perm[j]] - up[j] * bottom;
    z[j] = bottom;
  }
  let xt = rhs[perm[p]];
  if (p > 0) xt -= m[p] * z[p - 1];
  if (p + 1 < n) xt -= up[p] * z[p + 1];
  xt *= dInv[p];
  x[perm[p]] = xt;
  let left = xt;
  let right = xt;
  let i = p - 1;
  j = p + 1;
  for (; i >= 0; i--, j++) {
    left = z[i] * dInv[i] - m[i + 1] * left;
    x[perm[i]] = left;
    right = z[j] * dInv[j] - up[j - 1] * right;
    x[perm[j]] = right;
  }
  for (; j < n; j++) {
    right = z[j] * dInv[j] - up[j - 1] * right;
    x[perm[j]] = right;
  }
}
