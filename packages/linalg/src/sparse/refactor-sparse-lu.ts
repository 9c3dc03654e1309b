/** refactorSparseLU: new values on the same pattern, reusing the column order, the pivot rows and the factor patterns (Davis 2006, §6.3, cs_lu with a fixed pivot sequence). */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';
import { factorSparseLU, gilbertPeierls, prepareSparseLU } from './factor-sparse-lu';
import { chainRefactor, chainScatter } from './chain-factors';
import type { ChainScatter } from './chain-factors';
import { SparseLUFactors } from './sparse-lu';
import type { SparseLU } from './sparse-lu';

function samePattern(a: CsrMatrix, rowPtr: Int32Array, colIdx: Int32Array): boolean {
  if (a.rowPtr === rowPtr && a.colIdx === colIdx) return true;
  if (a.rowPtr.length !== rowPtr.length || a.nnz !== rowPtr[rowPtr.length - 1]) return false;
  for (let i = 0; i < rowPtr.length; i++) if (a.rowPtr[i] !== rowPtr[i]) return false;
  for (let p = 0; p < a.nnz; p++) if (a.colIdx[p] !== colIdx[p]) return false;
  return true;
}

/**
 * With the pivot sequence fixed, the patterns of L and U depend only on the pattern of A, so the numeric
 * factorisation runs over the stored patterns with no graph search: for column k (= A(:, q[k])),
 *   for j in U(:, k) (topological order):  u_jk = x_j;  x ← x − L(:, j) u_jk;   u_kk = x_k;   L(:, k) = x / u_kk.
 * The old pivot is kept when it still passes the threshold test |u_kk| ≥ pivotThreshold · max(|u_kk|, |x_i|),
 * i below k, and the singularity test; otherwise the matrix is factorised again with the same column order
 * (and pivots chosen afresh). A matrix of another pattern is factorised from scratch, AMD ordering included. Time O(flops) of the numeric factorisation;
 * the pattern's column map (its transpose's positions) is computed once per pattern and reused while the same
 * rowPtr and colIdx arrays come back.
 */
/** How refactorSparseLU went: 'numeric' (pivot sequence and factor patterns kept), 'pivots' (the same column order, pivots chosen afresh), 'pattern' (another pattern: ordered and factorised from scratch). */
export type RefactorPath = 'numeric' | 'pivots' | 'pattern';

/**
 * Options of refactorSparseLU. `inPlace`: the new values overwrite the factors of `lu` (no allocation per call;
 * `lu` itself is returned and its earlier values are lost, also when the path is not 'numeric': use it only when
 * the old factorisation is no longer needed).
 */
export interface RefactorOptions {
  readonly inPlace?: boolean;
}

