/** Test helpers: independent dense reference computations and matrix generators. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { CsrMatrix, csrFromTriplets } from '../src/index';

export const SEED = 20240611;

/** Dense product, plain triple loop (the reference for the sparse kernels). */
export function denseMul(a: number[][], b: number[][]): number[][] {
  const m = a.length;
  const k = b.length;
  const n = k > 0 ? b[0].length : 0;
  return Array.from({ length: m }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let t = 0; t < k; t++) s += a[i][t] * b[t][j];
      return s;
    }),
  );
}

export function denseMulVec(a: number[][], x: ArrayLike<number>): number[] {
  return a.map((row) => row.reduce((s, v, j) => s + v * x[j], 0));
}

export function denseTranspose(a: number[][], cols = a.length > 0 ? a[0].length : 0): number[][] {
  return Array.from({ length: cols }, (_, j) => a.map((row) => row[j]));
}

export function zeros(m: number, n: number): number[][] {
  return Array.from({ length: m }, () => new Array<number>(n).fill(0));
}

export function maxAbsDiff(a: ArrayLike<ArrayLike<number>>, b: ArrayLike<ArrayLike<number>>): number {
  if (a.length !== b.length) return Infinity;
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i].length !== b[i].length) return Infinity;
  for (let i = 0; i < a.length; i++) for (let j = 0; j < a[i].length; j++) d = Math.max(d, Math.abs(a[i][j] - b[i][j]));
  return d;
}

/** max_i |(A x − b)_i| over A's stored entries (the residual of a sparse solve against A itself). */
export function csrResidual(a: CsrMatrix, x: ArrayLike<number>, b: ArrayLike<number>): number {
  let r = 0;
  for (let i = 0; i < a.rows; i++) {
    let s = -b[i];
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) s += a.values[p] * x[a.colIdx[p]];
    r = Math.max(r, Math.abs(s));
  }
  return r;
}

export function norm2(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * x[i];
  return Math.sqrt(s);
}

/** Random sparse triplets: a rows×cols matrix with up to `perRow`·rows entries in [−1, 1]. */
export function arbTriplets(maxRows = 12, maxCols = 12, perRow = 3) {
  return fc
    .record({ rows: fc.integer({ min: 1, max: maxRows }), cols: fc.integer({ min: 1, max: maxCols }) })
    .chain(({ rows, cols }) =>
      fc.record({
        rows: fc.constant(rows),
        cols: fc.constant(cols),
        entries: fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: rows - 1 }),
            fc.integer({ min: 0, max: cols - 1 }),
            fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }),
          ),
          { maxLength: perRow * rows },
        ),
      }),
    );
}

export function tripletsToCsr(t: { rows: number; cols: number; entries: [number, number, number][] }): CsrMatrix {
  return csrFromTriplets(
    t.rows,
    t.cols,
    t.entries.map((e) => e[0]),
    t.entries.map((e) => e[1]),
    t.entries.map((e) => e[2]),
  );
}

/** Dense form of triplets, summing duplicates (independent of csrFromTriplets). */
export function tripletsToDense(t: { rows: number; cols: number; entries: [number, number, number][] }): number[][] {
  const d = zeros(t.rows, t.cols);
  for (const [i, j, v] of t.entries) d[i][j] += v;
  return d;
}

/**
 * A random nonsingular sparse n×n matrix: strictly diagonally dominant, then (optionally) its rows permuted
 * (so the diagonal may vanish and pivoting is required) and rows/columns scaled by factors in [0.1, 10].
 */
export function arbNonsingular(maxN = 40, opts: { permuteRows?: boolean } = {}) {
  return fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      entries: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }),
        ),
        { maxLength: 4 * n },
      ),
      signs: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      perm: opts.permuteRows
        ? fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n })
        : fc.constant(Array.from({ length: n }, (_, i) => i)),
      rowScale: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
      colScale: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
      rhs: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
    }),
  );
}

export interface NonsingularCase {
  n: number;
  entries: [number, number, number][];
  signs: boolean[];
  perm: number[];
  rowScale: number[];
  colScale: number[];
  rhs: number[];
}

/** Builds the matrix of arbNonsingular as triplets (diagonal dominance: |a_ii| = 1 + Σ_j≠i |a_ij|). */
export function nonsingularTriplets(c: NonsingularCase): { ri: number[]; ci: number[]; v: number[] } {
  const { n } = c;
  const off = c.entries.filter(([i, j]) => i !== j);
  const rowSum = new Array<number>(n).fill(0);
  for (const [i, , v] of off) rowSum[i] += Math.abs(v);
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  const r = c.rowScale.map((s) => Math.pow(10, s));
  const s = c.colScale.map((x) => Math.pow(10, x));
  for (const [i, j, x] of off) {
    ri.push(c.perm[i]);
    ci.push(j);
    v.push(x * r[c.perm[i]] * s[j]);
  }
  for (let i = 0; i < n; i++) {
    ri.push(c.perm[i]);
    ci.push(i);
    v.push((c.signs[i] ? 1 : -1) * (1 + rowSum[i]) * r[c.perm[i]] * s[i]);
  }
  return { ri, ci, v };
}

/** 2-D grid Laplacian (5-point) of kx×ky nodes plus `diag` on the diagonal, node (x, y) = x·ky + y. */
export function gridLaplacian(kx: number, ky: number, diag = 1e-3): CsrMatrix {
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  const id = (x: number, y: number): number => x * ky + y;
  for (let x = 0; x < kx; x++) {
    for (let y = 0; y < ky; y++) {
      let d = diag;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= kx || yy >= ky) continue;
        ri.push(id(x, y));
        ci.push(id(xx, yy));
        v.push(-1);
        d += 1;
      }
      ri.push(id(x, y));
      ci.push(id(x, y));
      v.push(d);
    }
  }
  return csrFromTriplets(kx * ky, kx * ky, ri, ci, v);
}

/** Tridiagonal T (sub l_i, diagonal d_i, super u_i) as P T Pᵀ in CSR; `zeroOff`: off-diagonals stored as 0. */
export function scrambledTridiagonal(n: number, perm: Int32Array, d: (i: number) => number, off: (i: number) => number): CsrMatrix {
  const rows: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  for (let i = 0; i < n; i++) {
    rows[perm[i]].set(perm[i], d(i));
    if (i > 0) rows[perm[i]].set(perm[i - 1], off(2 * i));
    if (i < n - 1) rows[perm[i]].set(perm[i + 1], off(2 * i + 1));
  }
  const rowPtr = new Int32Array(n + 1);
  const colIdx: number[] = [];
  const values: number[] = [];
  for (let r = 0; r < n; r++) {
    for (const c of [...rows[r].keys()].sort((a, b) => a - b)) {
      colIdx.push(c);
      values.push(rows[r].get(c)!);
    }
    rowPtr[r + 1] = colIdx.length;
  }
  return new CsrMatrix(n, n, rowPtr, Int32Array.from(colIdx), Float64Array.from(values));
}

/** A random permutation of 0 … n − 1 (Fisher–Yates with the given generator). */
export function shuffled(n: number, random: () => number): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** Entry by entry, Object.is: the same bits (−0 apart from 0). */
export function sameBits(a: Float64Array, b: Float64Array, what: string): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Object.is(a[i], b[i]), `${what}[${i}]: ${a[i]} against ${b[i]}`).toBe(true);
}
