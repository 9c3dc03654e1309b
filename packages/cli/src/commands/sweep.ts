/**
 * sysgraph sweep FILE: a parameter study over the engine's compiled model (@sysgraph/studies) — the plan from
 * --param axes or --sample/--dist, the metrics of each point, in this process, on a pool of worker threads or on
 * BullMQ workers (--redis), the table written as CSV one line per point as points complete in order (so that
 * --resume continues an interrupted study and Ctrl-C keeps what is done), or as columnar JSON at the end.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SysgraphError } from '@sysgraph/core';
import { csvHeader, csvLines, parsePlan, readCsvRows, resumePoint, sweep, tableArrow, tableJson, doneCount } from '@sysgraph/studies';
import type { StudySettings, StudySource, StudyTable } from '@sysgraph/studies';
import { parsePairs } from '@sysgraph/engine';
import { readInputFile } from '../read-input-file';
import { resolveSystemFile } from '../load-system';
import { unwritable } from '../output/output-sink';

export interface SweepCommandOptions {
  /** --from: the reader of FILE (default: by the extension, else by the text). */
  readonly from?: string;
  readonly param: readonly string[];
  readonly sample?: number;
  readonly dist: readonly string[];
  readonly seed?: number;
  readonly lhs?: boolean;
  readonly metric: readonly string[];
  readonly freq?: readonly number[];
  readonly traces?: readonly string[];
  readonly tEnd?: number;
  readonly samples?: number;
  readonly input: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly format: 'csv' | 'json' | 'arrow';
  readonly report?: string;
  readonly output?: string;
  readonly resume?: boolean;
  readonly workers?: string;
  readonly redis?: string;
  readonly stateChoice?: 'b1' | 'b2';
  readonly formulation?: 'general' | 'masd';
}

/** Pool workers: a number, or auto (every core for studies of 1000 points and more, else this thread). */
export function workerCount(text: string | undefined, points: number): number {
  if (text === undefined || text === 'auto') return points >= 1000 ? availableParallelism() : 1;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new SysgraphError('bad-option', `--workers ${text}: expected a positive integer or auto`, { field: '--workers', expected: 'a positive integer, or auto' });
  return n;
}

export async function runSweep(file: string | undefined, o: SweepCommandOptions, io: { out: (text: string) => void; note: (line: string) => void; progress: (done: number, total: number) => void; signal: AbortSignal }): Promise<{ stopped: boolean; table: StudyTable }> {
  const path = resolveSystemFile(file);
  const source: StudySource = { text: readInputFile(path), path, ...(o.from !== undefined ? { format: o.from } : {}), stateChoice: o.stateChoice, formulation: o.formulation };
  const plan = parsePlan({ param: o.param, sample: o.sample, dist: o.dist, seed: o.seed, lhs: o.lhs });
  const settings: StudySettings = {
    metrics: o.metric.length > 0 ? o.metric : ['poles', 'dc'],
    freq: o.freq,
    traces: o.traces,
    tEnd: o.tEnd,
    samples: o.samples,
    signals: parsePairs([...o.input], '--input'),
    solver: o.solver,
    rtol: o.rtol,
    atol: o.atol,
  };
  if (o.format === 'arrow' && o.output === undefined) throw new SysgraphError('bad-option', '--format arrow writes a binary file: give --output FILE', { field: '--output', expected: 'a file for the Arrow IPC table' });
  if (o.resume && (o.output === undefined || o.format !== 'csv')) throw new SysgraphError('bad-option', '--resume continues the CSV file of --output', { field: '--resume', expected: '--output FILE with --format csv' });
  const workers = workerCount(o.workers, plan.size);

  // CSV: header, then each point's lines in point order as they complete; to a file, or to standard output
  let fd: number | undefined;
  let write = io.out;
  let start: ((table: StudyTable) => number) | undefined;
  if (o.format === 'csv' && o.output !== undefined) {
    const existing = o.resume && existsSync(o.output) ? readFileSync(o.output, 'utf8') : '';
    try {
      fd = openSync(o.output, o.resume ? 'a+' : 'w');
    } catch (e) {
      throw unwritable(o.output, '--output', e);
    }
    const handle = fd;
    write = (text) => void writeSync(handle, text);
    start = (table) => {
      const r = resumePoint(existing, table.layout, plan);
      ftruncateSync(handle, Buffer.byteLength(existing.slice(0, r.keep)));
      if (r.keep === 0) write(csvHeader(table.layout));
      readCsvRows(existing, table.layout, r.start, table.rows, table.width);
      if (r.start > 0) io.note(`resuming at point ${r.start} of ${plan.size}`);
      return r.start;
    };
  }
  let layout: StudyTable['layout'] | undefined;
  let table: StudyTable;
  try {
    table = await sweep(source, plan, {
      settings,
      source,
      workers,
      ...(o.redis !== undefined ? { redis: o.redis } : {}),
      ...(start ? { start } : {}),
      onStart: (t) => {
        layout = t.layout;
        if (t.layout.route === 'compiled-symbolic') io.note(`each point evaluates the symbolic model in ${t.layout.parameters.join(', ')}, compiled once (a small model: exact rational entries, no formulation per point)`);
        if (o.format === 'csv' && fd === undefined) write(csvHeader(t.layout));
      },
      onRow: o.format === 'csv' ? (i, values, row) => write(csvLines(layout!, i, values, row)) : undefined,
      onProgress: io.progress,
      signal: io.signal,
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const done = doneCount(table);
  const stopped = done < plan.size;
  for (const f of table.failures.slice(0, 5)) io.note(`point ${f.point}: ${f.message}`);
  if (table.failures.length > 5) io.note(`… ${table.failures.length - 5} more points failed (NaN in their rows)`);
  if (stopped) io.note(`stopped after ${done} of ${plan.size} points${o.output && o.format === 'csv' ? `; continue with the same command and --resume` : ''}`);
  if (o.format === 'json') {
    const text = `${JSON.stringify(tableJson(table, source.path))}\n`;
    if (o.output === undefined) io.out(text);
    else {
      try {
        writeFileSync(o.output, text);
      } catch (e) {
        throw unwritable(o.output, '--output', e);
      }
    }
  }
  if (o.format === 'arrow') {
    const bytes = await tableArrow(table);
    try {
      writeFileSync(o.output!, bytes);
    } catch (e) {
      throw unwritable(o.output!, '--output', e);
    }
  }
  if (o.report !== undefined) {
    const { studyReportHtml } = await import('../study-report-html');
    try {
      writeFileSync(o.report, studyReportHtml(table, source.path ?? 'study'));
    } catch (e) {
      throw unwritable(o.report, '--report', e);
    }
  }
  return { stopped, table };
}
