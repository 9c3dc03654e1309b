/**
 * The SPICE report's MISS reason for a whole-process ratio target (spice/start-up-bound.ts): the bound r · t_ngspice
 * against the start-up floor measured in the same run, by hand-computed cases; and the report prints the reason.
 */
import { describe, expect, it } from 'vitest';
import { startUpBound } from '../src/spice/start-up-bound';
import { formatSpiceMarkdown, spiceVerdict } from '../src/spice/spice-report';
import { check } from '../src/harness/bench-report';

describe('startUpBound', () => {
  it('says unreachable when r · t_ngspice is below bare node (0.1 × 905 ms = 90.5 ms < 95 ms)', () => {
    const b = startUpBound(0.1, 905, 95, 1260);
    expect(b.boundMs).toBeCloseTo(90.5, 12);
    expect(b.belowNodeFloor).toBe(true);
    expect(b.reason).toContain('unreachable');
    expect(b.reason).toContain('90.5 ms');
    expect(b.reason).toContain('905 ms');
    expect(b.reason).toContain('median 95 ms');
    // 1260 − 95 above the floor
    expect(b.reason).toContain('1165 ms');
  });

  it('gives the budget left above the floor otherwise (0.1 × 3000 ms = 300 ms; 300 − 90 = 210 ms)', () => {
    const b = startUpBound(0.1, 3000, 90, 500);
    expect(b.belowNodeFloor).toBe(false);
    expect(b.reason).toContain('leaving 210 ms');
    expect(b.reason).toContain('took 410 ms');
  });

  it('is the MISS reason of the report, in the target table and the headline', () => {
    const t = { ...check('rc-ladder N = 10000: sysgraph / ngspice, whole processes from the same netlist', 1.39, 0.1, '×'), reason: startUpBound(0.1, 905, 95, 1260).reason };
    expect(spiceVerdict(t)).toMatch(/^\*\*MISS\*\* \(unreachable for a Node process/);
    expect(spiceVerdict(check('x', 0.05, 0.1, '×'))).toBe('PASS');
    const md = formatSpiceMarkdown({ title: 'T', columns: [], rows: [], targets: [t], notes: [] }, { ngspice: 'ngspice-39', date: new Date(0), loadAverage: [1, 1, 1], maxSeconds: 180 });
    expect(md.split('\n').find((l) => l.startsWith('**MISS**'))).toContain('less than bare `node -e 0`');
  });
});