export function refactorSparseLU(lu: SparseLU, a: CsrMatrix, outcome?: { path: RefactorPath }, opts: RefactorOptions = {}): SparseLU {
  if (!(lu instanceof SparseLUFactors)) {
    throw new SysgraphError('bad-value', 'refactorSparseLU: the factorisation was not made by factorSparseLU', {
      element: 'refactorSparseLU',
      field: 'lu',
      expected: 'a SparseLU returned by factorSparseLU or refactorSparseLU',
    });
  }
  const old = lu.data;
  const n = old.n;
  const options = { ordering: old.colOrder, pivotThreshold: old.pivotThreshold, singularTol: old.singularTol };
  if (a.rows !== n || a.cols !== n || !samePattern(a, old.patternRowPtr, old.patternColIdx)) {
    // A different pattern: the old column order need not suit it, so order it afresh.
    if (outcome) outcome.path = 'pattern';
    return factorSparseLU(a, { pivotThreshold: old.pivotThreshold, singularTol: old.singularTol });
  }
  const { colOrder: q, rowPivot: pinv, lPtr, lIdx, uPtr, uIdx } = old;
  const inPlace = opts.inPlace === true;
  const lVal = inPlace ? old.lVal : new Float64Array(lIdx.length);
  const uVal = inPlace ? old.uVal : new Float64Array(uIdx.length);
  const uDiag = inPlace ? old.uDiag : new Float64Array(n);
  // chain factors: the band positions the first factorisation found (factorChainLU), or those of the scatter program
  const band = lu.chain ? (old.chainBand ?? chainBand(scatterProgram(a, q, pinv), n)) : null;
  let ok: boolean;
  if (band) ok = chainRefactor(n, band, a.values, lVal, uVal, uDiag, old.pivotThreshold, old.singularTol);
  else {
    const { sPtr, sPos, sRow } = scatterProgram(a, q, pinv);
    // the dense accumulator is all zero between columns (each column clears what it scattered)
    const x = inPlace ? lu.scratch() : new Float64Array(n);
    ok = numericColumns(n, sPtr, sPos, sRow, a.values, x, uPtr, uIdx, uVal, lPtr, lIdx, lVal, uDiag, old.pivotThreshold, old.singularTol);
    if (!ok && inPlace) x.fill(0);
  }
  if (!ok) return factorFresh(a, options, outcome);
  if (outcome) outcome.path = 'numeric';
  if (inPlace) {
    lu.refreshDiagonal();
    return lu;
  }
  return new SparseLUFactors({ ...old, lVal, uVal, uDiag, patternRowPtr: a.rowPtr, patternColIdx: a.colIdx }, { chain: lu.chain });
}

/** The band positions of a scatter program whose factors are chains (chain-factors.ts), kept on the program; null: not banded. */
function chainBand(program: ScatterProgram, n: number): ChainScatter | null {
  if (program.band === undefined) program.band = chainScatter(n, program.sPtr, program.sPos, program.sRow);
  return program.band;
}

/** A's pattern by columns: column j's rows rowOf[colPtr[j] …] and their positions in A's CSR arrays. */
interface ColumnMap {
  readonly colIdx: Int32Array;
  readonly colPtr: Int32Array;
  readonly rowOf: Int32Array;
  readonly csrPos: Int32Array;
}

/** Column maps by pattern (its rowPtr array, then its colIdx array): a sequence of matrices on one pattern transposes it once. */
const columnMaps = new WeakMap<Int32Array, ColumnMap>();

function columnMap(a: CsrMatrix): ColumnMap {
  const hit = columnMaps.get(a.rowPtr);
  if (hit && hit.colIdx === a.colIdx) return hit;
  const { rows, cols, rowPtr, colIdx } = a;
  const nnz = rowPtr[rows];
  const colPtr = new Int32Array(cols + 1);
  for (let p = 0; p < nnz; p++) colPtr[colIdx[p] + 1]++;
  for (let j = 0; j < cols; j++) colPtr[j + 1] += colPtr[j];
  const next = colPtr.slice(0, cols);
  const rowOf = new Int32Array(nnz);
  const csrPos = new Int32Array(nnz);
  for (let i = 0; i < rows; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const dst = next[colIdx[p]]++;
      rowOf[dst] = i;
      csrPos[dst] = p;
    }
  }
  const map = { colIdx, colPtr, rowOf, csrPos };
  columnMaps.set(a.rowPtr, map);
  return map;
}

/**
 * The scatter of A into the pivot order as one program, built once per pattern and pivot sequence: column k of
 * the factorisation takes A's values at CSR positions sPos[sPtr[k] …] into rows sRow[…] = pinv[row] (instead of
 * walking q, the column map and pinv at every refactorisation). Kept by the pivot array (a new pivot sequence is a
 * new array) while A's pattern arrays and the column order are the same.
 */
interface ScatterProgram {
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly q: Int32Array;
  readonly sPtr: Int32Array;
  readonly sPos: Int32Array;
  readonly sRow: Int32Array;
  /** Where each column's band entries are when the factors are chains (chainBand); undefined until asked. */
  band?: ChainScatter | null;
}

