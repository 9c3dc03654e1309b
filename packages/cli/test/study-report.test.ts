/** The study report's charts: what each plan draws, from the table's own columns. */
import { describe, expect, it } from 'vitest';
import { parsePlan, sweep } from '@sysgraph/studies';
import { studyCharts, studyReportHtml } from '../src/study-report-html';

const RC = JSON.stringify({
  name: 'rc',
  parameters: { R: 1000, C: 1e-6 },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
  ],
  outputs: [{ element: 'C1', variable: 'across' }],
});

describe('study report', () => {
  it('a grid: each metric against the first parameter, one series per value of the second; log axis for a log range', async () => {
    const table = await sweep({ text: RC }, parsePlan({ param: ['R=1e2..1e4:log:5', 'C=1e-6,2e-6'] }), { settings: { metrics: ['poles'] } });
    const charts = studyCharts(table);
    expect(charts.map((c) => c.title)).toEqual(['pole1.re against R', 'pole1.im against R']);
    expect(charts[0].xlog).toBe(true);
    expect(charts[0].series.map((s) => s.label)).toEqual(['C=0.000001', 'C=0.000002']);
    // the pole −1/(RC) at R = 100, C = 2e-6
    expect(charts[0].series[1].values[0]).toBeCloseTo(-1 / (100 * 2e-6), 6);
    expect(studyReportHtml(table, 'rc')).toMatch(/^<!doctype html>/);
  });

  it('Monte Carlo: histograms that count every point, scatters of each metric against each parameter; traces: the family', async () => {
    const table = await sweep({ text: RC }, parsePlan({ sample: 50, dist: ['R=normal(1000,50)'] }), { settings: { metrics: ['final(v_C1)'], traces: ['v_C1'], tEnd: 0.01, samples: 11 } });
    const charts = studyCharts(table);
    expect(charts.map((c) => c.kind)).toEqual(['bars', 'bars', 'points', 'line']);
    expect(charts[0].series[0].values.reduce((a, b) => a! + b!, 0)).toBe(50);
    expect(charts[3].series.length).toBe(50);
    expect(charts[3].x.length).toBe(11);
  });
});
