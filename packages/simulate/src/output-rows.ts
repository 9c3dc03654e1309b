/**
 * The state rows the recorded columns of a linear model's trace read: the recorded states, and the states in the
 * recorded outputs' rows of C (y = C x + D u + F u', x = x̃ + Bd u: x_j needs x̃_j only). Dense output then forms
 * these rows of x̃ only (O(rows·k) per sample for the Krylov method instead of O(n·k)); the other entries of the
 * state handed to the output are stale and meet only the zero columns of C's recorded rows. Undefined (all rows)
 * when half the states or more are needed, or C is not sparse and too large to scan densely.
 */
import type { LinearOperator } from './problem/linear-operator';

/** Above this many entries a C without a sparse form is not scanned (all rows are formed). */
const DENSE_SCAN_LIMIT = 4e6;

export function outputStateRows(C: LinearOperator, n: number, recordedStates: readonly number[], recordedOutputs: readonly number[]): Int32Array | undefined {
  const needed = new Uint8Array(n);
  for (const i of recordedStates) needed[i] = 1;
  if (C.csr) {
    const { rowPtr, colIdx, values } = C.csr;
    for (const r of recordedOutputs) for (let p = rowPtr[r]; p < rowPtr[r + 1]; p++) if (values[p] !== 0) needed[colIdx[p]] = 1;
  } else if (!C.isZero) {
    if (C.rows * C.cols > DENSE_SCAN_LIMIT) return undefined;
    const { data, cols } = C.toDense();
    for (const r of recordedOutputs) for (let j = 0; j < cols; j++) if (data[r * cols + j] !== 0) needed[j] = 1;
  }
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (needed[i]) rows.push(i);
  return rows.length < n / 2 ? Int32Array.from(rows) : undefined;
}
