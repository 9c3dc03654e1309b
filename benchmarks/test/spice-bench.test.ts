/**
 * The ngspice benchmark's own pieces (benchmarks/src/spice): the exact references against sysgraph's matrix-
 * exponential solver (an independent algorithm) on small networks, the ramp
 * response against its differential equation, the netlist and the wrdata parser; ngspice itself only when it
 * is installed.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSystemParser, parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend } from '@sysgraph/formulation';
import { toSimulationModel } from '@sysgraph/engine';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel } from '@sysgraph/simulate';
import { complexRampResponse, rampResponse } from '../src/spice/ramp-response';
import { rcLadderNetwork } from '../src/spice/rc-ladder-network';
import { rcGridNetwork } from '../src/spice/rc-grid-network';
import { rlcLineNetwork } from '../src/spice/rlc-line-network';
import { networkToDescription, sourceSignal } from '../src/spice/network-description';
import { nodalModalReference } from '../src/spice/nodal-reference';
import { ladderModalReference } from '../src/spice/ladder-reference';
import { lineModalReference } from '../src/spice/line-reference';
import type { Network } from '../src/spice/network';
import { writeSpiceNetlist, SPICE_DEFAULTS } from '../src/spice/spice-netlist';
import { parseWrdata } from '../src/spice/parse-wrdata';
import { interpolateLinear, maxDeviation, peakOf, sampleTimes } from '../src/spice/compare-traces';
import { ngspiceVersion, runNgspice } from '../src/spice/run-ngspice';
import { runSysgraph } from '../src/spice/run-sysgraph';

/** The probe voltages by sysgraph's exact method (block matrix exponential, dense formulation). */
function exactBySysgraph(n: Network, samples: number): { t: Float64Array; probes: Float64Array[] } {
  const d = parseSystem(networkToDescription(n));
  const s = analyzeStructure(d);
  const model = toSimulationModel(formulate(s, numericBackend(d.parameters)), s) as LinearModel;
  const r = simulate(model, { tEnd: n.tEnd, solver: 'exact', inputs: { [n.source.id]: sourceSignal(n) }, samples, record: n.probes.map((p) => `v_${p.capacitor}`) });
  return { t: r.columns[0], probes: r.columns.slice(1) };
}

describe('exact modal references', () => {
  it.each([
    ['rc-ladder (eigendecomposition)', rcLadderNetwork(9), nodalModalReference],
    ['rc-ladder (closed form)', rcLadderNetwork(9), ladderModalReference],
    ['rc-grid (eigendecomposition)', rcGridNetwork(4), nodalModalReference],
    ['rlc-line (closed form)', rlcLineNetwork(6), lineModalReference],
  ] as const)('%s agrees with the matrix exponential', (_, network, reference) => {
    const exact = exactBySysgraph(network, 41);
    const ref = reference(network, exact.t);
    const peak = peakOf(ref);
    expect(peak).toBeGreaterThan(0.5);
    expect(maxDeviation(ref, exact.probes, peak)).toBeLessThan(1e-10);
  });

  it('the ladder closed form equals the numeric eigendecomposition at N = 60', () => {
    const n = rcLadderNetwork(60);
    const t = sampleTimes(n.tEnd, 31);
    const a = ladderModalReference(n, t);
    expect(maxDeviation(a, nodalModalReference(n, t), peakOf(a))).toBeLessThan(1e-11);
  });

  it('settles at the DC solution: ladder 1 V everywhere, line 1 V after the ringing decays', () => {
    const ladder = rcLadderNetwork(30);
    const end = ladderModalReference(ladder, Float64Array.of(1))[0]; // 1 s ≫ RC of the line
    expect(end[0]).toBeCloseTo(1, 10);
    // the line at DC (α·1 µs = 40 decay lengths): the R–G divider, solved from the open end backwards,
    // v_N = 1, i_N = G v_N; v_{k−1} = v_k + R i_k, i_{k−1} = i_k + G v_{k−1}; then scale by u / v_0
    const N = 8;
    const line = rlcLineNetwork(N);
    const R = line.elements.find((e) => e.id === 'R1')!.value;
    const G = 1 / line.elements.find((e) => e.id === 'Rg1')!.value;
    let v = 1;
    let i = G;
    for (let k = N; k >= 1; k--) {
      v += R * i;
      i += G * v;
    }
    const atEnd = lineModalReference(line, Float64Array.of(1e-6)).at(-1)![0];
    expect(atEnd).toBeCloseTo(1 / v, 12);
  });
});

