/** SparseLU: the factors P A Q = L U of a sparse LU and their triangular solves (Davis 2006, §8.1, cs_lusol). */
import { chainBackward, chainForwardSum, chainSolve, isChain, stageSum, stageSumOf } from './chain-factors';
import type { ChainScatter, StageSum } from './chain-factors';
import { checkDimension } from './dimension-check';

/** A factorisation of a square sparse matrix, ready for repeated solves. */
export interface SparseLU {
  readonly n: number;
  /** Entries of L, unit diagonal included. */
  readonly nnzL: number;
  /** Entries of U, diagonal included. */
  readonly nnzU: number;
  /** x = A⁻¹ b; O(nnz(L + U)). `out` may be `b` itself. */
  solve(b: ArrayLike<number>, out?: Float64Array): Float64Array;
  /**
   * x = A⁻¹ b with b = s·(f + d·g + c) formed as the solve reads it, g (with d) or c null: not read — a Rosenbrock
   * stage's right-hand side without a pass of its own, bit for bit the solve of b formed first. `out` is none of f, g, c.
   */
  solveSum(s: number, f: Float64Array, d: number, g: Float64Array | null, c: Float64Array | null, out: Float64Array): Float64Array;
  /** x = A⁻ᵀ b; O(nnz(L + U)). `out` may be `b` itself. */
  solveTranspose(b: ArrayLike<number>, out?: Float64Array): Float64Array;
  /** min|u_kk| / max|u_kk|: a cheap singularity diagnostic (not a condition estimate). */
  readonly pivotRatio: number;
}

/** Options of factorSparseLU (and of the refactorisation's fallback). */
export interface SparseLUOptions {
  /** Column pre-ordering: 'amd' (default), 'natural', or an explicit permutation (q[k] = k-th pivot column). */
  ordering?: 'amd' | 'natural' | ArrayLike<number>;
  /** Threshold partial pivoting: the diagonal is kept when |a_diag| ≥ pivotThreshold · max|a_candidates|. Default 0.1. */
  pivotThreshold?: number;
  /** A pivot with |u_kk| ≤ singularTol · max|A(:, column)| is a singular column. Default 1e-14. */
  singularTol?: number;
}

/** Internal storage of the factors; the index arrays are in pivot order. */
export interface SparseLUData {
  readonly n: number;
  /** q: column order, q[k] = column of A eliminated at step k. */
  readonly colOrder: Int32Array;
  /** pinv: pinv[i] = step at which row i of A was the pivot row. */
  readonly rowPivot: Int32Array;
  /** L strictly below the unit diagonal, CSC, row indices in pivot order. */
  readonly lPtr: Int32Array;
  readonly lIdx: Int32Array;
  readonly lVal: Float64Array;
  /** U strictly above the diagonal, CSC, entries of each column in a topological order of the solve. */
  readonly uPtr: Int32Array;
  readonly uIdx: Int32Array;
  readonly uVal: Float64Array;
  readonly uDiag: Float64Array;
  /** The pattern of the factored matrix (for refactorisation). */
  readonly patternRowPtr: Int32Array;
  readonly patternColIdx: Int32Array;
  readonly pivotThreshold: number;
  readonly singularTol: number;
  /**
   * Chain factors only, when the factorisation found it (factor-chain-lu.ts): where each column's band entries are in
   * the value array of a matrix of this pattern — positions fixed by the pattern, so every refactorisation on it
   * reuses them instead of building its scatter program.
   */
  readonly chainBand?: ChainScatter;
}

/** The factors with tight typed-array solves. */
export class SparseLUFactors implements SparseLU {
  readonly n: number;
  readonly nnzL: number;
  readonly nnzU: number;
  pivotRatio: number;
  readonly data: SparseLUData;
  /** rowOfStep[k] = the row of A that was pivot k (inverse of rowPivot). */
  private readonly rowOfStep: Int32Array;
  private readonly work: Float64Array;
  /** 1 / u_kk: the back substitution multiplies (a division would lengthen its dependency chain). */
  private readonly uDiagInv: Float64Array;

  /**
   * Whether L and U are bidiagonal chains in the pivot order (chain-factors.ts): solves and refactorisations then run
   * the chain kernels, the same operations as the general loops. `chain: false` keeps the general kernels; `chain:
   * 'known'` is the word of a caller that formed chain factors itself (factorChainLU), taken without the check.
   */
  readonly chain: boolean;

  constructor(data: SparseLUData, options: { readonly chain?: boolean | 'known' } = {}) {
    this.data = data;
    const n = data.n;
    this.chain = options.chain === 'known' || (options.chain !== false && isChain(n, data.lPtr, data.lIdx, data.uPtr, data.uIdx));
    this.n = n;
    this.nnzL = data.lPtr[n] + n;
    this.nnzU = data.uPtr[n] + n;
    this.rowOfStep = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rowOfStep[data.rowPivot[i]] = i;
    this.work = new Float64Array(n);
    this.uDiagInv = new Float64Array(n);
    this.pivotRatio = 1;
    this.refreshDiagonal();
  }

  /** After the values of uDiag changed in place (refactorSparseLU with inPlace): 1/u_kk and the pivot ratio. */
  refreshDiagonal(): void {
    const { n, data } = this;
    let lo = Infinity;
    let hi = 0;
    for (let k = 0; k < n; k++) {
      const u = data.uDiag[k];
      this.uDiagInv[k] = 1 / u;
      const m = Math.abs(u);
      if (m < lo) lo = m;
      if (m > hi) hi = m;
    }
    this.pivotRatio = n === 0 ? 1 : hi > 0 ? lo / hi : 0;
  }

  /** A zero vector of length n for a refactorisation in place (returned zero by its user). */
  scratch(): Float64Array {
    return (this.accumulator ??= new Float64Array(this.n));
  }

