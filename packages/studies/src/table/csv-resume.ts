/**
 * Where an interrupted study resumes, from the CSV it was writing (csv.ts): the header must be the study's own, and
 * every complete point's parameter values must be the plan's (same axes, same seed); a line cut short by the
 * interruption, and a point whose trace lines are not all there, are dropped. Returns the first point to compute
 * and the length of the text to keep (the file is truncated to it, then appended to).
 */
import { SysgraphError } from '@sysgraph/core';
import type { StudyLayout } from '../evaluate/point-evaluator';
import type { StudyPlan } from '../plan/plan';
import { csvHeader } from './csv';

export interface ResumePoint {
  readonly start: number;
  /** Characters of the existing text to keep (the header and the complete points). */
  readonly keep: number;
}

function mismatch(why: string, element?: string): SysgraphError {
  return new SysgraphError('bad-option', `--resume: ${why}`, { ...(element ? { element } : {}), field: '--resume', expected: 'the output of an interrupted run of the same study (same file, metrics, axes or distributions and seed)' });
}

export function resumePoint(text: string, layout: StudyLayout, plan: StudyPlan): ResumePoint {
  if (text === '') return { start: 0, keep: 0 };
  const header = csvHeader(layout);
  if (!text.startsWith(header)) throw mismatch('the file\'s header is not this study\'s columns');
  const linesPerPoint = layout.traces.length > 0 ? layout.samples : 1;
  let pos = header.length;
  let point = 0;
  let keep = pos;
  let lines = 0;
  while (point < plan.size) {
    const end = text.indexOf('\n', pos);
    if (end < 0) break; // a line cut short
    const cells = text.slice(pos, end).split(',');
    if (Number(cells[0]) !== point) throw mismatch(`line ${cells[0]} where point ${point} was expected`);
    for (let k = 0; k < plan.names.length; k++) {
      if (cells[1 + k] !== String(plan.values[k][point])) throw mismatch(`point ${point}: ${plan.names[k]} = ${cells[1 + k]} in the file, ${plan.values[k][point]} in the plan`, plan.names[k]);
    }
    pos = end + 1;
    if (++lines === linesPerPoint) {
      lines = 0;
      point++;
      keep = pos;
    }
  }
  return { start: point, keep };
}

/** The rows of the complete points back from the file (metrics; traces), so that the final table is whole. */
export function readCsvRows(text: string, layout: StudyLayout, start: number, rows: Float64Array, width: number): void {
  const lines = text.split('\n').slice(1);
  const m = layout.metrics.length;
  const p = layout.parameters.length;
  if (layout.traces.length === 0) {
    for (let i = 0; i < start; i++) {
      const cells = lines[i].split(',');
      for (let j = 0; j < m; j++) rows[i * width + j] = Number(cells[1 + p + j]);
    }
    return;
  }
  for (let i = 0; i < start; i++) {
    for (let k = 0; k < layout.samples; k++) {
      const cells = lines[i * layout.samples + k].split(',');
      if (k === 0) for (let j = 0; j < m; j++) rows[i * width + j] = Number(cells[1 + p + j]);
      for (let j = 0; j < layout.traces.length; j++) rows[i * width + m + j * layout.samples + k] = Number(cells[1 + p + m + 1 + j]);
    }
  }
}
