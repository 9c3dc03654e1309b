/**
 * Fraction-free (Bareiss) elimination over integer polynomials: det(M) and the Cramer numerators
 * X = det(M)·M⁻¹B, every division exact (E. H. Bareiss, "Sylvester's identity and multistep
 * integer-preserving Gaussian elimination", Math. Comp. 22 (1968); back substitution after Nakos, Turner
 * and Williams, "Fraction-free algorithms for linear and polynomial equations", SIGSAM Bull. 31 (1997)).
 *
 * Step k (pivot p_k = a_kk^(k−1), p_{−1} = 1):   a_ij^(k) = (p_k a_ij^(k−1) − a_ik^(k−1) a_kj^(k−1)) / p_{k−1}.
 * Sparse rows are updated lazily. A row with a_ik = 0 is only rescaled by p_k / p_{k−1}; over several
 * steps these factors telescope, so a row last updated at step m (entries a^(m)) is brought to step k by
 *     a_ij^(k) = (p_k a_ij^(m) − a_ik^(m) a_kj^(k−1)) / p_m,
 * and a pivot row by a^(k−1) = a^(m) · p_{k−1} / p_m. On a tridiagonal matrix this is the continuant
 * recurrence: O(n) polynomial products instead of O(n²).
 */
import { Polynomial } from '../polynomial/polynomial';
import { rhsMismatch, singularMatrix } from './singular';

type Cell = Polynomial | null; // null is a structural zero

export interface BareissElimination {
  /** det of the row-permuted matrix (= sign · det M); zero when singular. */
  readonly pivotDeterminant: Polynomial;
  /** ±1: the parity of the row interchanges. */
  readonly sign: 1 | -1;
  /** The echelon rows: row k holds a^(k−1)_kj for j ≥ k (columns ≥ n are the right-hand sides). */
  readonly rows: Cell[][];
  /** First column without a pivot, or −1. */
  readonly singularColumn: number;
}

/** Bareiss elimination of the n×(n+m) array in place (the first n columns are the matrix). */
export function bareissEliminate(a: Cell[][], n: number): BareissElimination {
  const cols = n === 0 ? 0 : a[0].length;
  const nw = maxWords(a);
  const one = Polynomial.one(nw);
  const level = new Int32Array(n).fill(-1);
  const piv: Polynomial[] = [];
  const pivAt = (m: number) => (m < 0 ? one : piv[m]);
  let sign: 1 | -1 = 1;

  for (let k = 0; k < n; k++) {
    // Pivot: the nonzero candidate with the fewest terms, ties to the lowest row.
    let best = -1;
    let bestSize = Infinity;
    for (let i = k; i < n; i++) {
      const v = a[i][k];
      if (v !== null && !v.isZero() && v.size < bestSize) {
        best = i;
        bestSize = v.size;
      }
    }
    if (best < 0) return { pivotDeterminant: Polynomial.zero(nw), sign, rows: a, singularColumn: k };
    if (best !== k) {
      [a[k], a[best]] = [a[best], a[k]];
      [level[k], level[best]] = [level[best], level[k]];
      sign = sign === 1 ? -1 : 1;
    }
    // Bring the pivot row to step k−1: a^(k−1) = a^(m) · p_{k−1} / p_m.
    if (level[k] < k - 1) {
      const up = pivAt(k - 1);
      const down = pivAt(level[k]);
      const row = a[k];
      for (let j = k; j < cols; j++) {
        const v = row[j];
        if (v !== null) row[j] = exactQuotient(v.mul(up), down);
      }
      level[k] = k - 1;
    }
    const p = a[k][k]!;
    piv[k] = p;
    const pivotRow = a[k];
    for (let i = k + 1; i < n; i++) {
      const row = a[i];
      const aik = row[k];
      if (aik === null || aik.isZero()) continue;
      const divisor = pivAt(level[i]);
      // a_ij^(k) = (p_k a_ij^(m) − a_ik^(m) a_kj^(k−1)) / p_m
      for (let j = k + 1; j < cols; j++) {
        const aij = row[j];
        const akj = pivotRow[j];
        if (aij === null && akj === null) continue;
        let v = aij === null ? Polynomial.zero(nw) : p.mul(aij);
        if (akj !== null) v = v.sub(aik.mul(akj));
        row[j] = v.isZero() ? null : exactQuotient(v, divisor);
      }
      row[k] = null;
      level[i] = k;
    }
  }
  return { pivotDeterminant: n === 0 ? one : piv[n - 1], sign, rows: a, singularColumn: -1 };
}

/** det(M) of a square polynomial matrix (null or zero entries allowed). */
export function bareissDeterminant(m: readonly (readonly Cell[])[]): Polynomial {
  const n = m.length;
  const e = bareissEliminate(
    m.map((r) => r.slice()),
    n,
  );
  return e.sign === 1 ? e.pivotDeterminant : e.pivotDeterminant.neg();
}

export interface BareissSolution {
  /** det(M). */
  readonly det: Polynomial;
  /** det(M)·X where M X = B: the Cramer numerators (adj(M)·B), one row per unknown. */
  readonly numerators: Polynomial[][];
}

/**
 * Solve M X = B fraction-free: returns det(M) and det(M)·X. Throws 'singular-matrix' when det(M) = 0.
 * Back substitution, with D the pivot determinant and U the echelon rows:
 *     X_i = (D·c_i − Σ_{j>i} u_ij X_j) / u_ii        (exact: X_i = D·x_i is a polynomial by Cramer's rule).
 */
export function bareissSolve(m: readonly (readonly Cell[])[], b: readonly (readonly Cell[])[]): BareissSolution {
  const n = m.length;
  if (b.length !== n) throw rhsMismatch(n, b.length);
  const rhs = n === 0 ? 0 : b[0].length;
  const e = bareissEliminate(
    m.map((r, i) => [...r, ...b[i]]),
    n,
  );
  if (e.singularColumn >= 0) throw singularMatrix(e.singularColumn, n);
  const d = e.pivotDeterminant;
  const nw = d.nw;
  const u = e.rows;
  const x: Polynomial[][] = Array.from({ length: n }, () => new Array<Polynomial>(rhs));
  for (let c = 0; c < rhs; c++) {
    for (let i = n - 1; i >= 0; i--) {
      const ci = u[i][n + c];
      let s = ci === null ? Polynomial.zero(nw) : d.mul(ci);
      for (let j = i + 1; j < n; j++) {
        const uij = u[i][j];
        if (uij !== null && !x[j][c].isZero()) s = s.sub(uij.mul(x[j][c]));
      }
      x[i][c] = s.isZero() ? s : exactQuotient(s, u[i][i]!);
    }
  }
  // D is det of the row-permuted matrix; X/D is independent of the permutation, det M = sign·D.
  if (e.sign === -1) return { det: d.neg(), numerators: x.map((r) => r.map((v) => v.neg())) };
  return { det: d, numerators: x };
}

function exactQuotient(v: Polynomial, d: Polynomial): Polynomial {
  return d.isOne() ? v : v.divideExact(d);
}

function maxWords(a: readonly (readonly Cell[])[]): number {
  let nw = 1;
  for (const r of a) for (const v of r) if (v !== null && v.nw > nw) nw = v.nw;
  return nw;
}
