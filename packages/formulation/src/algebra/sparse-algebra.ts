/**
 * Sparse CSR matrices of float64 (packages/linalg) for large networks. solve(a, b) splits a into the
 * connected components of its pattern (the independent resistive clusters of a network) and solves each
 * block only for the right-hand-side columns that touch it: with blocks of size n_k and c_k touching
 * columns the cost is Σ n_k·c_k plus the factorisations (dense LU for small blocks, sparse LU with AMD for
 * large ones), instead of n per column.
 */
import type { SignedMatrix } from '@sysgraph/graph';
import {
  CsrMatrix, csrAdd, csrBlocks, csrDiagonal, csrFromTriplets, csrIdentity, csrMul, csrScale, csrScaleRows, csrSelect,
  csrToDense, csrTranspose, csrZeros, factorSparseLU,
} from '@sysgraph/linalg';
import type { MatrixAlgebra } from './matrix-algebra';
import { SingularMatrix } from './matrix-algebra';
import { numberField } from '@sysgraph/symbolic';
import { UnionFind } from '@sysgraph/graph';
import { csrSplitCols } from './csr-split-cols';
import { equilibrate } from './equilibrate';
import { numericSolve } from './numeric-solve';
import type { MagnitudePattern } from './equilibrate';

const SMALL_BLOCK = 64;

export function sparseAlgebra(singularTol = 1e-13): MatrixAlgebra<CsrMatrix, number> {
  const alg: MatrixAlgebra<CsrMatrix, number> = {
    field: numberField,
    kind: 'sparse',
    rows: (a) => a.rows,
    cols: (a) => a.cols,
    zeros: (r, c) => csrZeros(r, c),
    identity: (n) => csrIdentity(n),
    diag: (values) => csrDiagonal(values),
    fromEntries(r, c, entries) {
      const ri: number[] = [];
      const ci: number[] = [];
      const v: number[] = [];
      for (const [i, j, x] of entries) {
        ri.push(i);
        ci.push(j);
        v.push(x);
      }
      return csrFromTriplets(r, c, ri, ci, v, { dropZeros: true });
    },
    fromSigned(s: SignedMatrix) {
      return new CsrMatrix(s.rows, s.cols, s.rowPtr, s.colIdx, Float64Array.from(s.values));
    },
    add: (a, b) => csrAdd(1, a, 1, b),
    sub: (a, b) => csrAdd(1, a, -1, b),
    mul: (a, b) => csrMul(a, b),
    neg: (a) => csrScale(a, -1),
    transpose: (a) => csrTranspose(a),
    selectRows: (a, rows) => (isRun(rows) ? sliceRows(a, rows.length > 0 ? rows[0] : 0, rows.length) : csrSelect(a, rows, range(a.cols))),
    selectCols: (a, cols) => (isRun(cols) ? sliceCols(a, cols.length > 0 ? cols[0] : 0, cols.length) : csrSelect(a, range(a.rows), cols)),
    splitCols: (a, widths) => csrSplitCols(a, widths),
    hcat: (blocks) => concatenate(blocks, 'h'),
    vcat: (blocks) => concatenate(blocks, 'v'),
    solve: (a, b) => blockSolve(a, b, singularTol),
    solveEach(a, bs) {
      // A diagonal a (the capacitances and inductances of uncoupled storage): a⁻¹ b_k = D⁻¹ b_k, row scalings.
      const inv = diagonalInverse(a);
      if (inv) return bs.map((b) => csrScaleRows(b, inv));
      const X = blockSolve(a, csrBlocks([bs.slice()]), singularTol);
      let c0 = 0;
      return bs.map((b) => {
        const block = sliceCols(X, c0, b.cols);
        c0 += b.cols;
        return block;
      });
    },
    isZero: (a) => {
      for (let p = 0; p < a.nnz; p++) if (a.values[p] !== 0) return false;
      return true;
    },
    get: (a, i, j) => a.get(i, j),
    toDense: (a) => csrToDense(a),
    nnz: (a) => a.nnz,
  };
  return alg;
}

/**
 * [b_1 | b_2 | …] ('h') or [b_1; b_2; …] ('v'). When one block holds every stored entry (the others are zero
 * blocks that only pad), the result shares its arrays: O(1) for the first block of a row, O(rows) for a block
 * stacked under or over zero blocks, O(nnz) for a block right of zero blocks. Otherwise csrBlocks,
 * O(nnz + rows · blocks).
 */
