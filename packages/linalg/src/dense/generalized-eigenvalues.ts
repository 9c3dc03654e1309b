/**
 * generalizedEigenvalues: the finite eigenvalues of the regular pencil A − λE by rank reduction of E
 * (deflation of the infinite eigenvalues with SVDs, in the spirit of the staircase reduction of
 * Van Dooren, Linear Algebra Appl. 27, 1979; cf. Kunkel & Mehrmann, "Differential-Algebraic Equations", 2006, §2.1).
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { SysgraphError } from '@sysgraph/core';
import { SingularMatrixError } from '../singular-matrix-error';
import { checkDense } from './check-dense';
import type { DenseRows } from './check-dense';
import { eigenvalues, sortSpectrum } from './eigenvalues';
import type { Spectrum } from './eigenvalues';

interface Tolerances {
  readonly relTol: number;
  readonly scaleA: number;
  readonly scaleE: number;
}

/**
 * One reduction step on a k×k pencil:
 *  1. E = U diag(Σ, 0) Vᵀ, r = rank E. Uᵀ (A − λE) V = [[A11 − λΣ, A12], [A21, A22]].
 *  2. A22 = P diag(Δ, 0) Qᵀ, s = rank A22. The s variables of Δ are algebraic and eliminated exactly:
 *       A11 ← A11 − A12a Δ⁻¹ A21a   (Schur complement; the pencil of index ≤ 1 ends here).
 *  3. The remaining t = k − r − s algebraic variables (index ≥ 2) meet the pencil [[A11 − λΣ, A12b], [A21b, 0]]:
 *       A21b x1 = 0 ⇒ x1 = N_r y,  and projecting out the range of A12b with N_lᵀ:
 *       N_lᵀ (A11 − λΣ) N_r y = 0,
 *     a pencil of size r − t with the same finite eigenvalues, reduced again.
 * A rank deficiency of A21b or A12b (or a singular A when E = 0) means det(A − λE) ≡ 0: a singular pencil.
 */
function finiteEigenvalues(a: Matrix, e: Matrix, tol: Tolerances): { re: number[]; im: number[] } {
  const k = a.rows;
  if (k === 0) return { re: [], im: [] };
  const svdE = new SingularValueDecomposition(e);
  const sigma = svdE.diagonal;
  const r = sigma.filter((s) => s > tol.relTol * tol.scaleE).length;
  if (r === 0) {
    const rankA = new SingularValueDecomposition(a, { computeLeftSingularVectors: false, computeRightSingularVectors: false })
      .diagonal.filter((s) => s > tol.relTol * tol.scaleA).length;
    if (rankA < k) throw singularPencil();
    return { re: [], im: [] };
  }
  const u = svdE.leftSingularVectors;
  const v = svdE.rightSingularVectors;
  const at = u.transpose().mmul(a).mmul(v);
  const sigmaInv = Matrix.diag(sigma.slice(0, r).map((s) => 1 / s));
  if (r === k) return toArrays(eigenvalues(sigmaInv.mmul(at).to2DArray()));

  const t0 = k - r;
  const a11 = at.subMatrix(0, r - 1, 0, r - 1);
  const a12 = at.subMatrix(0, r - 1, r, k - 1);
  const a21 = at.subMatrix(r, k - 1, 0, r - 1);
  const a22 = at.subMatrix(r, k - 1, r, k - 1);
  const svdA22 = new SingularValueDecomposition(a22);
  const delta = svdA22.diagonal;
  const s = delta.filter((d) => d > tol.relTol * tol.scaleA).length;
  const a12q = a12.mmul(svdA22.rightSingularVectors); // A12 Q
  const a21p = svdA22.leftSingularVectors.transpose().mmul(a21); // Pᵀ A21
  let reduced = a11.clone();
  if (s > 0) {
    // A11 − A12a Δ⁻¹ A21a
    const a12a = a12q.subMatrix(0, r - 1, 0, s - 1);
    const a21a = a21p.subMatrix(0, s - 1, 0, r - 1);
    const deltaInv = Matrix.diag(delta.slice(0, s).map((d) => 1 / d));
    reduced = reduced.sub(a12a.mmul(deltaInv).mmul(a21a));
  }
  const t = t0 - s;
  const sigmaR = Matrix.diag(sigma.slice(0, r));
  if (t === 0) return toArrays(eigenvalues(sigmaInv.mmul(reduced).to2DArray()));
  if (t > r) throw singularPencil();
  if (t === r) {
    // Only the rank checks remain: the pencil has no finite eigenvalues if it is regular.
    requireFullRowRank(a21p.subMatrix(s, t0 - 1, 0, r - 1), r, t, tol);
    requireFullRowRank(a12q.subMatrix(0, r - 1, s, t0 - 1).transpose(), r, t, tol);
    return { re: [], im: [] };
  }
  const a12b = a12q.subMatrix(0, r - 1, s, t0 - 1);
  const a21b = a21p.subMatrix(s, t0 - 1, 0, r - 1);
  const right = nullBasis(a21b, r, t, tol);
  const left = nullBasis(a12b.transpose(), r, t, tol);
  const nextA = left.transpose().mmul(reduced).mmul(right);
  const nextE = left.transpose().mmul(sigmaR).mmul(right);
  return finiteEigenvalues(nextA, nextE, tol);
}

