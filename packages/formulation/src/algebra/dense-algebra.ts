/**
 * Dense matrices T[][] over a Field (packages/symbolic). solve() is Gaussian elimination choosing, in each
 * column, the candidate of lowest pivotCost (for numbers −|a|: partial pivoting); a backend may replace it
 * (the symbolic backend uses the structured fraction-free solver). Zero entries are skipped, so diagonal
 * and sparse blocks cost what their nonzeros cost. O(n² (n + k)) for an n×n system with k right-hand sides.
 */
import type { SignedMatrix } from '@sysgraph/graph';
import type { MatrixAlgebra } from './matrix-algebra';
import { SingularMatrix } from './matrix-algebra';
import type { Field } from '@sysgraph/symbolic';
import { numericSolve } from './numeric-solve';

export type Dense<T> = T[][];

/**
 * pivotTolerance: float64 numbers (an inexact field with toNumber) with a tolerance > 0 are solved by
 * numeric-solve.ts, where a pivot is zero when it is a cancellation to within tolerance of the terms that formed
 * it (independent of units); otherwise a pivot with |a| ≤ tolerance · max|A| counts as zero (0: exact zeros only).
 */
export function denseAlgebra<T>(field: Field<T>, pivotTolerance = 0): MatrixAlgebra<Dense<T>, T> {
  const F = field;
  const zeros = (r: number, c: number): Dense<T> => Array.from({ length: r }, () => new Array<T>(c).fill(F.zero));
  // Dimensions of empty matrices are tracked with a hidden column count.
  const shape = new WeakMap<object, number>();
  const make = (r: number, c: number): Dense<T> => {
    const m = zeros(r, c);
    shape.set(m, c);
    return m;
  };
  const cols = (a: Dense<T>) => (a.length > 0 ? a[0].length : shape.get(a) ?? 0);
  const withShape = (a: Dense<T>, c: number): Dense<T> => {
    shape.set(a, c);
    return a;
  };
  // numberField with a tolerance: solve() through the unit-independent float64 kernel.
  const numeric = !F.exact && F.toNumber !== undefined && pivotTolerance > 0;

  const alg: MatrixAlgebra<Dense<T>, T> = {
    field,
    kind: 'dense',
    rows: (a) => a.length,
    cols,
    zeros: make,
    identity(n) {
      const m = make(n, n);
      for (let i = 0; i < n; i++) m[i][i] = F.one;
      return m;
    },
    diag(values) {
      const m = make(values.length, values.length);
      values.forEach((v, i) => (m[i][i] = v));
      return m;
    },
    fromEntries(r, c, entries) {
      const m = make(r, c);
      for (const [i, j, v] of entries) m[i][j] = F.isZero(m[i][j]) ? v : F.add(m[i][j], v);
      return m;
    },
    fromSigned(s: SignedMatrix) {
      const m = make(s.rows, s.cols);
      for (let i = 0; i < s.rows; i++) for (let p = s.rowPtr[i]; p < s.rowPtr[i + 1]; p++) m[i][s.colIdx[p]] = F.fromInteger(s.values[p]);
      return m;
    },
    add: (a, b) => zip(a, b, (x, y) => (F.isZero(x) ? y : F.isZero(y) ? x : F.add(x, y))),
    sub: (a, b) => zip(a, b, (x, y) => (F.isZero(y) ? x : F.isZero(x) ? F.neg(y) : F.sub(x, y))),
    neg: (a) => mapM(a, (x) => (F.isZero(x) ? x : F.neg(x))),
    mul(a, b) {
      const n = a.length;
      const k = cols(a);
      const m = cols(b);
      if (k !== b.length) throw new RangeError(`dimension mismatch in product: ${n}×${k} · ${b.length}×${m}`);
      const out = make(n, m);
      for (let i = 0; i < n; i++) {
        const ai = a[i];
        const oi = out[i];
        for (let p = 0; p < k; p++) {
          const x = ai[p];
          if (F.isZero(x)) continue;
          const bp = b[p];
          for (let j = 0; j < m; j++) {
            const y = bp[j];
            if (F.isZero(y)) continue;
            const xy = F.mul(x, y);
            oi[j] = F.isZero(oi[j]) ? xy : F.add(oi[j], xy);
          }
        }
      }
      return out;
    },
    transpose(a) {
      const out = make(cols(a), a.length);
      for (let i = 0; i < a.length; i++) for (let j = 0; j < a[i].length; j++) out[j][i] = a[i][j];
      return out;
    },
    selectRows(a, rows) {
      const out = make(rows.length, cols(a));
      for (let r = 0; r < rows.length; r++) out[r] = a[rows[r]].slice();
      return out;
    },
    selectCols(a, cs) {
      const out = make(a.length, cs.length);
      for (let i = 0; i < a.length; i++) for (let c = 0; c < cs.length; c++) out[i][c] = a[i][cs[c]];
      return out;
    },
    hcat(blocks) {
      const r = blocks.length > 0 ? blocks[0].length : 0;
      const total = blocks.reduce((n, b) => n + cols(b), 0);
      const out = make(r, total);
      let off = 0;
      for (const b of blocks) {
        if (b.length !== r) throw new RangeError(`hcat: ${b.length} rows, expected ${r}`);
        for (let i = 0; i < r; i++) for (let j = 0; j < cols(b); j++) out[i][off + j] = b[i][j];
        off += cols(b);
      }
      return out;
    },
    vcat(blocks) {
      const c = blocks.length > 0 ? cols(blocks[0]) : 0;
      const out = make(0, c);
      for (const b of blocks) {
        if (cols(b) !== c && b.length > 0) throw new RangeError(`vcat: ${cols(b)} columns, expected ${c}`);
        for (const row of b) out.push(row.slice());
      }
      return out;
    },
    solve(a, b) {
      const n = a.length;
      const m = cols(b);
      // Float64 numbers: the unit-independent kernel (numeric-solve.ts); exact fields eliminate below.
      if (numeric) return withShape(numericSolve(a as number[][], b as number[][], pivotTolerance) as Dense<T>, m);
      const A = a.map((row) => row.slice());
      const X = b.map((row) => row.slice());
      const magnitude = (x: T) => (F.toNumber ? Math.abs(F.toNumber(x)) : Infinity);
      let maxWeight = 0;
      for (const row of A) for (const x of row) if (!F.isZero(x)) maxWeight = Math.max(maxWeight, magnitude(x));
      for (let c = 0; c < n; c++) {
        let best = -1;
        let bestCost = Infinity;
        for (let r = c; r < n; r++) {
          if (F.isZero(A[r][c])) continue;
          const cost = F.pivotCost(A[r][c]);
          if (best < 0 || cost < bestCost) {
            best = r;
            bestCost = cost;
          }
        }
        if (best < 0 || magnitude(A[best][c]) <= pivotTolerance * maxWeight) throw new SingularMatrix(c, n);
        if (best !== c) {
          [A[c], A[best]] = [A[best], A[c]];
          [X[c], X[best]] = [X[best], X[c]];
        }
        const piv = A[c][c];
        for (let r = 0; r < n; r++) {
          if (r === c || F.isZero(A[r][c])) continue;
          const f = F.div(A[r][c], piv);
          A[r][c] = F.zero;
          for (let j = c + 1; j < n; j++) if (!F.isZero(A[c][j])) A[r][j] = F.sub(A[r][j], F.mul(f, A[c][j]));
          for (let j = 0; j < m; j++) if (!F.isZero(X[c][j])) X[r][j] = F.sub(X[r][j], F.mul(f, X[c][j]));
        }
      }
      const out = make(n, m);
      for (let r = 0; r < n; r++) for (let j = 0; j < m; j++) out[r][j] = F.isZero(X[r][j]) ? F.zero : F.div(X[r][j], A[r][r]);
      return out;
    },
    isZero: (a) => a.every((row) => row.every((x) => F.isZero(x))),
    get: (a, i, j) => a[i][j],
    toDense: (a) => a.map((row) => row.slice()),
    nnz: (a) => a.reduce((n, row) => n + row.filter((x) => !F.isZero(x)).length, 0),
  };

  function zip(a: Dense<T>, b: Dense<T>, f: (x: T, y: T) => T): Dense<T> {
    if (a.length !== b.length || cols(a) !== cols(b)) throw new RangeError(`dimension mismatch: ${a.length}×${cols(a)} and ${b.length}×${cols(b)}`);
    const out = make(a.length, cols(a));
    for (let i = 0; i < a.length; i++) for (let j = 0; j < a[i].length; j++) out[i][j] = f(a[i][j], b[i][j]);
    return out;
  }
  function mapM(a: Dense<T>, f: (x: T) => T): Dense<T> {
    const out = make(a.length, cols(a));
    for (let i = 0; i < a.length; i++) for (let j = 0; j < a[i].length; j++) out[i][j] = f(a[i][j]);
    return out;
  }
  return alg;
}