function concatenate(blocks: readonly CsrMatrix[], direction: 'h' | 'v'): CsrMatrix {
  const h = direction === 'h';
  let filled = -1;
  for (let k = 0; k < blocks.length; k++) {
    if (blocks[k].nnz === 0) continue;
    if (filled >= 0) return h ? csrBlocks([blocks.slice()]) : csrBlocks(blocks.map((b) => [b]));
    filled = k;
  }
  // csrBlocks checks the shapes (and reports a mismatch); here they only need to agree.
  const fixed = blocks.length > 0 ? (h ? blocks[0].rows : blocks[0].cols) : 0;
  if (blocks.some((b) => (h ? b.rows : b.cols) !== fixed)) return h ? csrBlocks([blocks.slice()]) : csrBlocks(blocks.map((b) => [b]));
  let before = 0;
  let total = 0;
  for (let k = 0; k < blocks.length; k++) {
    const size = h ? blocks[k].cols : blocks[k].rows;
    if (k < filled) before += size;
    total += size;
  }
  if (filled < 0) return h ? csrZeros(fixed, total) : csrZeros(total, fixed);
  const b = blocks[filled];
  if (h) {
    if (before === 0) return new CsrMatrix(b.rows, total, b.rowPtr, b.colIdx, b.values);
    const colIdx = new Int32Array(b.nnz);
    for (let p = 0; p < colIdx.length; p++) colIdx[p] = b.colIdx[p] + before;
    return new CsrMatrix(b.rows, total, b.rowPtr, colIdx, b.values);
  }
  // Rows before the block are empty, rows after it end at nnz(b).
  const rowPtr = new Int32Array(total + 1);
  rowPtr.set(b.rowPtr, before);
  rowPtr.fill(b.nnz, before + b.rows + 1);
  return new CsrMatrix(total, b.cols, rowPtr, b.colIdx, b.values);
}

function range(n: number): Int32Array {
  const r = new Int32Array(n);
  for (let i = 0; i < n; i++) r[i] = i;
  return r;
}

/** True when the index list is a run of consecutive ascending integers (a block of rows or columns). */
function isRun(list: ArrayLike<number>): boolean {
  for (let i = 1; i < list.length; i++) if (list[i] !== list[0] + i) return false;
  return true;
}

/**
 * Rows r0 … r0+count−1: a itself for all of them, else a new row pointer over views of a's column and value
 * arrays (instances are immutable). O(count).
 */
function sliceRows(a: CsrMatrix, r0: number, count: number): CsrMatrix {
  if (r0 === 0 && count === a.rows) return a;
  const p0 = a.rowPtr[r0];
  const p1 = a.rowPtr[r0 + count];
  const rowPtr = new Int32Array(count + 1);
  for (let i = 0; i <= count; i++) rowPtr[i] = a.rowPtr[r0 + i] - p0;
  return new CsrMatrix(count, a.cols, rowPtr, a.colIdx.subarray(p0, p1), a.values.subarray(p0, p1));
}

/**
 * Columns c0 … c0+count−1: a itself for all of them. Otherwise, since columns are sorted within a row, each row's
 * entries in the range are one run: a scan finds each run, a copy moves only the kept entries.
 * O(rows + nonzeros up to the end of each run).
 */
function sliceCols(a: CsrMatrix, c0: number, count: number): CsrMatrix {
  if (c0 === 0 && count === a.cols) return a;
  if (count === 0 || a.nnz === 0) return csrZeros(a.rows, count);
  const c1 = c0 + count;
  const rows = a.rows;
  const ptr = a.rowPtr, idx = a.colIdx, val = a.values;
  const rowPtr = new Int32Array(rows + 1);
  const first = new Int32Array(rows);
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    const end = ptr[i + 1];
    let p = ptr[i];
    while (p < end && idx[p] < c0) p++;
    first[i] = p;
    let q = p;
    while (q < end && idx[q] < c1) q++;
    nnz += q - p;
    rowPtr[i + 1] = nnz;
  }
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  for (let i = 0; i < rows; i++) {
    for (let out = rowPtr[i], p = first[i], outEnd = rowPtr[i + 1]; out < outEnd; out++, p++) {
      colIdx[out] = idx[p] - c0;
      values[out] = val[p];
    }
  }
  return new CsrMatrix(rows, count, rowPtr, colIdx, values);
}

/** 1 / a_ii when a is diagonal (every stored entry on the diagonal), else undefined; SingularMatrix on a zero. O(n). */
function diagonalInverse(a: CsrMatrix): Float64Array | undefined {
  const n = a.rows;
  if (a.cols !== n) throw new RangeError(`solve: ${a.rows}×${a.cols}`);
  const d = new Float64Array(n);
  const ptr = a.rowPtr, idx = a.colIdx, val = a.values;
  for (let i = 0; i < n; i++) {
    for (let p = ptr[i]; p < ptr[i + 1]; p++) {
      if (idx[p] !== i) {
        if (val[p] !== 0) return undefined;
      } else d[i] = val[p];
    }
  }
  for (let i = 0; i < n; i++) {
    if (!(Math.abs(d[i]) > 0) || !Number.isFinite(d[i])) throw new SingularMatrix(i, n);
    d[i] = 1 / d[i];
  }
  return d;
}

