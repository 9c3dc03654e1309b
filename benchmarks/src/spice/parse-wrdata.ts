/**
 * parseWrdata: the table ngspice's `wrdata` writes with `wr_singlescale` and `wr_vecnames` (a header of names,
 * then one row per time point: time and one column per vector) as columns of Float64Array.
 */

export interface Table {
  readonly names: readonly string[];
  readonly columns: readonly Float64Array[];
}

export function parseWrdata(text: string): Table {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  if (lines.length < 2) throw new Error(`parseWrdata: expected a header and rows, got ${lines.length} line(s)`);
  const names = lines[0].split(/\s+/);
  const rows = lines.length - 1;
  const columns = names.map(() => new Float64Array(rows));
  for (let r = 0; r < rows; r++) {
    const cells = lines[r + 1].split(/\s+/);
    if (cells.length !== names.length) throw new Error(`parseWrdata: row ${r + 1} has ${cells.length} cells, expected ${names.length}`);
    for (let c = 0; c < names.length; c++) {
      const x = Number(cells[c]);
      if (!Number.isFinite(x)) throw new Error(`parseWrdata: row ${r + 1}, column ${names[c]}: not a number: ${cells[c]}`);
      columns[c][r] = x;
    }
  }
  return { names, columns };
}
