/**
 * dualCsrAlgebra: the formulation's sparse algebra lifted to dual matrices V + Σ_k D_k ε_k (one CSR matrix of
 * values and one of derivatives per direction), so the sparse formulation of a 10^4-branch network returns every
 * matrix with its exact derivatives ∂/∂θ_k, each as sparse as the matrix itself:
 *
 *     (A ± B)' = A' ± B'     (A B)' = A' B + A B'     (Aᵀ)' = A'ᵀ     (selections, concatenations: componentwise)
 *     X = A⁻¹ B:  X' = A⁻¹ (B' − A' X)     (one factorisation of A for the values and every direction)
 *
 * Every operation is the sparse algebra's own kernel on the components (its pivots, its singularity test), so
 * the values are those of the numeric sparse formulation bit for bit.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import type { MatrixAlgebra } from '@sysgraph/formulation';
import { sparseAlgebra } from '@sysgraph/formulation';
import type { SignedMatrix } from '@sysgraph/graph';
import type { Dual } from '../dual-number';
import { dualField } from '../dual-number';

export interface DualCsr {
  readonly v: CsrMatrix;
  /** ∂v/∂θ_k, one CSR matrix of v's shape per direction. */
  readonly d: readonly CsrMatrix[];
}

export function dualCsrAlgebra(p: number, singularTol?: number): MatrixAlgebra<DualCsr, Dual> {
  const base = sparseAlgebra(singularTol);
  const field = dualField(p);
  const dirs = Array.from({ length: p }, (_, k) => k);
  const constant = (v: CsrMatrix): DualCsr => ({ v, d: dirs.map(() => base.zeros(v.rows, v.cols)) });
  const each = (f: (m: CsrMatrix) => CsrMatrix) => (a: DualCsr): DualCsr => ({ v: f(a.v), d: a.d.map(f) });
  const pair = (f: (x: CsrMatrix, y: CsrMatrix) => CsrMatrix) => (a: DualCsr, b: DualCsr): DualCsr => ({ v: f(a.v, b.v), d: dirs.map((k) => f(a.d[k], b.d[k])) });
  const split = (rows: number, cols: number, entries: Iterable<readonly [number, number, Dual]>): DualCsr => {
    const list = [...entries];
    return {
      v: base.fromEntries(rows, cols, list.map(([i, j, x]) => [i, j, x.v] as const)),
      d: dirs.map((k) => base.fromEntries(rows, cols, list.filter(([, , x]) => x.d[k] !== 0).map(([i, j, x]) => [i, j, x.d[k]] as const))),
    };
  };
  // X_i = A⁻¹ B_i and X_i' = A⁻¹ (B_i' − A' X_i), all with the factorisation of A.v
  const solveAll = (a: DualCsr, bs: readonly DualCsr[]): DualCsr[] => {
    const solveMany = (rhs: readonly CsrMatrix[]) => (base.solveEach ? base.solveEach(a.v, rhs) : rhs.map((b) => base.solve(a.v, b)));
    const X = solveMany(bs.map((b) => b.v));
    const rhs = bs.flatMap((b, i) => dirs.map((k) => base.sub(b.d[k], base.mul(a.d[k], X[i]))));
    const dX = rhs.length > 0 ? solveMany(rhs) : [];
    return X.map((v, i) => ({ v, d: dirs.map((k) => dX[i * p + k]) }));
  };
  const alg: MatrixAlgebra<DualCsr, Dual> = {
    field,
    kind: 'sparse',
    rows: (a) => a.v.rows,
    cols: (a) => a.v.cols,
    zeros: (r, c) => constant(base.zeros(r, c)),
    identity: (n) => constant(base.identity(n)),
    diag: (values) => ({ v: base.diag(values.map((x) => x.v)), d: dirs.map((k) => base.diag(values.map((x) => x.d[k]))) }),
    fromEntries: split,
    fromSigned: (s: SignedMatrix) => constant(base.fromSigned(s)),
    add: pair(base.add),
    sub: pair(base.sub),
    mul: (a, b) => ({ v: base.mul(a.v, b.v), d: dirs.map((k) => base.add(base.mul(a.d[k], b.v), base.mul(a.v, b.d[k]))) }),
    neg: each(base.neg),
    transpose: each(base.transpose),
    selectRows: (a, rows) => each((m) => base.selectRows(m, rows))(a),
    selectCols: (a, cols) => each((m) => base.selectCols(m, cols))(a),
    hcat: (blocks) => ({ v: base.hcat(blocks.map((b) => b.v)), d: dirs.map((k) => base.hcat(blocks.map((b) => b.d[k]))) }),
    vcat: (blocks) => ({ v: base.vcat(blocks.map((b) => b.v)), d: dirs.map((k) => base.vcat(blocks.map((b) => b.d[k]))) }),
    solve: (a, b) => solveAll(a, [b])[0],
    solveEach: (a, bs) => solveAll(a, bs),
    isZero: (a) => base.isZero(a.v) && a.d.every((m) => base.isZero(m)),
    get: (a, i, j) => ({ v: base.get(a.v, i, j), d: Float64Array.from(a.d, (m) => base.get(m, i, j)) }),
    toDense: (a) => {
      const v = base.toDense(a.v);
      const d = a.d.map((m) => base.toDense(m));
      return v.map((row, i) => row.map((x, j) => ({ v: x, d: Float64Array.from(d, (dk) => dk[i][j]) })));
    },
    nnz: (a) => base.nnz(a.v),
  };
  if (base.splitCols) {
    const splitCols = base.splitCols;
    alg.splitCols = (a, widths) => {
      const v = splitCols(a.v, widths);
      const d = a.d.map((m) => splitCols(m, widths));
      return v.map((vi, i) => ({ v: vi, d: dirs.map((k) => d[k][i]) }));
    };
  }
  return alg;
}
