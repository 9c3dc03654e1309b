/**
 * traceFiles: the simulation panel's downloads of a trace, CSV and JSON, each column once under one name
 * (@sysgraph/simulate's writers: an output equal to a state, rlc-series' v_C1 and i_L1, is written once).
 */
import { traceToCsv, traceToJson } from '@sysgraph/simulate';
import type { Trace } from '@sysgraph/simulate';
import { safeFileName } from './download';

export interface TraceFile {
  readonly file: string;
  readonly text: string;
  readonly mime: string;
}

export function traceFiles(systemName: string, trace: Trace): { readonly csv: TraceFile; readonly json: TraceFile } {
  const base = `${safeFileName(systemName)}-trace`;
  return {
    csv: { file: `${base}.csv`, text: traceToCsv(trace), mime: 'text/csv' },
    json: { file: `${base}.json`, text: JSON.stringify(traceToJson(trace), null, 1), mime: 'application/json' },
  };
}
