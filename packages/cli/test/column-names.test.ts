/**
 * Every written column has one name: rlc-series outputs v_C1 and i_L1, which are also its states; CSV, JSON and
 * the HTML plot write each once, with the values of the closed-form step response.
 */
import { describe, expect, it } from 'vitest';
import { loadSystem } from '../src/load-system';
import { formatSimulation, runSimulation } from '../src/commands/simulate';
import { plotHtml } from '../src/plot-html';

// R = 1, L = 0.5, C = 0.25: α = 1, ωd = √7; v_C = 1 − e^{−t}(cos ωd t + sin(ωd t)/ωd), i_L = C v_C' = (8/ωd) C e^{−t} sin ωd t
const wd = Math.sqrt(7);
const vC = (t: number) => 1 - Math.exp(-t) * (Math.cos(wd * t) + Math.sin(wd * t) / wd);
const iL = (t: number) => 0.25 * (8 / wd) * Math.exp(-t) * Math.sin(wd * t);

const run = () => runSimulation(loadSystem('rlc-series').desc, { tEnd: 5, samples: 11, inputs: ['Vs=step(1)'] });

describe('column names of the written trace', () => {
  it('the trace itself holds the outputs after the states (v_C1, i_L1 twice)', () => {
    expect(run().result.names).toEqual(['t', 'v_C1', 'i_L1', 'v_C1', 'i_L1']);
  });

  it('CSV: one column per name, the values of the closed form', () => {
    const lines = formatSimulation(run(), 'csv').trim().split('\n');
    expect(lines[0]).toBe('t,v_C1,i_L1');
    for (const line of lines.slice(1)) {
      const [t, v, i] = line.split(',').map(Number);
      expect(Math.abs(v - vC(t))).toBeLessThan(1e-9);
      expect(Math.abs(i - iL(t))).toBeLessThan(1e-9);
    }
  });

  it('JSON: names, units and columns aligned and distinct', () => {
    const json = JSON.parse(formatSimulation(run(), 'json'));
    expect(json.names).toEqual(['t', 'v_C1', 'i_L1']);
    expect(json.units).toEqual(['s', 'V', 'A']);
    expect(json.columns.length).toBe(3);
    expect(new Set(json.names).size).toBe(json.names.length);
  });

  it('the HTML plot draws each column once', () => {
    const html = plotHtml(run().result, 'rlc-series');
    const data = JSON.parse(/const d = (\{.*\});/.exec(html)![1]);
    const labels = data.charts.flatMap((c: { series: { label: string }[] }) => c.series.map((s) => s.label));
    expect(labels.sort()).toEqual(['i_L1 [A]', 'v_C1 [V]']);
  });

  it('--record of a name that is both a state and an output gives one column', () => {
    const r = runSimulation(loadSystem('rlc-series').desc, { tEnd: 1, samples: 3, inputs: ['Vs=step(1)'], record: ['v_C1'] });
    expect(formatSimulation(r, 'csv').split('\n')[0]).toBe('t,v_C1');
  });
});
