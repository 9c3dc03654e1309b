/** formatCsr: a printable form of a CsrMatrix, as a triplet list or as a dense table. */
import type { CsrMatrix } from './csr-matrix';

function formatNumber(x: number): string {
  if (x === 0) return '0';
  const s = x.toPrecision(6);
  return String(Number(s));
}

/**
 * Header `rows×cols, nnz = k`, then either one line per stored entry `(row, col) value` (default)
 * or, with dense: true, an aligned table with row and column names. Names default to indices.
 */
export function formatCsr(
  a: CsrMatrix,
  opts: { rowNames?: string[]; colNames?: string[]; dense?: boolean } = {},
): string {
  const rowNames = opts.rowNames ?? Array.from({ length: a.rows }, (_, i) => String(i));
  const colNames = opts.colNames ?? Array.from({ length: a.cols }, (_, j) => String(j));
  const lines = [`${a.rows}×${a.cols}, nnz = ${a.nnz}`];
  if (!opts.dense) {
    for (let i = 0; i < a.rows; i++) {
      for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
        lines.push(`(${rowNames[i]}, ${colNames[a.colIdx[p]]}) ${formatNumber(a.values[p])}`);
      }
    }
    return lines.join('\n');
  }
  const cells: string[][] = [['', ...colNames]];
  for (let i = 0; i < a.rows; i++) {
    const row = [rowNames[i], ...new Array<string>(a.cols).fill('.')];
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) row[a.colIdx[p] + 1] = formatNumber(a.values[p]);
    cells.push(row);
  }
  const widths = cells[0].map((_, c) => Math.max(...cells.map((r) => r[c].length)));
  for (const r of cells) lines.push(r.map((s, c) => (c === 0 ? s.padEnd(widths[c]) : s.padStart(widths[c]))).join('  ').trimEnd());
  return lines.join('\n');
}
