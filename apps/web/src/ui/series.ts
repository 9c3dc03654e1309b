/**
 * Series of a trace as the page names them: states as they are, outputs prefixed "y:" when an output has the
 * name of a state (rlc-series outputs v_C1 and i_L1, which are also its states).
 */
import type { TraceView } from '../engine/protocol';

export interface SeriesInfo {
  /** Unique key: "x:v_C1" or "y:v_C1". */
  readonly key: string;
  readonly name: string;
  readonly label: string;
  readonly role: 'state' | 'output';
  readonly unit: string;
  /** Column index in the trace. */
  readonly column: number;
}

export function seriesOf(trace: TraceView): SeriesInfo[] {
  const stateNames = new Set(trace.names.slice(1).filter((_, k) => trace.roles[k] === 'state'));
  return trace.names.slice(1).map((name, k) => {
    const role = trace.roles[k];
    const unit = trace.units[k + 1] ?? '';
    const base = role === 'output' && stateNames.has(name) ? `y: ${name}` : name;
    return { key: `${role === 'state' ? 'x' : 'y'}:${name}`, name, label: unit ? `${base} (${unit})` : base, role, unit, column: k + 1 };
  });
}

/** Plotted by default: the outputs, then the states that are not also outputs, at most eight. */
export function defaultPlotted(series: readonly SeriesInfo[]): string[] {
  const outputs = series.filter((s) => s.role === 'output');
  const outputNames = new Set(outputs.map((s) => s.name));
  const states = series.filter((s) => s.role === 'state' && !outputNames.has(s.name));
  return [...outputs, ...states].slice(0, 8).map((s) => s.key);
}

/** The y-axis label: the one unit of all plotted series, or the list of units. */
export function axisLabel(series: readonly SeriesInfo[]): string {
  const units = [...new Set(series.map((s) => s.unit).filter(Boolean))];
  if (units.length === 0) return 'value';
  return units.length === 1 ? `value (${units[0]})` : `value (${units.join(', ')})`;
}
