/**
 * writeTraceCsv: a trace as CSV (the text of @sysgraph/simulate's traceToCsv: a header of names, then one row per
 * time in full round-trip precision), written row by row to a sink instead of built as one string, so that a
 * trace of 10^6 rows costs its rows, not a second copy of the whole text.
 */
import { distinctColumns } from '@sysgraph/simulate';
import type { Trace } from '@sysgraph/simulate';
import type { OutputSink } from './output-sink';

const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function writeTraceCsv(written: Trace, sink: Pick<OutputSink, 'write'>): void {
  const trace = distinctColumns(written);
  sink.write(`${trace.names.map(quote).join(',')}\n`);
  const columns = trace.columns;
  const rows = columns[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) {
    let line = String(columns[0][r]);
    for (let c = 1; c < columns.length; c++) line += `,${columns[c][r]}`;
    sink.write(`${line}\n`);
  }
}