/** a⁻¹ b by independent diagonal blocks of a's pattern (a diagonal a: one scaling of b's rows). */
function blockSolve(a: CsrMatrix, b: CsrMatrix, singularTol: number): CsrMatrix {
  const n = a.rows;
  if (a.cols !== n || b.rows !== n) throw new RangeError(`solve: ${a.rows}×${a.cols} with ${b.rows}×${b.cols}`);
  const d = diagonalInverse(a);
  if (d) return csrScaleRows(b, d);
  const uf = new UnionFind(n);
  for (let i = 0; i < n; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) if (a.values[p] !== 0) uf.union(i, a.colIdx[p]);
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    let list = members.get(r);
    if (!list) members.set(r, (list = []));
    list.push(i);
  }
  const bt = csrTranspose(b); // columns of b as rows
  const ri: number[] = [];
  const ci: number[] = [];
  const vals: number[] = [];
  // Column j of b touches the blocks of its nonzero rows.
  const blockOfRow = new Int32Array(n);
  for (const [root, rows] of members) for (const i of rows) blockOfRow[i] = root;
  const columnsOfBlock = new Map<number, number[]>();
  for (let j = 0; j < bt.rows; j++) {
    let last = -1;
    for (let p = bt.rowPtr[j]; p < bt.rowPtr[j + 1]; p++) {
      const blk = blockOfRow[bt.colIdx[p]];
      if (blk === last) continue;
      last = blk;
      let list = columnsOfBlock.get(blk);
      if (!list) columnsOfBlock.set(blk, (list = []));
      if (list[list.length - 1] !== j) list.push(j);
    }
  }
  const local = new Int32Array(n);
  for (const [root, rows] of members) {
    rows.forEach((i, k) => (local[i] = k));
    const m = rows.length;
    if (m === 1) {
      const i = rows[0];
      const d = a.get(i, i);
      const scale = Math.abs(d);
      if (!(scale > 0)) throw new SingularMatrix(i, n);
      for (const j of columnsOfBlock.get(root) ?? []) {
        const x = b.get(i, j) / d;
        if (x !== 0) {
          ri.push(i);
          ci.push(j);
          vals.push(x);
        }
      }
      continue;
    }
    const cols = columnsOfBlock.get(root);
    const sub = csrSelect(a, rows, rows);
    const solveBlock = factorBlock(sub, singularTol, rows, n);
    if (!cols) continue;
    const rhs = new Float64Array(m);
    for (const j of cols) {
      rhs.fill(0);
      for (let p = bt.rowPtr[j]; p < bt.rowPtr[j + 1]; p++) {
        const i = bt.colIdx[p];
        if (blockOfRow[i] === root) rhs[local[i]] = bt.values[p];
      }
      const x = solveBlock(rhs);
      for (let k = 0; k < m; k++) {
        if (x[k] !== 0) {
          ri.push(rows[k]);
          ci.push(j);
          vals.push(x[k]);
        }
      }
    }
  }
  return csrFromTriplets(n, b.cols, ri, ci, vals);
}

/**
 * The factorisation of one block. Small blocks: their inverse by the unit-independent kernel (numeric-solve.ts:
 * a pivot is zero only as a cancellation of the terms that formed it). Large blocks: the sparse LU of the
 * equilibrated block Â = diag(r)·sub·diag(c) (equilibrate.ts, powers of two), so that its relative singularity
 * tolerance judges pivots independently of the units of the rows and columns; sub⁻¹ b = diag(c)·Â⁻¹·diag(r)·b.
 */
function factorBlock(sub: CsrMatrix, singularTol: number, rows: number[], n: number): (b: Float64Array) => Float64Array {
  const m = sub.rows;
  if (m <= SMALL_BLOCK) {
    let inv: number[][];
    try {
      inv = numericSolve(csrToDense(sub), Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1 : 0))), singularTol);
    } catch (e) {
      if (e instanceof SingularMatrix) throw new SingularMatrix(rows[e.column], n);
      throw e;
    }
    return (b) => {
      const x = new Float64Array(m);
      for (let i = 0; i < m; i++) {
        const row = inv[i];
        let sum = 0;
        for (let j = 0; j < m; j++) sum += row[j] * b[j];
        x[i] = sum;
      }
      return x;
    };
  }
  const { rowScale: r, colScale: c } = equilibrate(csrMagnitudes(sub));
  const scaled = new Float64Array(sub.nnz);
  for (let i = 0; i < m; i++) for (let p = sub.rowPtr[i]; p < sub.rowPtr[i + 1]; p++) scaled[p] = r[i] * sub.values[p] * c[sub.colIdx[p]];
  const eq = new CsrMatrix(m, sub.cols, sub.rowPtr, sub.colIdx, scaled);
  try {
    const lu = factorSparseLU(eq, { ordering: 'amd', singularTol });
    return (b) => {
      const rb = new Float64Array(b.length);
      for (let i = 0; i < b.length; i++) rb[i] = r[i] * b[i];
      const y = lu.solve(rb);
      for (let i = 0; i < y.length; i++) y[i] *= c[i];
      return y;
    };
  } catch (e) {
    const col = (e as { column?: number }).column;
    throw new SingularMatrix(col !== undefined ? rows[col] : rows[0], n);
  }
}

function csrMagnitudes(a: CsrMatrix): MagnitudePattern {
  return {
    rows: a.rows,
    cols: a.cols,
    forEachNonzero(visit) {
      for (let i = 0; i < a.rows; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) if (a.values[p] !== 0) visit(i, a.colIdx[p], Math.abs(a.values[p]));
    },
  };
}
