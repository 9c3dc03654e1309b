/**
 * One-sided difference Jacobians of f that stay inside the laws' domains:
 *   J_ij ≈ (f_i(x + s δ_j e_j) − f_i(x))/(s δ_j),   δ_j = √ε·max(1, |x_j|),
 * forward (s = +1) first; where f(x + δ_j e_j) is not finite (sqrt(v) at v = −δ … or any law outside its domain)
 * backward (s = −1); where both are non-finite the column cannot be formed (returns the column index).
 * Three forms: dense (n ≤ 200 without a pattern), coloured on a known CSR pattern (one f evaluation per colour,
 * column-colouring.ts), and column by column keeping only the entries that changed (a pattern found by
 * differences, memory O(nnz): larger models with no Jacobian of their own, first call).
 */
import type { DenseMatrix } from '@sysgraph/linalg';
import { CsrMatrix, denseZeros } from '@sysgraph/linalg';
import type { ColumnColouring } from '../sparse/column-colouring';

export type Rhs = (t: number, z: Float64Array, out: Float64Array) => void;

/** A failed column: the index of the state whose column could not be formed. */
export interface DifferenceFailure {
  readonly failedColumn: number;
}

function step(x: number): number {
  return Math.sqrt(Number.EPSILON) * Math.max(1, Math.abs(x));
}

function finiteRows(f: Float64Array, rows?: Int32Array, from = 0, to = f.length): boolean {
  if (rows) {
    for (let q = from; q < to; q++) if (!Number.isFinite(f[rows[q]])) return false;
    return true;
  }
  for (let i = 0; i < f.length; i++) if (!Number.isFinite(f[i])) return false;
  return true;
}

/**
 * Column j alone: f1 = f(x + s δ e_j) with s = +1, else −1; returns s·δ, or 0 when f is non-finite both ways on
 * the rows checked (all rows, or rows[from … to)).
 */
function oneColumn(rhs: Rhs, t: number, z: Float64Array, j: number, f1: Float64Array, rows?: Int32Array, from?: number, to?: number): number {
  const keep = z[j];
  const d = step(keep);
  for (const s of [1, -1]) {
    z[j] = keep + s * d;
    rhs(t, z, f1);
    z[j] = keep;
    if (finiteRows(f1, rows, from, to)) return s * d;
  }
  return 0;
}

/** Dense n×n one-sided differences (small models). */
export function denseDifference(rhs: Rhs, t: number, z: Float64Array, f0: Float64Array): DenseMatrix | DifferenceFailure {
  const n = z.length;
  const jac = denseZeros(n, n);
  const f1 = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const d = oneColumn(rhs, t, z, j, f1);
    if (d === 0) return { failedColumn: j };
    for (let i = 0; i < n; i++) jac.data[i * n + j] = (f1[i] - f0[i]) / d;
  }
  return jac;
}

/** Differences on a known pattern, one f evaluation per colour (a colour with a non-finite row: its columns one by one). */
export function colouredDifference(rhs: Rhs, t: number, z: Float64Array, f0: Float64Array, pattern: CsrMatrix, colouring: ColumnColouring): CsrMatrix | DifferenceFailure {
  const n = z.length;
  const values = new Float64Array(pattern.nnz);
  const f1 = new Float64Array(n);
  const keep = new Float64Array(n);
  const delta = new Float64Array(n);
  const { start, columns, colPtr, rowOf, csrPos } = colouring;
  for (let g = 0; g < colouring.count; g++) {
    for (let k = start[g]; k < start[g + 1]; k++) {
      const j = columns[k];
      keep[j] = z[j];
      delta[j] = step(z[j]);
      z[j] += delta[j];
    }
    rhs(t, z, f1);
    let ok = true;
    for (let k = start[g]; k < start[g + 1]; k++) {
      const j = columns[k];
      z[j] = keep[j];
      if (!finiteRows(f1, rowOf, colPtr[j], colPtr[j + 1])) ok = false;
    }
    if (ok) {
      for (let k = start[g]; k < start[g + 1]; k++) {
        const j = columns[k];
        for (let q = colPtr[j]; q < colPtr[j + 1]; q++) values[csrPos[q]] = (f1[rowOf[q]] - f0[rowOf[q]]) / delta[j];
      }
      continue;
    }
    for (let k = start[g]; k < start[g + 1]; k++) {
      const j = columns[k];
      const d = oneColumn(rhs, t, z, j, f1, rowOf, colPtr[j], colPtr[j + 1]);
      if (d === 0) return { failedColumn: j };
      for (let q = colPtr[j]; q < colPtr[j + 1]; q++) values[csrPos[q]] = (f1[rowOf[q]] - f0[rowOf[q]]) / d;
    }
  }
  return new CsrMatrix(n, n, pattern.rowPtr, pattern.colIdx, values);
}

/**
 * Column by column, keeping the entries that changed (and the diagonal): the pattern as the differences see it
 * at this state (an entry whose derivative vanishes exactly here is missed: the Jacobian is then approximate,
 * which the error control absorbs). n evaluations of f; memory O(nnz).
 */
export function detectedDifference(rhs: Rhs, t: number, z: Float64Array, f0: Float64Array): CsrMatrix | DifferenceFailure {
  const n = z.length;
  const f1 = new Float64Array(n);
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let j = 0; j < n; j++) {
    const d = oneColumn(rhs, t, z, j, f1);
    if (d === 0) return { failedColumn: j };
    for (let i = 0; i < n; i++) {
      const diff = f1[i] - f0[i];
      if (diff !== 0 || i === j) {
        ri.push(i);
        ci.push(j);
        v.push(diff / d);
      }
    }
  }
  // by rows: a counting sort on the row index keeps the columns ascending within each row
  const rowPtr = new Int32Array(n + 1);
  for (const i of ri) rowPtr[i + 1]++;
  for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
  const next = rowPtr.slice(0, n);
  const colIdx = new Int32Array(ri.length);
  const values = new Float64Array(ri.length);
  for (let k = 0; k < ri.length; k++) {
    const p = next[ri[k]]++;
    colIdx[p] = ci[k];
    values[p] = v[k];
  }
  return new CsrMatrix(n, n, rowPtr, colIdx, values);
}

export function isFailure(x: unknown): x is DifferenceFailure {
  return typeof x === 'object' && x !== null && 'failedColumn' in x;
}
