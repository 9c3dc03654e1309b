/** formatDense: an aligned, named table of a dense matrix (6 significant digits). */
import type { DenseRows } from './check-dense';

function formatNumber(x: number): string {
  if (x === 0) return '0';
  return String(Number(x.toPrecision(6)));
}

/**
 * names: one list for rows and columns (a square matrix of states), or separate row and column names;
 * indices by default. Columns are right-aligned.
 */
export function formatDense(a: DenseRows, names?: readonly string[] | { rows?: readonly string[]; cols?: readonly string[] }): string {
  const rows = a.length;
  const cols = rows > 0 ? a[0].length : 0;
  const list = Array.isArray(names) ? (names as readonly string[]) : undefined;
  const named = list ? undefined : (names as { rows?: readonly string[]; cols?: readonly string[] } | undefined);
  const rowNames = list ?? named?.rows ?? Array.from({ length: rows }, (_, i) => String(i));
  const colNames = list ?? named?.cols ?? Array.from({ length: cols }, (_, j) => String(j));
  const cells: string[][] = [['', ...colNames.slice(0, cols)]];
  for (let i = 0; i < rows; i++) {
    cells.push([rowNames[i] ?? String(i), ...Array.from({ length: cols }, (_, j) => formatNumber(a[i][j]))]);
  }
  const widths = cells[0].map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  return cells
    .map((r) => r.map((s, c) => (c === 0 ? s.padEnd(widths[c]) : s.padStart(widths[c]))).join('  ').trimEnd())
    .join('\n');
}
