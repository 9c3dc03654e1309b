/**
 * factorSparseLU: left-looking Gilbert–Peierls LU with threshold partial pivoting and diagonal preference
 * (Gilbert & Peierls, SIAM J. Sci. Stat. Comput. 9(5), 1988; Davis 2006, §6.3, cs_lu).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';
import { csrTranspose } from './csr-transpose';
import { amdOrdering } from './amd-ordering';
import { factorChainLU } from './factor-chain-lu';
import { SingularMatrixError } from '../singular-matrix-error';
import { SparseLUFactors } from './sparse-lu';
import type { SparseLU, SparseLUOptions } from './sparse-lu';

function badOption(field: string, expected: string): never {
  throw new SysgraphError('bad-option', `factorSparseLU: option ${field} is invalid; expected ${expected}`, {
    element: 'factorSparseLU',
    field,
    expected,
  });
}

/** Validates the matrix and options once, at the boundary; returns the column order q. */
export function prepareSparseLU(a: CsrMatrix, opts: SparseLUOptions): { q: Int32Array; tol: number; singularTol: number } {
  if (a.rows !== a.cols) {
    throw new SysgraphError('bad-value', `factorSparseLU: matrix is ${a.rows}×${a.cols}, not square`, {
      element: 'matrix',
      field: 'cols',
      expected: 'a square matrix',
    });
  }
  for (let p = 0; p < a.nnz; p++) {
    if (!Number.isFinite(a.values[p])) {
      throw new SysgraphError('bad-value', `factorSparseLU: entry ${p} of the matrix is not finite`, {
        element: 'matrix',
        field: `values[${p}]`,
        expected: 'finite entries',
      });
    }
  }
  const tol = opts.pivotThreshold ?? 0.1;
  if (!(tol > 0 && tol <= 1)) badOption('pivotThreshold', 'a number in (0, 1]');
  const singularTol = opts.singularTol ?? 1e-14;
  if (!(singularTol >= 0 && singularTol < 1)) badOption('singularTol', 'a number in [0, 1)');
  const n = a.rows;
  const ordering = opts.ordering ?? 'amd';
  let q: Int32Array;
  if (ordering === 'amd') q = amdOrdering(a);
  else if (ordering === 'natural') q = Int32Array.from({ length: n }, (_, k) => k);
  else if (typeof ordering === 'object' && ordering !== null && typeof ordering.length === 'number') {
    if (ordering.length !== n) badOption('ordering', `a permutation of 0 … ${n - 1}`);
    q = new Int32Array(n);
    const seen = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const j = ordering[k];
      if (!Number.isInteger(j) || j < 0 || j >= n || seen[j]) badOption(`ordering[${k}]`, `a permutation of 0 … ${n - 1}`);
      seen[j] = 1;
      q[k] = j;
    }
  } else return badOption('ordering', "'amd', 'natural' or a permutation array");
  return { q, tol, singularTol };
}

/**
 * P A Q = L U. Column q[k] of A is solved against the columns of L found so far,
 *   x = L⁻¹ A(:, q[k])   (sparse triangular solve; its pattern is the reach of A(:, q[k]) in the graph of L),
 * then the pivot row is chosen among the rows not yet pivotal: the diagonal row q[k] when
 * |x_diag| ≥ pivotThreshold · max|x_i|, else the row of largest |x_i|. Entries of x in pivotal rows form
 * U(:, k); the others, divided by the pivot, form L(:, k). Time O(flops + nnz(A) + n); memory O(nnz(L + U)).
 * A matrix that q orders into a full tridiagonal band with every pivot on the diagonal is factorised directly into
 * chain factors (factor-chain-lu.ts: the same factors in one pass, without the transpose and the reach searches).
 */
export function factorSparseLU(a: CsrMatrix, opts: SparseLUOptions = {}): SparseLU {
  const { q, tol, singularTol } = prepareSparseLU(a, opts);
  return factorChainLU(a, q, tol, singularTol) ?? gilbertPeierls(a, q, tol, singularTol);
}

