/** Plain-text tables and small-matrix printing shared by the formatters. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, j) => rows.reduce((w, r) => Math.max(w, (r[j] ?? '').length), h.length));
  const line = (cells: readonly string[]) => cells.map((c, j) => (c ?? '').padEnd(widths[j])).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
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