describe('rampResponse', () => {
  const u = (t: number, rise: number) => Math.min(t / rise, 1);

  it('satisfies q′ = μq + u(t), q(0) = 0 (central differences, real and complex μ)', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 2, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: 0.01, max: 3, noNaN: true }), (re, im, t) => {
        const rise = 1;
        if (Math.abs(t - rise) < 1e-3) return;
        const h = 1e-5;
        const q = (s: number) => complexRampResponse({ re, im }, rise, s);
        const [a, b, c] = [q(t - h), q(t), q(t + h)];
        const scale = 1 + Math.hypot(b.re, b.im) * Math.hypot(re, im);
        expect(Math.abs((c.re - a.re) / (2 * h) - (re * b.re - im * b.im + u(t, rise)))).toBeLessThan(1e-4 * scale);
        expect(Math.abs((c.im - a.im) / (2 * h) - (re * b.im + im * b.re))).toBeLessThan(1e-4 * scale);
        expect(complexRampResponse({ re, im }, rise, 0)).toEqual({ re: 0, im: 0 });
        const real = rampResponse(re, rise, t);
        const asComplex = complexRampResponse({ re, im: 0 }, rise, t);
        expect(Math.abs(real - asComplex.re)).toBeLessThan(1e-12 * (1 + Math.abs(real)));
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('μ = 0: t²/(2τ) on the ramp, then τ/2 + (t − τ)', () => {
    expect(rampResponse(0, 2, 1)).toBeCloseTo(0.25, 15);
    expect(rampResponse(0, 2, 5)).toBeCloseTo(4, 14);
    expect(rampResponse(-1e-9, 2, 5)).toBeCloseTo(4, 7);
  });
});

describe('netlist, wrdata and comparison', () => {
  it('writes one card per element, the PWL ramp, .tran and wrdata of the probes', () => {
    const n = rcGridNetwork(3);
    const text = writeSpiceNetlist(n, SPICE_DEFAULTS, '/tmp/out.txt');
    const lines = text.split('\n');
    expect(lines.filter((l) => /^[RLC]/.test(l))).toHaveLength(n.elements.length);
    expect(lines).toContain('IIs 0 x0_0 PWL(0 0 0.000002 1)');
    expect(lines).toContain('.tran 0.00001 0.002');
    expect(lines).toContain('RRload x2_2 0 1');
    expect(text).toContain('wrdata /tmp/out.txt v(x0_0) v(x0_2) v(x1_1) v(x2_2)');
    expect(text).not.toContain('.options');
    expect(writeSpiceNetlist(n, { label: 't', options: { reltol: 1e-6, method: 'gear' }, intervals: 10 }, '/tmp/o')).toContain('.options reltol=0.000001 method=gear');
  });

  it('parses wrdata and interpolates linearly', () => {
    const table = parseWrdata(' time v(a) v(b)\n 0 0 1\n 1e-3 2 1\n 1e-3 4 1\n 3e-3 8 0\n');
    expect(table.names).toEqual(['time', 'v(a)', 'v(b)']);
    const at = Float64Array.of(0, 0.5e-3, 1e-3, 2e-3, 5e-3);
    expect([...interpolateLinear(table.columns[0], table.columns[1], at)]).toEqual([0, 1, 4, 6, 8]);
    expect(() => parseWrdata('time v(a)\n0 x\n')).toThrow();
  });

  // Skipped without ngspice outside CI only (.ci/run installs it).
  it.skipIf(ngspiceVersion() === undefined && !process.env.CI)('ngspice (when installed) reproduces a small ladder to its default accuracy', () => {
    const n = rcLadderNetwork(10);
    const run = runNgspice(n, SPICE_DEFAULTS, '/tmp/sysgraph-spice-test', 60000);
    const t = sampleTimes(n.tEnd, 201);
    const ref = ladderModalReference(n, t);
    const got = run.probes!.map((y) => interpolateLinear(run.t!, y, t));
    expect(maxDeviation(got, ref, peakOf(ref))).toBeLessThan(1e-2);
  });
});

describe('runSysgraph from the netlist', () => {
  it('gives the same probe traces as from the JSON description, for every family', () => {
    const parser = createSystemParser();
    for (const n of [rcLadderNetwork(30), rcGridNetwork(5), rlcLineNetwork(10)]) {
      const settings = { rtol: 1e-8, atol: 1e-12, samples: 21, solver: 'auto' as const };
      const json = runSysgraph(n, settings, parser);
      const netlist = runSysgraph(n, { ...settings, input: 'netlist' }, parser);
      expect(netlist.solver).toBe(json.solver);
      const peak = peakOf(json.probes);
      for (let p = 0; p < json.probes.length; p++) {
        for (let k = 0; k < json.t.length; k++) expect(Math.abs(netlist.probes[p][k] - json.probes[p][k])).toBeLessThan(1e-9 * peak);
      }
    }
  });
});
