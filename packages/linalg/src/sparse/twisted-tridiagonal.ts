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
 * memory 2n doubles (3n with a permutation). A symmetric permutation (P T Pᵀ tridiagonal) is folded into the solve's loads and stores.
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
  if (n === 0) return { n, bandwidth: 0, solve: (_rhs, out) => out ?? new Float64Array(0) };
  // top rows 0 … p − 1 are no more than the bottom rows p + 1 … n − 1
  const p = (n - 1) >> 1;
  const tiny = 1e-14 * largestAbs(diagonal, n);
  // dInv_i = 1 / d_i; m_i: the multiplier of row i towards p (top: e_{i−1}/d⁺_{i−1}, i ≤ p; bottom: e_i/d⁻_{i+1},
  // i > p); the twist row's bottom multiplier e_p/d⁻_{p+1} is kept apart
  const dInv = new Float64Array(n);
  const m = new Float64Array(n + 1);
  twistedPivots(diagonal, offDiagonal, ordering, tiny, dInv, m, n, p);
  const right = p + 1 < n ? offDiagonal[p] * dInv[p + 1] : 0;
  let twist = diagonal[p];
  if (p > 0) twist -= offDiagonal[p - 1] * m[p];
  if (p + 1 < n) twist -= offDiagonal[p] * right;
  if (!(twist > tiny)) throw new NotPositiveDefiniteError(ordering ? ordering[p] : p);
  dInv[p] = 1 / twist;
  const perm = ordering;
  const z = perm ? new Float64Array(n) : undefined;
  return {
    n,
    bandwidth: n > 1 ? 1 : 0,
    solve(rhs, out) {
      const x = out ?? new Float64Array(n);
      if (perm) solvePermuted(m, right, dInv, perm, rhs, z!, x, n, p);
      else solveNatural(m, right, dInv, rhs, x, n, p);
      return x;
    },
  };
}

/** max_i |d_i| over the first n entries. */
function largestAbs(d: ArrayLike<number>, n: number): number {
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(d[i]));
  return scale;
}

/**
 * The two pivot recurrences, interleaved (each is a chain of dependent divisions): top i, bottom j = n − 1 − i.
 * A kernel of its own whose loop is the last thing it runs, like largestAbs: with both loops inline, V8 compiled the
 * first by on-stack replacement during the first call, and Node 20's V8 re-entered that code on every later
 * factorisation (one per γ of the Krylov solver) and deoptimised where the second began, running it interpreted.
 */
function twistedPivots(diagonal: ArrayLike<number>, offDiagonal: ArrayLike<number>, ordering: Int32Array | undefined, tiny: number, dInv: Float64Array, m: Float64Array, n: number, p: number): void {
  for (let i = 0, j = n - 1; j > p; i++, j--) {
    if (i < p) {
      const d = i === 0 ? diagonal[0] : diagonal[i] - offDiagonal[i - 1] * m[i];
      if (!(d > tiny)) throw new NotPositiveDefiniteError(ordering ? ordering[i] : i);
      dInv[i] = 1 / d;
      m[i + 1] = offDiagonal[i] * dInv[i];
    }
    const e = j === n - 1 ? diagonal[j] : diagonal[j] - offDiagonal[j] * m[j];
    if (!(e > tiny)) throw new NotPositiveDefiniteError(ordering ? ordering[j] : j);
    dInv[j] = 1 / e;
    if (j - 1 > p) m[j - 1] = offDiagonal[j - 1] * dInv[j];
  }
}

/**
 * The two-ended solve in natural order; the eliminations overwrite x with z (z_i is read just before x_i is
 * written), so `x` may be `rhs`.
 */
function solveNatural(m: Float64Array, right: number, dInv: Float64Array, rhs: ArrayLike<number>, x: Float64Array, n: number, p: number): void {
  // eliminations towards p: top i = 0 … p − 1, bottom j = n − 1 … p + 1 (lengths p and n − 1 − p ≥ p)
  let top = 0;
  let bottom = 0;
  let j = n - 1;
  for (let i = 0; i < p; i++, j--) {
    top = rhs[i] - m[i] * top;
    x[i] = top;
    bottom = rhs[j] - m[j] * bottom;
    x[j] = bottom;
  }
  for (; j > p; j--) {
    bottom = rhs[j] - m[j] * bottom;
    x[j] = bottom;
  }
  // the twist row meets both
  let xt = rhs[p];
  if (p > 0) xt -= m[p] * x[p - 1];
  if (p + 1 < n) xt -= right * x[p + 1];
  xt *= dInv[p];
  x[p] = xt;
  // back substitutions away from p: top x_i = z_i / d_i − m_{i+1} x_{i+1}, bottom x_j = z_j / d_j − m_{j−1} x_{j−1}
  // (m_p there is the twist row's bottom multiplier)
  let left = xt;
  let rightX = xt;
  let i = p - 1;
  j = p + 1;
  if (j < n) {
    rightX = x[j] * dInv[j] - right * rightX;
    x[j] = rightX;
    j++;
  }
  for (; i >= 0 && j < n; i--, j++) {
    left = x[i] * dInv[i] - m[i + 1] * left;
    x[i] = left;
    rightX = x[j] * dInv[j] - m[j - 1] * rightX;
    x[j] = rightX;
  }
  for (; i >= 0; i--) {
    left = x[i] * dInv[i] - m[i + 1] * left;
    x[i] = left;
  }
  for (; j < n; j++) {
    rightX = x[j] * dInv[j] - m[j - 1] * rightX;
    x[j] = rightX;
  }
}

/** The same with P folded in (row k of T is row perm[k] of A), through the work array z. */
function solvePermuted(
  m: Float64Array,
  right: number,
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
    bottom = rhs[perm[j]] - m[j] * bottom;
    z[j] = bottom;
  }
  for (; j > p; j--) {
    bottom = rhs[perm[j]] - m[j] * bottom;
    z[j] = bottom;
  }
  let xt = rhs[perm[p]];
  if (p > 0) xt -= m[p] * z[p - 1];
  if (p + 1 < n) xt -= right * z[p + 1];
  xt *= dInv[p];
  x[perm[p]] = xt;
  let left = xt;
  let rightX = xt;
  let i = p - 1;
  j = p + 1;
  if (j < n) {
    rightX = z[j] * dInv[j] - right * rightX;
    x[perm[j]] = rightX;
    j++;
  }
  for (; i >= 0 && j < n; i--, j++) {
    left = z[i] * dInv[i] - m[i + 1] * left;
    x[perm[i]] = left;
    rightX = z[j] * dInv[j] - m[j - 1] * rightX;
    x[perm[j]] = rightX;
  }
  for (; i >= 0; i--) {
    left = z[i] * dInv[i] - m[i + 1] * left;
    x[perm[i]] = left;
  }
  for (; j < n; j++) {
    rightX = z[j] * dInv[j] - m[j - 1] * rightX;
    x[perm[j]] = rightX;
  }
}
