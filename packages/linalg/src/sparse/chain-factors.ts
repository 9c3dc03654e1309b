/**
 * Chain factors: an LU whose L and U are bidiagonal in the pivot order — column k of L holds only row k + 1 and
 * column k of U only row k − 1, as the factors of a ladder, a line or any tridiagonal matrix eliminated along its
 * chain (reverse Cuthill–McKee finds it; no fill). Such factors are the general sparse LU's own storage
 * (sparse-lu.ts), and these kernels perform the very operations of its general loops, in the same order, without
 * the loops' control (one- or zero-trip inner loops) and with the permutations folded into the passes:
 *
 *   solve      y_0 = b_{r0},  y_k = b_{rk} − l_{k−1} y_{k−1}  (skipped where y_{k−1} = 0, as the general forward pass);
 *              w_k = y_k / u_kk (times 1/u_kk) − …,  x_{q_k} = w_k,  y_{k−1} −= u_{k−1,k} w_k  (skipped where w_k = 0)
 *   refactor   column k of A: u_{k−1,k} = a_{k−1,k};  u_kk = a_kk − l_{k−1} u_{k−1,k} (skipped where u_{k−1,k} = 0);
 *              l_k = a_{k+1,k} / u_kk, with the same threshold and singularity tests
 *
 * so every factor and every solution equals the general kernels' to the last bit (linalg test). Two passes of n per
 * solve instead of four, one per refactorisation instead of a scatter, an update and a division loop per column.
 * chainForwardSum forms b = s·(f + d·g + c) (a Rosenbrock stage's right-hand side) as the forward pass reads it.
 */

/** Whether the factors' patterns are bidiagonal chains (L(:, k) = {k + 1}, U(:, k) = {k − 1}, within n). O(n). */
export function isChain(n: number, lPtr: Int32Array, lIdx: Int32Array, uPtr: Int32Array, uIdx: Int32Array): boolean {
  if (n < 2) return false;
  if (lPtr[n] !== n - 1 || uPtr[n] !== n - 1) return false;
  return chainColumns(n, lPtr, lIdx, uPtr, uIdx);
}

function chainColumns(n: number, lPtr: Int32Array, lIdx: Int32Array, uPtr: Int32Array, uIdx: Int32Array): boolean {
  for (let k = 0; k < n; k++) {
    const lCount = lPtr[k + 1] - lPtr[k];
    const uCount = uPtr[k + 1] - uPtr[k];
    if (lCount !== (k < n - 1 ? 1 : 0) || uCount !== (k > 0 ? 1 : 0)) return false;
    if (k < n - 1 && lIdx[lPtr[k]] !== k + 1) return false;
    if (k > 0 && uIdx[uPtr[k]] !== k - 1) return false;
  }
  return true;
}

/**
 * x = Q U⁻¹ L⁻¹ P b on chain factors (lVal[k] = l_{k+1,k} at lPtr[k] = k; uVal at uPtr[k] = k − 1 holds u_{k−1,k}).
 * y is the work vector; x may be b (the forward pass reads all of b before the backward pass writes x).
 */
export function chainSolve(
  b: ArrayLike<number>,
  x: Float64Array,
  y: Float64Array,
  rowOfStep: Int32Array,
  colOrder: Int32Array,
  lVal: Float64Array,
  uVal: Float64Array,
  uDiagInv: Float64Array,
  n: number,
): void {
  chainForward(b, y, rowOfStep, lVal, n);
  chainBackward(x, y, colOrder, uVal, uDiagInv, n);
}

/**
 * The right-hand side of a Rosenbrock stage, b = s·(f + d·g + c), with g (and d) or c absent (null): not read at all,
 * so that a non-finite g cannot leak in as 0·∞ and no +0 is added to a −0. `form` names the terms present (stageSumOf).
 */
export interface StageSum {
  readonly form: number;
  readonly s: number;
  readonly f: Float64Array;
  readonly d: number;
  readonly g: Float64Array | null;
  readonly c: Float64Array | null;
}

/** The terms of b = s·(f + d·g + c) with their form: 0 all, 1 without c, 2 without g, 3 s·f alone. */
export function stageSumOf(s: number, f: Float64Array, d: number, g: Float64Array | null, c: Float64Array | null): StageSum {
  return { form: g ? (c ? 0 : 1) : c ? 2 : 3, s, f, d, g, c };
}

