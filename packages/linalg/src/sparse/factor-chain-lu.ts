/**
 * factorChainLU: the first factorisation P A Q = L U of a matrix that the column order makes tridiagonal with a full
 * band (a chain: a ladder, a line), formed straight into the SparseLU's storage by the chain kernel (chain-factors.ts)
 * — the factors Gilbert–Peierls (factor-sparse-lu.ts) would give, field for field, without its transpose, reach
 * searches and pivot scans.
 *
 * Why they are the same. Let B = A(q, q) have stored entries only on its three diagonals, b_{k−1,k} and b_{k+1,k}
 * stored for every k. Suppose Gilbert–Peierls took the diagonal pivots q[0 … k−1] so far, with L(:, k−1) = {q[k]}.
 * Column k of B then reaches rows q[k−1] (pivotal, L-edge to q[k]), q[k] and q[k+1]; its solve is the single update
 *   x_{q[k]} = b_kk − l_{k−1}·b_{k−1,k}   (skipped where b_{k−1,k} = 0; x_{q[k]} = 0 + … where b_kk is not stored),
 * x_{q[k+1]} = b_{k+1,k}, and its pivot rule (threshold partial pivoting with diagonal preference) keeps the diagonal
 * row q[k] exactly when |x_{q[k]}| ≥ tol·max(|x_{q[k]}|, |x_{q[k+1]}|) after the singularity test
 * max > singularTol·max|B(:, k)|: chainRefactor's operations and tests, column by column. So wherever chainRefactor
 * accepts every column, L(:, k) = {k + 1}, U(:, k) = {k − 1}, the row order is q and the values are its values;
 * where it refuses one (a pivot off the diagonal, a zero or singular pivot), undefined: the general path decides.
 * The factors keep the band's positions (chainBand): the refactorisations on the pattern read A's values there.
 * Time O(nnz + n); the band test stops at the first entry off the band.
 */
import type { CsrMatrix } from './csr-matrix';
import { chainRefactor } from './chain-factors';
import type { ChainScatter } from './chain-factors';
import { SparseLUFactors } from './sparse-lu';

/** The chain factors of a validated square A in column order q (tol, singularTol: factorSparseLU's), or undefined. */
export function factorChainLU(a: CsrMatrix, q: Int32Array, tol: number, singularTol: number): SparseLUFactors | undefined {
  const n = a.rows;
  if (n < 2) return undefined;
  // position of each row and column of A in the order q (the pivot rows, when every pivot is diagonal)
  const position = new Int32Array(n);
  const band = bandOf(a, q, position);
  if (!band) return undefined;
  const lVal = new Float64Array(n - 1);
  const uVal = new Float64Array(n - 1);
  const uDiag = new Float64Array(n);
  if (!chainRefactor(n, band, a.values, lVal, uVal, uDiag, tol, singularTol)) return undefined;
  // L(:, k) = {k + 1} (k < n − 1), U(:, k) = {k − 1} (k > 0), in pivot order
  const lPtr = new Int32Array(n + 1);
  const uPtr = new Int32Array(n + 1);
  const lIdx = new Int32Array(n - 1);
  const uIdx = new Int32Array(n - 1);
  for (let k = 0; k < n - 1; k++) {
    lPtr[k + 1] = k + 1;
    uPtr[k + 1] = k;
    lIdx[k] = k + 1;
    uIdx[k] = k;
  }
  lPtr[n] = n - 1;
  uPtr[n] = n - 1;
  const data = {
    n,
    colOrder: q,
    rowPivot: position,
    lPtr,
    lIdx,
    lVal,
    uPtr,
    uIdx,
    uVal,
    uDiag,
    patternRowPtr: a.rowPtr,
    patternColIdx: a.colIdx,
    pivotThreshold: tol,
    singularTol,
    chainBand: band,
  };
  return new SparseLUFactors(data, { chain: 'known' });
}

/**
 * Where column k of B = A(q, q) keeps b_{k−1,k}, b_kk and b_{k+1,k} in A's value array (chainRefactor's scatter),
 * or undefined when an entry lies off the three diagonals or a sub- or superdiagonal entry is not stored; fills
 * position (position[q[k]] = k). Row q[k] of A is row k of B: its entries must lie in the columns q[k − 1], q[k] and
 * q[k + 1], and the first and last of them be stored — one pass over the rows in the order q.
 */
function bandOf(a: CsrMatrix, q: Int32Array, position: Int32Array): ChainScatter | undefined {
  const n = a.rows;
  const { rowPtr, colIdx } = a;
  const up = new Int32Array(n).fill(-1);
  const diag = new Int32Array(n).fill(-1);
  const low = new Int32Array(n).fill(-1);
  let before = -1;
  let row = q[0];
  for (let k = 0; k < n; k++) {
    const after = k + 1 < n ? q[k + 1] : -1;
    position[row] = k;
    for (let p = rowPtr[row]; p < rowPtr[row + 1]; p++) {
      const j = colIdx[p];
      if (j === row) diag[k] = p;
      else if (j === before) low[k - 1] = p; // b_{k,k−1}
      else if (j === after) up[k + 1] = p; // b_{k,k+1}
      else return undefined;
    }
    if ((k > 0 && low[k - 1] < 0) || (k + 1 < n && up[k + 1] < 0)) return undefined;
    before = row;
    row = after;
  }
  return { up, diag, low };
}