/** Orthonormal basis (r × (r − t)) of the null space of the t×r matrix m, which must have full row rank t. */
function nullBasis(m: Matrix, r: number, t: number, tol: Tolerances): Matrix {
  const svd = requireFullRowRank(m, r, t, tol);
  return svd.rightSingularVectors.subMatrix(0, r - 1, t, r - 1);
}

/** The SVD of the t×r matrix m padded to r×r; a singular pencil unless m has full row rank t (t = r: no null space). */
function requireFullRowRank(m: Matrix, r: number, t: number, tol: Tolerances): SingularValueDecomposition {
  // Pad to r×r with zero rows so the SVD returns a complete V.
  const padded = Matrix.zeros(r, r);
  padded.setSubMatrix(m, 0, 0);
  const svd = new SingularValueDecomposition(padded, { computeLeftSingularVectors: false });
  const rank = svd.diagonal.filter((d) => d > tol.relTol * tol.scaleA).length;
  if (rank < t) throw singularPencil();
  return svd;
}

function singularPencil(): SingularMatrixError {
  return new SingularMatrixError(
    'generalizedEigenvalues',
    -1,
    'the pencil A − λE is singular (det(A − λE) vanishes for every λ)',
  );
}

function toArrays(s: Spectrum): { re: number[]; im: number[] } {
  return { re: Array.from(s.re), im: Array.from(s.im) };
}

/** Powers of two r_i, c_j making the rows, then the columns, of [A E] of unit max-norm (does not change λ). */
function balance(a: number[][], e: number[][], n: number): void {
  const pow2 = (x: number): number => (x > 0 ? Math.pow(2, -Math.round(Math.log2(x))) : 1);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let j = 0; j < n; j++) m = Math.max(m, Math.abs(a[i][j]), Math.abs(e[i][j]));
    const f = pow2(m);
    for (let j = 0; j < n; j++) {
      a[i][j] *= f;
      e[i][j] *= f;
    }
  }
  for (let j = 0; j < n; j++) {
    let m = 0;
    for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(a[i][j]), Math.abs(e[i][j]));
    const f = pow2(m);
    for (let i = 0; i < n; i++) {
      a[i][j] *= f;
      e[i][j] *= f;
    }
  }
}

/**
 * The finite λ with det(A − λE) = 0, sorted by real part then imaginary part; their number is deg det(A − λE).
 * The pencil is first balanced by power-of-two row and column scalings; ranks are decided against
 * relTol · ‖·‖₂ of the balanced A and E (default 1e-10). A singular pencil throws SingularMatrixError.
 * O(n³) per reduction step, at most n steps (one for index ≤ 1).
 */
export function generalizedEigenvalues(a: DenseRows, e: DenseRows, opts: { relTol?: number } = {}): Spectrum {
  const [n] = checkDense(a, 'generalizedEigenvalues A', { square: true });
  const [er, ec] = checkDense(e, 'generalizedEigenvalues E');
  if (er !== n || ec !== n) {
    throw new SysgraphError('bad-value', `generalizedEigenvalues: E is ${er}×${ec}, expected ${n}×${n}`, {
      element: 'generalizedEigenvalues E',
      field: 'size',
      expected: `${n}×${n}, as A`,
    });
  }
  const relTol = opts.relTol ?? 1e-10;
  if (n === 0) return { re: new Float64Array(0), im: new Float64Array(0) };
  const ab = Array.from({ length: n }, (_, i) => Array.from(a[i]));
  const eb = Array.from({ length: n }, (_, i) => Array.from(e[i]));
  balance(ab, eb, n);
  const am = new Matrix(ab);
  const em = new Matrix(eb);
  const norm2 = (m: Matrix): number =>
    new SingularValueDecomposition(m, { computeLeftSingularVectors: false, computeRightSingularVectors: false }).norm2;
  const scaleA = norm2(am);
  const scaleE = norm2(em);
  const { re, im } = finiteEigenvalues(am, em, { relTol, scaleA: scaleA > 0 ? scaleA : 1, scaleE: scaleE > 0 ? scaleE : 1 });
  return sortSpectrum(re, im);
}
