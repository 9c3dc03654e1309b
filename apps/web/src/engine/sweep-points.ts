/**
 * The points of a parameter sweep (the sweep panel, issue 15): the values p_k = from + k (to − from)/(count − 1),
 * k = 0 … count − 1 (one point: from), each compiled by the engine with the description's other values and the
 * page's paramValues, p replaced (compile's `parameters`), and simulated by the engine's simulate (engineTrace) with
 * the page's signals and solver over [0, tEnd] — one end time for every curve, so they share the time axis.
 */
import { SysgraphError } from '@sysgraph/core';
import { compile } from '@sysgraph/engine';
import type { SystemParser } from '@sysgraph/description';
import type { SweepRequest } from './protocol';
import { engineTrace } from './simulate-trace';

/** The most points a sweep runs (each one a compile and a simulation). */
export const MAX_SWEEP_POINTS = 20;

/** The swept values; a typed error naming the field for a bad count, range or end time. */
export function sweepValues(req: Pick<SweepRequest, 'parameter' | 'from' | 'to' | 'count' | 'tEnd'>): number[] {
  const bad = (field: string, expected: string, what: string) => new SysgraphError('bad-option', `sweep of ${req.parameter}: ${what}`, { element: req.parameter, field, expected });
  if (!Number.isInteger(req.count) || req.count < 1 || req.count > MAX_SWEEP_POINTS) throw bad('count', `a whole number from 1 to ${MAX_SWEEP_POINTS}`, `${req.count} points`);
  if (!Number.isFinite(req.from)) throw bad('from', 'a finite number', `from ${req.from}`);
  if (!Number.isFinite(req.to)) throw bad('to', 'a finite number', `to ${req.to}`);
  if (!(req.tEnd > 0) || !Number.isFinite(req.tEnd)) throw bad('tEnd', 'a positive end time', `end time ${req.tEnd}`);
  if (req.count === 1) return [req.from];
  return Array.from({ length: req.count }, (_, k) => req.from + ((req.to - req.from) * k) / (req.count - 1));
}

/** Point k of the sweep: its value, the time axis and the chosen output's column. */
export function sweepPoint(req: SweepRequest, value: number, parser: SystemParser): { t: Float64Array; y: Float64Array } {
  const parameters = { ...req.settings.paramValues, [req.parameter]: value };
  const compiled = compile(req.text, { parser, parameters, form: req.settings.tvForm, storageLaw: req.settings.storageLaw });
  const inputs = compiled.inputNames.map((name) => ({ name, defaultSignal: compiled.defaultSignals[name] ?? 'step(1)', unit: '' }));
  const trace = engineTrace(compiled, req.settings, inputs, req.tEnd);
  const column = trace.names.indexOf(req.output);
  if (column < 1) throw new SysgraphError('bad-option', `the sweep's output ${req.output} is not a state or output of ${compiled.name}`, { element: req.output, field: 'output', expected: trace.names.slice(1).join(', ') });
  return { t: trace.columns[0], y: trace.columns[column] };
}
