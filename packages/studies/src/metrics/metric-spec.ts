/**
 * What a study computes at each point (--metric): poles, dc (the DC gain H(0)), H (H(jω) at the --freq values,
 * magnitude and phase), and the trace metrics of a named state or output: final(y), peak(y), peak-time(y),
 * rise(y), settling(y[, band]) (band default 0.02), overshoot(y), and step(y) for all six. Whole traces are asked
 * for apart (--traces). Bad specs are 'bad-option' naming the metric (element) and --metric.
 */
import { SysgraphError } from '@sysgraph/core';

export type TraceMetricName = 'final' | 'peak' | 'peak-time' | 'rise' | 'settling' | 'overshoot';

export const TRACE_METRICS: readonly TraceMetricName[] = ['final', 'peak', 'peak-time', 'rise', 'settling', 'overshoot'];

export type MetricSpec =
  | { readonly kind: 'poles' }
  | { readonly kind: 'dc' }
  | { readonly kind: 'H' }
  | { readonly kind: 'trace'; readonly metric: TraceMetricName; readonly signal: string; readonly band: number };

const USAGE = 'poles, dc, H (with --freq), final(y), peak(y), peak-time(y), rise(y), settling(y[, band]), overshoot(y) or step(y)';

export function parseMetrics(texts: readonly string[]): MetricSpec[] {
  const out: MetricSpec[] = [];
  for (const raw of texts.flatMap(splitTop)) {
    const text = raw.trim();
    if (text === 'poles' || text === 'dc' || text === 'H') {
      out.push({ kind: text });
      continue;
    }
    const m = /^([a-zA-Z-]+)\s*\(\s*([^,()]+?)\s*(?:,\s*([^,()]+?)\s*)?\)$/.exec(text);
    const name = m?.[1];
    if (!m || (name !== 'step' && !(TRACE_METRICS as readonly string[]).includes(name!))) {
      throw new SysgraphError('bad-option', `--metric ${text}: unknown metric`, { element: text, field: '--metric', expected: USAGE });
    }
    let band = 0.02;
    if (m[3] !== undefined) {
      band = Number(m[3]);
      if (name !== 'settling' && name !== 'step') throw new SysgraphError('bad-option', `--metric ${text}: only settling takes a band`, { element: text, field: '--metric', expected: USAGE });
      if (!(band > 0 && band < 1)) throw new SysgraphError('bad-option', `--metric ${text}: the band ${m[3]} is not in (0, 1)`, { element: text, field: '--metric', expected: 'a band relative to the change, e.g. settling(v_C1, 0.02)' });
    }
    const names = name === 'step' ? TRACE_METRICS : [name as TraceMetricName];
    for (const metric of names) out.push({ kind: 'trace', metric, signal: m[2], band });
  }
  return out;
}

/** Splits "poles,final(y),settling(y, 0.05)" at the commas outside parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((p) => p.trim() !== '');
}

/** The column name of a trace metric: final(v_C1), settling(v_C1, 0.05) when the band is not 2 %. */
export function traceMetricColumn(m: { metric: TraceMetricName; signal: string; band: number }): string {
  return m.metric === 'settling' && m.band !== 0.02 ? `settling(${m.signal}, ${m.band})` : `${m.metric}(${m.signal})`;
}