const scatterPrograms = new WeakMap<Int32Array, ScatterProgram>();

function scatterProgram(a: CsrMatrix, q: Int32Array, pinv: Int32Array): ScatterProgram {
  const hit = scatterPrograms.get(pinv);
  if (hit && hit.rowPtr === a.rowPtr && hit.colIdx === a.colIdx && hit.q === q) return hit;
  const { colPtr, rowOf, csrPos } = columnMap(a);
  const n = q.length;
  const sPtr = new Int32Array(n + 1);
  const sPos = new Int32Array(csrPos.length);
  const sRow = new Int32Array(csrPos.length);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const col = q[k];
    for (let s = colPtr[col]; s < colPtr[col + 1]; s++, at++) {
      sPos[at] = csrPos[s];
      sRow[at] = pinv[rowOf[s]];
    }
    sPtr[k + 1] = at;
  }
  const program: ScatterProgram = { rowPtr: a.rowPtr, colIdx: a.colIdx, q, sPtr, sPos, sRow, band: undefined };
  scatterPrograms.set(pinv, program);
  return program;
}

function factorFresh(
  a: CsrMatrix,
  options: { ordering: Int32Array; pivotThreshold: number; singularTol: number },
  outcome: { path: RefactorPath } | undefined,
): SparseLUFactors {
  if (outcome) outcome.path = 'pivots';
  const { q, tol, singularTol } = prepareSparseLU(a, options);
  return gilbertPeierls(a, q, tol, singularTol);
}

/**
 * The numeric pass over the stored patterns, column by column (the formula above refactorSparseLU): false where a
 * value is not finite or a kept pivot fails the threshold or singularity test (x is then left dirty; the caller
 * clears it). A function of its own whose long loop is last: V8 compiles it on its first call by on-stack
 * replacement, and code after the loop in the same function would deoptimise that code on every call.
 */
function numericColumns(
  n: number,
  sPtr: Int32Array,
  sPos: Int32Array,
  sRow: Int32Array,
  values: Float64Array,
  x: Float64Array,
  uPtr: Int32Array,
  uIdx: Int32Array,
  uVal: Float64Array,
  lPtr: Int32Array,
  lIdx: Int32Array,
  lVal: Float64Array,
  uDiag: Float64Array,
  tol: number,
  singularTol: number,
): boolean {
  for (let k = 0; k < n; k++) {
    let colMax = 0;
    // Scatter A(:, q[k]) into pivot positions (a value that is not finite: factorised afresh, which reports it).
    for (let s = sPtr[k], sEnd = sPtr[k + 1]; s < sEnd; s++) {
      const value = values[sPos[s]];
      if (value - value !== 0) return false;
      x[sRow[s]] = value;
      const v = Math.abs(value);
      if (v > colMax) colMax = v;
    }
    // U(:, k) and the updates by the columns of L it selects.
    for (let p = uPtr[k], pEnd = uPtr[k + 1]; p < pEnd; p++) {
      const j = uIdx[p];
      const xj = x[j];
      uVal[p] = xj;
      x[j] = 0;
      if (xj === 0) continue;
      for (let t = lPtr[j], end = lPtr[j + 1]; t < end; t++) x[lIdx[t]] -= lVal[t] * xj;
    }
    const pivot = x[k];
    x[k] = 0;
    const l0 = lPtr[k];
    const l1 = lPtr[k + 1];
    let amax = Math.abs(pivot);
    for (let t = l0; t < l1; t++) {
      const v = Math.abs(x[lIdx[t]]);
      if (v > amax) amax = v;
    }
    if (!(Math.abs(pivot) >= tol * amax) || !(amax > singularTol * colMax) || pivot === 0) return false;
    uDiag[k] = pivot;
    for (let t = l0; t < l1; t++) {
      const i = lIdx[t];
      lVal[t] = x[i] / pivot;
      x[i] = 0;
    }
  }
  return true;
}
