/**
 * The simulation panel's downloads: rlc-series outputs v_C1 and i_L1, which are also its states; the CSV and
 * JSON files write each column once, under one name, with the closed-form step response.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { traceFiles } from '../src/ui/trace-files';
import { WEB_ROOT } from './support/build-page';

const text = readFileSync(join(WEB_ROOT, '..', '..', 'examples', 'rlc-series.json'), 'utf8');

function rlcTrace() {
  const run = runPipeline({ id: 1, text, settings: DEFAULT_SETTINGS }, { system: createSystemParser(), signals: createRestrictedParser() });
  const a = run.answer;
  if (!a.ok || !a.simulation.ok) throw new Error('rlc-series did not simulate');
  return a.simulation.trace;
}

describe('trace downloads', () => {
  it('the page keeps both roles (state v_C1 and output v_C1) for its picker', () => {
    const trace = rlcTrace();
    expect(trace.names).toEqual(['t', 'v_C1', 'i_L1', 'v_C1', 'i_L1']);
    expect(trace.roles).toEqual(['state', 'state', 'output', 'output']);
  });

  it('CSV: t,v_C1,i_L1 with the closed-form step response', () => {
    const files = traceFiles('rlc-series', rlcTrace());
    expect(files.csv.file).toBe('rlc-series-trace.csv');
    const lines = files.csv.text.trim().split('\n');
    expect(lines[0]).toBe('t,v_C1,i_L1');
    const w = Math.sqrt(7);
    for (const line of lines.slice(1)) {
      const [t, v] = line.split(',').map(Number);
      expect(Math.abs(v - (1 - Math.exp(-t) * (Math.cos(w * t) + Math.sin(w * t) / w)))).toBeLessThan(1e-6);
    }
  });

  it('JSON: distinct names, aligned units and columns', () => {
    const json = JSON.parse(traceFiles('rlc-series', rlcTrace()).json.text);
    expect(json.names).toEqual(['t', 'v_C1', 'i_L1']);
    expect(json.units).toEqual(['s', 'V', 'A']);
    expect(json.columns.length).toBe(3);
  });
});