/**
 * b_r in the operations and order of the separate pass it replaces:
 *
 *   form 0   s·((f_r + d·g_r) + c_r)      form 1   s·(f_r + d·g_r)      form 2   s·(f_r + c_r)      form 3   s·f_r
 */
export function stageSum(b: StageSum, r: number): number {
  const { form, s, f, d, g, c } = b;
  if (form === 0) return s * (f[r] + d * g![r] + c![r]);
  if (form === 1) return s * (f[r] + d * g![r]);
  if (form === 2) return s * (f[r] + c![r]);
  return s * f[r];
}

/**
 * chainForward with b formed as it is read (stageSum): y_k = b_{rowOfStep[k]} − l_{k−1}·y_{k−1} (skipped where
 * y_{k−1} = 0); chainBackward then gives x. The three forms a Rosenbrock stage uses have loops of their own: the form
 * tested inside the loop cost more than the pass it saves (10^4 states: 0.12 ms against 0.084 for the plain solve
 * and 0.031 for the pass; its own loop 0.10 ms).
 */
export function chainForwardSum(b: StageSum, y: Float64Array, rowOfStep: Int32Array, lVal: Float64Array, n: number): void {
  const { form, s, f, d, g, c } = b;
  if (form === 0) return chainForwardFdc(s, f, d, g!, c!, y, rowOfStep, lVal, n);
  if (form === 1) return chainForwardFd(s, f, d, g!, y, rowOfStep, lVal, n);
  if (form === 2) return chainForwardFc(s, f, c!, y, rowOfStep, lVal, n);
  let prev = stageSum(b, rowOfStep[0]);
  y[0] = prev;
  for (let k = 1; k < n; k++) {
    let v = stageSum(b, rowOfStep[k]);
    if (prev !== 0) v -= lVal[k - 1] * prev;
    y[k] = v;
    prev = v;
  }
}

/** chainForwardSum of form 0: b_r = s·((f_r + d·g_r) + c_r). */
function chainForwardFdc(s: number, f: Float64Array, d: number, g: Float64Array, c: Float64Array, y: Float64Array, rowOfStep: Int32Array, lVal: Float64Array, n: number): void {
  let r = rowOfStep[0];
  let prev = s * (f[r] + d * g[r] + c[r]);
  y[0] = prev;
  for (let k = 1; k < n; k++) {
    r = rowOfStep[k];
    let v = s * (f[r] + d * g[r] + c[r]);
    if (prev !== 0) v -= lVal[k - 1] * prev;
    y[k] = v;
    prev = v;
  }
}

/** chainForwardSum of form 1: b_r = s·(f_r + d·g_r). */
function chainForwardFd(s: number, f: Float64Array, d: number, g: Float64Array, y: Float64Array, rowOfStep: Int32Array, lVal: Float64Array, n: number): void {
  let r = rowOfStep[0];
  let prev = s * (f[r] + d * g[r]);
  y[0] = prev;
  for (let k = 1; k < n; k++) {
    r = rowOfStep[k];
    let v = s * (f[r] + d * g[r]);
    if (prev !== 0) v -= lVal[k - 1] * prev;
    y[k] = v;
    prev = v;
  }
}

/** chainForwardSum of form 2: b_r = s·(f_r + c_r). */
function chainForwardFc(s: number, f: Float64Array, c: Float64Array, y: Float64Array, rowOfStep: Int32Array, lVal: Float64Array, n: number): void {
  let r = rowOfStep[0];
  let prev = s * (f[r] + c[r]);
  y[0] = prev;
  for (let k = 1; k < n; k++) {
    r = rowOfStep[k];
    let v = s * (f[r] + c[r]);
    if (prev !== 0) v -= lVal[k - 1] * prev;
    y[k] = v;
    prev = v;
  }
}