/** The numerical factorisation for a validated matrix and a column order. */
export function gilbertPeierls(a: CsrMatrix, q: Int32Array, tol: number, singularTol: number): SparseLUFactors {
  const n = a.rows;
  // CSC of A = CSR of Aᵀ: column j holds rows at.colIdx[at.rowPtr[j] …].
  const at = csrTranspose(a);
  const aPtr = at.rowPtr;
  const aIdx = at.colIdx;
  const aVal = at.values;

  let cap = Math.max(4 * a.nnz, 4 * n, 16);
  let lIdx: Int32Array = new Int32Array(cap);
  let lVal: Float64Array = new Float64Array(cap);
  let uCap = cap;
  let uIdx: Int32Array = new Int32Array(uCap);
  let uVal: Float64Array = new Float64Array(uCap);
  const lPtr = new Int32Array(n + 1);
  const uPtr = new Int32Array(n + 1);
  const uDiag = new Float64Array(n);
  const pinv = new Int32Array(n).fill(-1);

  const x = new Float64Array(n);
  const xi = new Int32Array(n); // reach, in topological order at xi[top … n-1]
  const stack = new Int32Array(n);
  const resume = new Int32Array(n);
  const mark = new Int32Array(n).fill(-1);
  let lnz = 0;
  let unz = 0;

  for (let k = 0; k < n; k++) {
    lPtr[k] = lnz;
    uPtr[k] = unz;
    const col = q[k];
    const aStart = aPtr[col];
    const aEnd = aPtr[col + 1];

    // Reach of A(:, col) in the graph of L (edges j → L(:, pinv[j])): depth-first, post-order into xi.
    let top = n;
    for (let s = aStart; s < aEnd; s++) {
      const start = aIdx[s];
      if (mark[start] === k) continue;
      let head = 0;
      stack[0] = start;
      while (head >= 0) {
        const j = stack[head];
        const jcol = pinv[j];
        if (mark[j] !== k) {
          mark[j] = k;
          resume[head] = jcol < 0 ? 0 : lPtr[jcol];
        }
        let done = true;
        const end = jcol < 0 ? 0 : lPtr[jcol + 1];
        for (let p = resume[head]; p < end; p++) {
          const i = lIdx[p];
          if (mark[i] === k) continue;
          resume[head] = p + 1;
          stack[++head] = i;
          done = false;
          break;
        }
        if (done) {
          head--;
          xi[--top] = j;
        }
      }
    }

    // Numeric solve x = L⁻¹ A(:, col) over the reach, in topological order.
    let colMax = 0;
    for (let p = top; p < n; p++) x[xi[p]] = 0;
    for (let s = aStart; s < aEnd; s++) {
      x[aIdx[s]] = aVal[s];
      const v = Math.abs(aVal[s]);
      if (v > colMax) colMax = v;
    }
    for (let px = top; px < n; px++) {
      const j = xi[px];
      const jcol = pinv[j];
      if (jcol < 0) continue;
      const xj = x[j];
      if (xj === 0) continue;
      for (let p = lPtr[jcol], end = lPtr[jcol + 1]; p < end; p++) x[lIdx[p]] -= lVal[p] * xj;
    }

    // Room for this column in L and U.
    const reach = n - top;
    if (lnz + reach > cap) {
      cap = Math.max(2 * cap, lnz + reach);
      lIdx = grow(lIdx, cap);
      lVal = growF(lVal, cap);
    }
    if (unz + reach > uCap) {
      uCap = Math.max(2 * uCap, unz + reach);
      uIdx = grow(uIdx, uCap);
      uVal = growF(uVal, uCap);
    }

    // Pivot search among non-pivotal rows; pivotal rows give U(:, k).
    let ipiv = -1;
    let amax = -1;
    for (let px = top; px < n; px++) {
      const i = xi[px];
      if (pinv[i] < 0) {
        const t = Math.abs(x[i]);
        if (t > amax) {
          amax = t;
          ipiv = i;
        }
      } else {
        uIdx[unz] = pinv[i];
        uVal[unz++] = x[i];
      }
    }
    if (ipiv < 0 || !(amax > singularTol * colMax)) {
      throw new SingularMatrixError(
        'factorSparseLU',
        col,
        ipiv < 0
          ? 'structurally dependent on the columns eliminated before it'
          : `largest pivot candidate ${amax.toExponential(3)} is negligible against the column's entries (${colMax.toExponential(3)})`,
      );
    }
    // Diagonal preference: keep the symmetric pivot when it is large enough.
    if (pinv[col] < 0 && Math.abs(x[col]) >= tol * amax) ipiv = col;
    const pivot = x[ipiv];
    uDiag[k] = pivot;
    pinv[ipiv] = k;
    // L(:, k) = x(non-pivotal rows) / pivot.
    for (let px = top; px < n; px++) {
      const i = xi[px];
      if (pinv[i] < 0) {
        lIdx[lnz] = i;
        lVal[lnz++] = x[i] / pivot;
      }
      x[i] = 0;
    }
  }
  lPtr[n] = lnz;
  uPtr[n] = unz;
  // Renumber the rows of L into pivot order.
  for (let p = 0; p < lnz; p++) lIdx[p] = pinv[lIdx[p]];

  return new SparseLUFactors({
    n,
    colOrder: q,
    rowPivot: pinv,
    lPtr,
    lIdx: lIdx.slice(0, lnz),
    lVal: lVal.slice(0, lnz),
    uPtr,
    uIdx: uIdx.slice(0, unz),
    uVal: uVal.slice(0, unz),
    uDiag,
    patternRowPtr: a.rowPtr,
    patternColIdx: a.colIdx,
    pivotThreshold: tol,
    singularTol,
  });
}

function grow(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

function growF(a: Float64Array, size: number): Float64Array {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}
