/**
 * Trace: simulation results in columns, [t, states…, outputs…], each a Float64Array: ready for uPlot as
 * [t, ...series]. Exported as CSV (full precision) or JSON, and printable as a short table; every writer
 * writes each column under one name (distinct-columns.ts: an output equal to a state is written once).
 */
import { distinctColumns } from './distinct-columns';

export interface Trace {
  /** 't', then the state names, then the output names. */
  readonly names: readonly string[];
  /** Units aligned with names ('s' for t, '' where unknown). */
  readonly units: readonly string[];
  readonly columns: readonly Float64Array[];
}

/** Header row of names, then one row per time, numbers in full (round-trip) precision. */
export function traceToCsv(written: Trace): string {
  const trace = distinctColumns(written);
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [trace.names.map(quote).join(',')];
  const rows = trace.columns[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) lines.push(trace.columns.map((c) => String(c[r])).join(','));
  return lines.join('\n') + '\n';
}

export interface TraceJson {
  names: string[];
  units: string[];
  columns: number[][];
}

export function traceToJson(written: Trace): TraceJson {
  const trace = distinctColumns(written);
  return { names: [...trace.names], units: [...trace.units], columns: trace.columns.map((c) => Array.from(c)) };
}

/** A short table: the header and at most `maxRows` rows (first, evenly spread, last), 6 significant digits. */
export function formatTrace(written: Trace, maxRows = 10): string {
  const trace = distinctColumns(written);
  const rows = trace.columns[0]?.length ?? 0;
  const pick: number[] = [];
  if (rows <= maxRows) for (let r = 0; r < rows; r++) pick.push(r);
  else for (let k = 0; k < maxRows; k++) pick.push(Math.round((k * (rows - 1)) / (maxRows - 1)));
  const header = trace.names.map((nm, k) => (trace.units[k] ? `${nm} [${trace.units[k]}]` : nm));
  const body = pick.map((r) => trace.columns.map((c) => c[r].toPrecision(6)));
  const widths = header.map((h, k) => Math.max(h.length, ...body.map((b) => b[k].length)));
  const line = (cells: string[]) => cells.map((c, k) => c.padStart(widths[k])).join('  ');
  const out = [line(header), ...body.map(line)];
  if (rows > maxRows) out.push(`(${rows} rows, ${maxRows} shown)`);
  return out.join('\n');
}

/** Growable columns: rows appended one at a time, frozen into a Trace. */
export class TraceBuilder {
  private cols: Float64Array[];
  private length = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly units: readonly string[],
    capacity = 256,
  ) {
    this.cols = names.map(() => new Float64Array(Math.max(1, capacity)));
  }

  get rows(): number {
    return this.length;
  }

  /** Append a row (t, then values in name order). */
  push(t: number, values: ArrayLike<number>, offset = 0): void {
    if (this.length === this.cols[0].length) {
      this.cols = this.cols.map((c) => {
        const g = new Float64Array(c.length * 2);
        g.set(c);
        return g;
      });
    }
    const r = this.length++;
    this.cols[0][r] = t;
    for (let k = 1; k < this.cols.length; k++) this.cols[k][r] = values[offset + k - 1];
  }

  build(): Trace {
    return { names: this.names, units: this.units, columns: this.cols.map((c) => c.slice(0, this.length)) };
  }
}
