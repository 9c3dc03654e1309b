/** Plain-text tables and small-matrix printing shared by the formatters. */

/**
 * writeTable: a table of `count` rows written line by line. Rows are made by `rowAt(k)` twice — once to measure
 * the columns' widths, once to write — so a table of 10^6 rows never holds its rows or its text at once.
 */
export function writeTable(header: readonly string[], count: number, rowAt: (k: number) => readonly string[], write: (line: string) => void): void {
  const widths = header.map((h) => h.length);
  for (let k = 0; k < count; k++) {
    const r = rowAt(k);
    for (let j = 0; j < widths.length; j++) widths[j] = Math.max(widths[j], (r[j] ?? '').length);
  }
  const line = (cells: readonly string[]) => cells.map((c, j) => (c ?? '').padEnd(widths[j])).join('  ').trimEnd();
  write(line(header));
  write(widths.map((w) => '-'.repeat(w)).join('  '));
  for (let k = 0; k < count; k++) write(line(rowAt(k)));
}

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines: string[] = [];
  writeTable(header, rows.length, (k) => rows[k], (l) => lines.push(l));
  return lines.join('\n');
}

export function formatSignedDense(
  rows: readonly (readonly number[])[],
  rowNames: readonly string[],
  colNames: readonly string[],
): string {
  const cell = (v: number) => (v === 0 ? '.' : v > 0 ? '+1' : '-1');
  return formatTable(['', ...colNames], rows.map((r, i) => [rowNames[i], ...r.map(cell)]));
}

/**
 * Drops redundant parentheses around a bare symbol or number: "(R)" → "R", never those of a function
 * application: "cos(alpha)" stays "cos(alpha)".
 */
export function tidyCoefficient(text: string): string {
  let t = text.replace(/(?<![A-Za-z0-9_])\(([A-Za-z_][A-Za-z0-9_]*|[0-9.]+(?:e[-+]?[0-9]+)?)\)/g, '$1');
  t = t.replace(/^1\/1$/, '1').replace(/^-1\/1$/, '-1');
  return t;
}