/** y_k = b[rowOfStep[k]] − l_{k−1}·y_{k−1} (the subtraction skipped where y_{k−1} = 0, as forwardL skips). */
function chainForward(b: ArrayLike<number>, y: Float64Array, rowOfStep: Int32Array, lVal: Float64Array, n: number): void {
  let prev = b[rowOfStep[0]];
  y[0] = prev;
  for (let k = 1; k < n; k++) {
    let v = b[rowOfStep[k]];
    if (prev !== 0) v -= lVal[k - 1] * prev;
    y[k] = v;
    prev = v;
  }
}

/** w_k = y_k·(1/u_kk), x[colOrder[k]] = w_k, y_{k−1} −= u_{k−1,k}·w_k (skipped where w_k = 0, as backwardUInto skips). */
export function chainBackward(x: Float64Array, y: Float64Array, colOrder: Int32Array, uVal: Float64Array, uDiagInv: Float64Array, n: number): void {
  let carry = y[n - 1];
  for (let k = n - 1; k > 0; k--) {
    const w = carry * uDiagInv[k];
    x[colOrder[k]] = w;
    carry = w !== 0 ? y[k - 1] - uVal[k - 1] * w : y[k - 1];
  }
  x[colOrder[0]] = carry * uDiagInv[0];
}

/**
 * Where column k of A (in pivot order) keeps its three band entries: positions in A's value array of a_{k−1,k},
 * a_kk and a_{k+1,k} (−1: not stored), from the refactorisation's scatter program (sRow are pivot rows).
 * Null when a column holds an entry outside the band (then the general refactorisation runs).
 */
export interface ChainScatter {
  readonly up: Int32Array;
  readonly diag: Int32Array;
  readonly low: Int32Array;
}

export function chainScatter(n: number, sPtr: Int32Array, sPos: Int32Array, sRow: Int32Array): ChainScatter | null {
  const up = new Int32Array(n).fill(-1);
  const diag = new Int32Array(n).fill(-1);
  const low = new Int32Array(n).fill(-1);
  const ok = placeBand(n, sPtr, sPos, sRow, up, diag, low);
  return ok ? { up, diag, low } : null;
}

function placeBand(n: number, sPtr: Int32Array, sPos: Int32Array, sRow: Int32Array, up: Int32Array, diag: Int32Array, low: Int32Array): boolean {
  for (let k = 0; k < n; k++) {
    for (let s = sPtr[k]; s < sPtr[k + 1]; s++) {
      const r = sRow[s];
      if (r === k - 1) up[k] = sPos[s];
      else if (r === k) diag[k] = sPos[s];
      else if (r === k + 1) low[k] = sPos[s];
      else return false;
    }
  }
  return true;
}

/**
 * The numeric refactorisation on chain factors, the general numericColumns' operations column by column: false where
 * a value is not finite or a kept pivot fails the threshold (|u_kk| ≥ tol·max(|u_kk|, |x_{k+1}|)) or singularity
 * (max > singularTol·max|A(:, k)|) test, or a pivot is 0 (the caller then factorises afresh).
 */
export function chainRefactor(
  n: number,
  band: ChainScatter,
  values: Float64Array,
  lVal: Float64Array,
  uVal: Float64Array,
  uDiag: Float64Array,
  tol: number,
  singularTol: number,
): boolean {
  const { up, diag, low } = band;
  let lPrev = 0;
  for (let k = 0; k < n; k++) {
    // the scattered column: a_{k−1,k}, a_kk, a_{k+1,k} (0 where not stored; a stored value not finite: refused)
    const pu = up[k], pd = diag[k], pl = low[k];
    const au = pu >= 0 ? values[pu] : 0;
    const ad = pd >= 0 ? values[pd] : 0;
    const al = pl >= 0 ? values[pl] : 0;
    if (au - au !== 0 || ad - ad !== 0 || al - al !== 0) return false;
    const colMax = Math.max(Math.abs(au), Math.abs(ad), Math.abs(al));
    let pivot = ad;
    if (k > 0) {
      uVal[k - 1] = au;
      if (au !== 0) pivot -= lPrev * au;
    }
    const amax = Math.max(Math.abs(pivot), Math.abs(al));
    if (!(Math.abs(pivot) >= tol * amax) || !(amax > singularTol * colMax) || pivot === 0) return false;
    uDiag[k] = pivot;
    if (k < n - 1) {
      lPrev = al / pivot;
      lVal[k] = lPrev;
    }
  }
  return true;
}