  private accumulator: Float64Array | undefined;

  solve(b: ArrayLike<number>, out?: Float64Array): Float64Array {
    const n = this.n;
    checkDimension('SparseLU.solve', 'b', b.length, n);
    const x = out ?? new Float64Array(n);
    checkDimension('SparseLU.solve', 'out', x.length, n);
    const { lPtr, lIdx, lVal, uPtr, uIdx, uVal, colOrder } = this.data;
    const { rowOfStep, uDiagInv } = this;
    const y = this.work;
    if (this.chain) {
      chainSolve(b, x, y, rowOfStep, colOrder, lVal, uVal, uDiagInv, n);
      return x;
    }
    // P A Q = L U  ⇒  L U (Qᵀ x) = P b; each pass a module-level function whose loop is last (no OSR deopt loop).
    gatherRows(y, b, rowOfStep, n);
    forwardL(y, lPtr, lIdx, lVal, n);
    backwardUInto(x, y, uPtr, uIdx, uVal, uDiagInv, colOrder, n);
    return x;
  }

  /** (chain-factors.ts's stageSum: the forms of b and their operations) */
  solveSum(s: number, f: Float64Array, d: number, g: Float64Array | null, c: Float64Array | null, out: Float64Array): Float64Array {
    const n = this.n;
    checkDimension('SparseLU.solveSum', 'f', f.length, n);
    if (g) checkDimension('SparseLU.solveSum', 'g', g.length, n);
    if (c) checkDimension('SparseLU.solveSum', 'c', c.length, n);
    checkDimension('SparseLU.solveSum', 'out', out.length, n);
    const { lPtr, lIdx, lVal, uPtr, uIdx, uVal, colOrder } = this.data;
    const { rowOfStep, uDiagInv } = this;
    const y = this.work;
    const b = stageSumOf(s, f, d, g, c);
    if (this.chain) {
      chainForwardSum(b, y, rowOfStep, lVal, n);
      chainBackward(out, y, colOrder, uVal, uDiagInv, n);
      return out;
    }
    gatherSum(y, b, rowOfStep, n);
    forwardL(y, lPtr, lIdx, lVal, n);
    backwardUInto(out, y, uPtr, uIdx, uVal, uDiagInv, colOrder, n);
    return out;
  }

  solveTranspose(b: ArrayLike<number>, out?: Float64Array): Float64Array {
    const n = this.n;
    checkDimension('SparseLU.solveTranspose', 'b', b.length, n);
    const x = out ?? new Float64Array(n);
    checkDimension('SparseLU.solveTranspose', 'out', x.length, n);
    const { lPtr, lIdx, lVal, uPtr, uIdx, uVal, colOrder } = this.data;
    const { rowOfStep, uDiagInv } = this;
    const y = this.work;
    // Aᵀ = Q Uᵀ Lᵀ P  ⇒  Uᵀ Lᵀ (P x) = Qᵀ b.
    for (let k = 0; k < n; k++) y[k] = b[colOrder[k]];
    // Uᵀ w = Qᵀ b: row j of Uᵀ is column j of U, w_j = (z_j − Σ u_ij w_i) / u_jj, j ascending.
    for (let j = 0; j < n; j++) {
      let s = y[j];
      for (let p = uPtr[j], end = uPtr[j + 1]; p < end; p++) s -= uVal[p] * y[uIdx[p]];
      y[j] = s * uDiagInv[j];
    }
    // Lᵀ v = w: v_j = w_j − Σ l_ij v_i, j descending.
    for (let j = n - 1; j >= 0; j--) {
      let s = y[j];
      for (let p = lPtr[j], end = lPtr[j + 1]; p < end; p++) s -= lVal[p] * y[lIdx[p]];
      y[j] = s;
    }
    // x = Pᵀ v.
    for (let k = 0; k < n; k++) x[rowOfStep[k]] = y[k];
    return x;
  }
}

/** y_k = b[rowOfStep[k]] (P b). */
function gatherRows(y: Float64Array, b: ArrayLike<number>, rowOfStep: Int32Array, n: number): void {
  for (let k = 0; k < n; k++) y[k] = b[rowOfStep[k]];
}

/** y_k = b[rowOfStep[k]] with b = s·(f + d·g + c) formed as it is read (P b: stageSum). */
function gatherSum(y: Float64Array, b: StageSum, rowOfStep: Int32Array, n: number): void {
  for (let k = 0; k < n; k++) y[k] = stageSum(b, rowOfStep[k]);
}

/** Forward: L z = P b in place, column by column (z_j final once columns < j are applied). */
function forwardL(y: Float64Array, lPtr: Int32Array, lIdx: Int32Array, lVal: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const yj = y[j];
    if (yj === 0) continue;
    for (let p = lPtr[j], end = lPtr[j + 1]; p < end; p++) y[lIdx[p]] -= lVal[p] * yj;
  }
}

/**
 * Backward U w = z in place with x = Q w written as each w_j is final (w_j = y_j / u_jj, then its column's updates
 * of the rows above; x[colOrder[j]] = w_j): the permutation without a pass of its own. x may be b (already read
 * into y) but not y.
 */
function backwardUInto(
  x: Float64Array,
  y: Float64Array,
  uPtr: Int32Array,
  uIdx: Int32Array,
  uVal: Float64Array,
  uDiagInv: Float64Array,
  colOrder: Int32Array,
  n: number,
): void {
  for (let j = n - 1; j >= 0; j--) {
    const yj = y[j] * uDiagInv[j];
    x[colOrder[j]] = yj;
    if (yj === 0) continue;
    for (let p = uPtr[j], end = uPtr[j + 1]; p < end; p++) y[uIdx[p]] -= uVal[p] * yj;
  }
}
