/**
 * A netlist's transient means what SPICE means: the DC operating point as the start (with .ic nodes held), or
 * with `.tran … uic` zero but for .ic and IC=; .save probes recorded by default; .tran tstep, tstart, tmax and
 * .options reltol, abstol, vntol applied, the command line overriding each. Oracles: the circuits' closed-form
 * operating points and first-order responses, written by hand below.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSysgraphError } from '@sysgraph/core';
import type { SysgraphError } from '@sysgraph/core';
import { readSpiceNetlist } from '@sysgraph/description';
import { netlistDefaults, samplesForStep } from '@sysgraph/engine';
import { withNetlistOptions } from '@sysgraph/engine';
import { column, simulateNetlist } from './support/netlist-run';
import { loadSystem } from '../src/load-system';
import { runSimulation } from '../src/commands/simulate';

const dir = mkdtempSync(join(tmpdir(), 'sysgraph-netlist-start-'));
let count = 0;
function netlist(text: string): string {
  const file = join(dir, `n${count++}.cir`);
  writeFileSync(file, text);
  return file;
}
const sim = (text: string, cli = {}, notes: string[] = []) => simulateNetlist(netlist(text), cli, notes).run;
const TIGHT = { rtol: 1e-10, atol: 1e-13 };

function thrown(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    if (isSysgraphError(e)) return e;
    throw e;
  }
  throw new Error('expected a SysgraphError');
}

describe('the start of a netlist transient', { timeout: 60_000 }, () => {
  it('is the DC operating point: V1 a 0 DC 1, R1 a b 1k, C1 b 0 1u stays at v(b) = 1 V (the reproduction)', () => {
    const notes: string[] = [];
    const run = sim('repro\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\n.tran 0.1m 5m\n.end\n', {}, notes);
    const v = column(run, 'v_C1');
    expect(v.length).toBe(51);
    for (const x of v) expect(Math.abs(x - 1)).toBeLessThan(1e-12);
    expect(notes.some((n) => /DC operating point/.test(n))).toBe(true);
  });

  it('opens capacitors and shorts inductors: v_C1 = 2/3 V, i_L1 = 1/3 mA from the divider 1k / 2k', () => {
    const run = sim('op\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\nL1 b c 1m\nR2 c 0 2k\n.tran 0.1m 1m\n.end\n');
    for (const x of column(run, 'v_C1')) expect(Math.abs(x - 2 / 3)).toBeLessThan(1e-12);
    for (const x of column(run, 'i_L1')) expect(Math.abs(x - 1 / 3000)).toBeLessThan(1e-15);
  });

  it('in an inductor cutset (one current not a state, x = x̃ + Bd u) splits 1 mA as 1/3 and 2/3 mA over 1k and 500 Ω', () => {
    const run = sim('cutset\nI1 0 a DC 1m\nL1 a b 10m\nR1 b 0 1k\nL2 a c 20m\nR2 c 0 500\nC1 b c 100n\n.save i(L1) i(L2) v(b)\n.tran 0.1m 1m\n.end\n');
    for (const x of column(run, 'i(l1)')) expect(Math.abs(x - 1e-3 / 3)).toBeLessThan(1e-15);
    for (const x of column(run, 'i(l2)')) expect(Math.abs(x - 2e-3 / 3)).toBeLessThan(1e-15);
    for (const x of column(run, 'v(b)')) expect(Math.abs(x - 1 / 3)).toBeLessThan(1e-12);
  });

  it('takes each source at t = 0: a PWL starting at 0.5 V and a delayed SIN with offset 0.25 V', () => {
    const run = sim('t0\nV1 a 0 PWL(0 0.5 1m 0.5 2m 1)\nR1 a b 1k\nC1 b 0 1u\nV2 c 0 SIN(0.25 1 1k 1m)\nR2 c d 1k\nC2 d 0 1u\n.tran 0.1m 0.9m\n.end\n', TIGHT);
    // Both sources are constant up to 1 ms: the start is their value at t = 0, and nothing moves.
    for (const x of column(run, 'v_C1')) expect(Math.abs(x - 0.5)).toBeLessThan(1e-9);
    for (const x of column(run, 'v_C2')) expect(Math.abs(x - 0.25)).toBeLessThan(1e-9);
  });

  it('holds .ic nodes during the operating point, then releases them: v(b) = 0.5 − 0.3 e^(−t/0.5 ms)', () => {
    // Released: Thevenin 0.5 V behind 1k || 1k = 500 Ω, τ = 0.5 ms; held at 0.2 V at t = 0.
    const run = sim('ic\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\nR2 b 0 1k\n.ic v(b)=0.2\n.save v(b)\n.tran 0.1m 3m\n.end\n', TIGHT);
    const t = column(run, 't');
    column(run, 'v(b)').forEach((x, i) => expect(Math.abs(x - (0.5 - 0.3 * Math.exp(-t[i] / 0.5e-3)))).toBeLessThan(1e-8));
  });

  it('with .ic held, an inductor behind the node carries the held voltage over its resistor: i(L1) = 0.2 V / 3k', () => {
    const run = sim('ic-l\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\nR2 b 0 1k\nL1 b c 10m\nR3 c 0 3k\n.ic v(b)=0.2\n.save v(b) i(L1)\n.tran 0.1m 1m\n.end\n', TIGHT);
    expect(column(run, 'v(b)')[0]).toBeCloseTo(0.2, 12);
    expect(column(run, 'i(l1)')[0]).toBeCloseTo(0.2 / 3000, 15);
  });

  it('with uic starts from zero, or from .ic node voltages, IC= winning over .ic: v = 1 − (1 − v0) e^(−t/1 ms)', () => {
    const base = 'uic\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u%IC%\n%LINE%.tran 0.1m 3m uic\n.end\n';
    const cases: [string, string, number][] = [
      ['', '', 0],
      ['', '.ic v(b)=0.25\n', 0.25],
      [' IC=0.4', '.ic v(b)=0.25\n', 0.4],
    ];
    for (const [ic, line, v0] of cases) {
      const run = sim(base.replace('%IC%', ic).replace('%LINE%', line), TIGHT);
      const t = column(run, 't');
      column(run, 'v_C1').forEach((x, i) => expect(Math.abs(x - (1 - (1 - v0) * Math.exp(-t[i] / 1e-3)))).toBeLessThan(1e-8));
    }
  });

  it('with uic takes an inductor current from IC= and a floating capacitor from the difference of .ic nodes', () => {
    // R–L: i = 1 mA e^(−t R/L), R/L = 1000 /s.
    const run = sim('uic-l\nV1 a 0 DC 0\nR1 a b 1k\nL1 b 0 1 IC=1m\n.tran 0.1m 3m uic\n.end\n', TIGHT);
    const t = column(run, 't');
    column(run, 'i_L1').forEach((x, i) => expect(Math.abs(x - 1e-3 * Math.exp(-1000 * t[i]))).toBeLessThan(1e-11));
    // C1 from b to c: v(b) − v(c) = 0.5 − (−0.25) at t = 0.
    const c = sim('uic-c\nV1 a 0 DC 0\nR1 a b 1k\nC1 b c 1u\nR2 c 0 1k\n.ic v(b)=0.5 v(c)=-0.25\n.tran 0.1m 1m uic\n.end\n', TIGHT);
    expect(column(c, 'v_C1')[0]).toBeCloseTo(0.75, 14);
  });

  it('takes the sources just before t = 0: --input V1=step(2) is a step from rest, v = 2 (1 − e^(−t/1 ms))', () => {
    const run = sim('repro\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\n.tran 0.1m 5m\n.end\n', { ...TIGHT, input: ['V1=step(2)'] });
    const t = column(run, 't');
    column(run, 'v_C1').forEach((x, i) => expect(Math.abs(x - 2 * (1 - Math.exp(-t[i] / 1e-3)))).toBeLessThan(1e-8));
  });

  it('--initial overrides the operating point state by state', () => {
    const run = sim('op\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\nL1 b c 1m\nR2 c 0 2k\n.tran 0.1m 1m\n.end\n', { initial: ['v_C1=0'] });
    expect(column(run, 'v_C1')[0]).toBe(0);
    expect(column(run, 'i_L1')[0]).toBeCloseTo(1 / 3000, 15);
  });
});

describe('a netlist with laws (nonlinear devices)', { timeout: 60_000 }, () => {
  it('starts from its DC operating point: (5 − v)/1k = Is (e^(v/Vt) − 1), found by bisection here', () => {
    const desc = loadSystem('nonlinear/diode-rc').desc;
    const f = (v: number) => (5 - v) / 1000 - 1e-12 * (Math.exp(v / 0.025) - 1);
    let [lo, hi] = [0, 5];
    for (let k = 0; k < 200; k++) [lo, hi] = f((lo + hi) / 2) > 0 ? [(lo + hi) / 2, hi] : [lo, (lo + hi) / 2];
    const notes: string[] = [];
    const start = { uic: false, initial: { nodes: [], elements: [] } };
    const run = runSimulation(desc, { tEnd: 1e-3, samples: 5, ...TIGHT, netlistStart: start, note: (l) => notes.push(l) });
    const v = column(run, 'v_out');
    expect(Math.abs(v[0] - lo)).toBeLessThan(1e-12);
    for (const x of v) expect(Math.abs(x - lo)).toBeLessThan(1e-8);
    expect(notes.some((n) => /Newton/.test(n))).toBe(true);
    // uic: the zero state, with a note.
    const uic = runSimulation(desc, { tEnd: 1e-3, samples: 5, netlistStart: { ...start, uic: true }, note: (l) => notes.push(l) });
    expect(column(uic, 'v_out')[0]).toBe(0);
  });
});

describe('an operating point that does not exist or is not unique', { timeout: 60_000 }, () => {
  it('a capacitor cutset fed by a DC current source: no-operating-point naming the capacitors and the source', () => {
    const text = 'I into C\nI1 0 b DC 1m\nC1 b 0 1u\nR1 b c 1k\nC2 c 0 1u\n.tran 0.1m 1m\n.end\n';
    const e = thrown(() => sim(text));
    expect(e.code).toBe('no-operating-point');
    expect(e.field).toBe('initial');
    expect([...(e.elements ?? [])].sort()).toEqual(['C1', 'C2', 'I1']);
    expect(e.message).toMatch(/does not exist/);
    // uic needs no operating point: v_C1 = v_C2 ramp together at 1 mA / 2 µF after the RC transient.
    expect(() => sim(text.replace('1m\n.end', '1m uic\n.end'))).not.toThrow();
  });

  it('capacitors in series with no DC path between them: not unique, naming both', () => {
    const e = thrown(() => sim('series C\nV1 a 0 DC 1\nR1 a b 1k\nC1 b c 1u\nC2 c 0 1u\n.tran 0.1m 1m\n.end\n'));
    expect(e.code).toBe('no-operating-point');
    expect([...(e.elements ?? [])].sort()).toEqual(['C1', 'C2']);
    expect(e.message).toMatch(/not unique/);
  });

  it('an inductor across a DC voltage source: naming the inductor and the source', () => {
    const e = thrown(() => sim('L loop\nV1 a 0 DC 1\nL1 a 0 1m\nR1 a b 1\nC2 b 0 1u\n.tran 0.1m 1m\n.end\n'));
    expect(e.code).toBe('no-operating-point');
    expect(e.element).toBe('L1');
    expect([...(e.elements ?? [])].sort()).toEqual(['L1', 'V1']);
  });

  it('with every source 0 at t = 0 the zero state is taken (floating capacitors included), as SPICE does', () => {
    const run = sim('zero\nV1 a 0 PWL(0 0 1m 1)\nR1 a b 1k\nC1 b c 1u\nC2 c 0 1u\n.tran 0.1m 1m\n.end\n');
    expect(column(run, 'v_C1')[0]).toBe(0);
    expect(column(run, 'v_C2')[0]).toBe(0);
  });

  it('an .ic at a node a voltage source fixes: naming the node and the field ic', () => {
    const e = thrown(() => sim('held fixed\nV1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\n.ic v(a)=0.5\n.tran 0.1m 1m\n.end\n'));
    expect(e.code).toBe('no-operating-point');
    expect(e.element).toBe('a');
    expect(e.field).toBe('ic');
  });
});

describe('a large (sparse) netlist', { timeout: 120_000 }, () => {
  // N series resistors of 1 Ω with a capacitor at every node and N Ω to ground at the end: I = 1/(2N),
  // v(n_k) = 1 − k/(2N). With n_{N/2} held at 0 V: v(n_k) = 1 − 2k/N on the left, 0 on the right.
  const N = 1100;
  const cards = ['ladder', 'V1 n0 0 DC 1'];
  for (let k = 1; k <= N; k++) cards.push(`R${k} n${k - 1} n${k} 1`, `C${k} n${k} 0 1u`);
  cards.push(`RL n${N} 0 ${N}`, `.save v(n1) v(n${N / 2}) v(n${N})`, '.tran 1u 2u');
  it('starts from its operating point (sparse LU of the descriptor), records only the saved probes', () => {
    const run = sim(`${cards.join('\n')}\n.end\n`);
    expect(run.result.names).toEqual(['t', 'v(n1)', `v(n${N / 2})`, `v(n${N})`]);
    expect(column(run, 'v(n1)')[0]).toBeCloseTo(1 - 1 / (2 * N), 12);
    expect(column(run, `v(n${N / 2})`)[0]).toBeCloseTo(0.75, 12);
    expect(column(run, `v(n${N})`)[0]).toBeCloseTo(0.5, 12);
  });

  it('holds an .ic node in the sparse model too', () => {
    const run = sim(`${cards.join('\n')}\n.ic v(n${N / 2})=0\n.end\n`);
    expect(column(run, 'v(n1)')[0]).toBeCloseTo(1 - 2 / N, 12);
    expect(Math.abs(column(run, `v(n${N})`)[0])).toBeLessThan(1e-12);
  });
});

describe('.save, .tran and .options as simulate defaults', { timeout: 60_000 }, () => {
  const TEXT = 'defaults\nV1 a 0 PWL(0 0 1m 1)\nR1 a b 1k\nC1 b 0 1u\nL1 b c 1m\nR2 c 0 1k\n.save v(b) i(L1)\n.options reltol=1e-5 abstol=1e-11 vntol=1e-8 method=gear\n.tran 0.1m 2m 0.5m 5u\n.end\n';

  it('records the .save probes under their SPICE names; --record overrides', () => {
    expect(sim(TEXT).result.names).toEqual(['t', 'v(b)', 'i(l1)']);
    expect(sim(TEXT, { record: ['v_C1'] }).result.names).toEqual(['t', 'v_C1']);
  });

  it('writes from tstart every tstep up to tstop; --samples and --t-end override', () => {
    const t = column(sim(TEXT), 't');
    expect(t.length).toBe(16);
    t.forEach((x, i) => expect(x).toBeCloseTo(0.5e-3 + i * 1e-4, 15));
    const u = column(sim(TEXT, { samples: 5, tEnd: 1e-3 }), 't');
    expect(u).toEqual([0.5e-3, 0.75e-3, 1e-3]);
  });

  it('maps reltol to rtol, the smaller of abstol and vntol to atol, tmax to dt; the command line wins', () => {
    const d = netlistDefaults(readSpiceNetlist(TEXT));
    expect(d).toMatchObject({ rtol: 1e-5, atol: 1e-11, dt: 5e-6, tStart: 0.5e-3, tEnd: 2e-3, tstep: 1e-4, record: ['v(b)', 'i(l1)'] });
    const m = withNetlistOptions({ input: [], record: [], rtol: 1e-8, dt: 1e-6 }, d);
    expect(m).toMatchObject({ rtol: 1e-8, atol: 1e-11, dt: 1e-6, samples: 21, outputFrom: 0.5e-3 });
    expect(withNetlistOptions({ input: [], record: [] }, netlistDefaults(readSpiceNetlist('x\nR1 a 0 1\nR2 a 0 1\n.end\n')))).toMatchObject({ samples: undefined, rtol: undefined, atol: undefined, dt: undefined });
    expect(samplesForStep(1e-3, 3e-4)).toBe(4);
  });
});
