/**
 * The engine's API in process: compile + simulate of a linear JSON description, a description with a law, one
 * with a value in t and a SPICE netlist, each against its closed-form solution (written here from the circuit's
 * equations, not from the engine); analyze and compare against the poles by hand; bad input as typed errors.
 */
import { describe, expect, it } from 'vitest';
import { analyze, compare, compile, readerNames, registerReader, simulate, jsonReader } from '../src/index';
import type { EngineTrace } from '../src/index';
import { thrown } from './support/thrown';

const column = (run: EngineTrace, name: string): Float64Array => {
  const k = run.result.names.indexOf(name);
  if (k < 0) throw new Error(`no column ${name} in ${run.result.names.join(', ')}`);
  return run.result.columns[k];
};

/** max_k |trace(t_k) − exact(t_k)| over the samples. */
function largestError(run: EngineTrace, name: string, exact: (t: number) => number): number {
  const t = run.result.columns[0];
  const y = column(run, name);
  let e = 0;
  for (let k = 0; k < t.length; k++) e = Math.max(e, Math.abs(y[k] - exact(t[k])));
  return e;
}

const rc = (R: number, C: number) => ({
  name: 'rc',
  parameters: { R, C },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
  ],
  outputs: [{ name: 'v', element: 'C1', variable: 'across' }],
  ground: 'g',
});

describe('linear JSON description', () => {
  const R = 2;
  const C = 0.5;
  const tau = R * C;

  it('is compiled as the linear family; its step response is V (1 − exp(−t / RC))', () => {
    const model = compile(JSON.stringify(rc(R, C)));
    expect(model.format).toBe('json');
    expect(model.family).toBe('linear');
    expect(model.inputNames).toEqual(['Vs']);
    // a capacitor voltage: volts, as state and as output
    expect(model.units).toEqual({ states: ['V'], outputs: ['V'] });
    const run = simulate(model, { tEnd: 5 * tau, signals: { Vs: 'step(3)' }, samples: 101 });
    expect(largestError(run, 'v', (t) => 3 * (1 - Math.exp(-t / tau)))).toBeLessThan(1e-6);
  });

  it('takes the default end time 5τ (one implementation) and says so in the notes', () => {
    const model = compile(rc(R, C));
    expect(model.endTime().tEnd).toBeCloseTo(5 * tau, 12);
    const run = simulate(model, { samples: 11 });
    expect(run.tEnd).toBeCloseTo(5 * tau, 12);
    expect(run.notes.some((n) => n.startsWith('t-end = 5 s'))).toBe(true);
    // the source without a value: step(1), a note says so
    expect(model.defaultSignals).toEqual({ Vs: 'step(1)' });
  });

  it('analyze: the pole −1/(RC); compare: the same system in b2 states has the same invariants, another R not', () => {
    const model = compile(rc(R, C));
    const a = analyze(model, { at: [{ re: 1, im: 0 }] });
    expect(a.poles).toHaveLength(1);
    expect(a.poles[0].re).toBeCloseTo(-1 / tau, 12);
    expect(a.dcGain?.[0][0]).toBeCloseTo(1, 12);
    // H(s) = 1 / (1 + s RC) at s = 1
    expect(a.H?.[0].value[0][0].re).toBeCloseTo(1 / (1 + tau), 12);
    const b2 = compile({ description: model.description }, { stateChoice: 'b2' });
    expect(b2.format).toBe('description');
    const same = compare(model, b2);
    expect(same.measure).toBe('invariants');
    expect(same.largest).toBeLessThan(1e-12);
    const other = compare(model, compile(rc(2 * R, C)));
    expect(other.measure).toBe('matrices');
    // A = −1/(RC): |−1/2 − (−1/4)|, B = 1/(RC) likewise
    expect(other.largest).toBeCloseTo(1 / tau - 1 / (2 * tau), 12);
  });
});

describe('diagnostics', () => {
  it('two capacitors in parallel form a capacitor loop: a D4 diagnostic naming one of them', () => {
    const desc = rc(1, 1);
    const model = compile({ ...desc, elements: [...desc.elements, { id: 'C2', kind: 'capacitor', from: 'b', to: 'g', value: 'C' }] });
    const d4 = model.diagnostics.filter((d) => d.code === 'D4');
    expect(d4.length).toBeGreaterThan(0);
    expect(d4.flatMap((d) => d.elements).some((e) => e === 'C1' || e === 'C2')).toBe(true);
    // one state for the two (v_C1 = v_C2)
    expect(model.stateNames).toHaveLength(1);
  });
});

describe('description with a law', () => {
  // C v' = −k v³ (a capacitor discharging through i = k v³): v(t) = v0 / sqrt(1 + 2 k v0² t / C)
  const k = 2;
  const C = 0.5;
  const v0 = 1.5;
  const desc = {
    name: 'cubic-discharge',
    parameters: { k, C },
    elements: [
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
      { id: 'G', kind: 'resistor', from: 'b', to: 'g', law: { through: 'k*v^3' } },
    ],
    outputs: [{ name: 'v', element: 'C1', variable: 'across' }],
    ground: 'g',
  };

  it('is the laws family, simulated against the closed form', () => {
    // options of another family (a page's settings carry them all) do not apply to this one
    const model = compile(desc, { form: 'across-through', storageLaw: 'conservative', stateChoice: 'b2' });
    expect(model.family).toBe('laws');
    const x = model.stateNames[0];
    const run = simulate(model, { tEnd: 2, initial: { [x]: v0 }, samples: 41, rtol: 1e-9, atol: 1e-12 });
    expect(largestError(run, 'v', (t) => v0 / Math.sqrt(1 + (2 * k * v0 * v0 * t) / C))).toBeLessThan(1e-6);
  });

  it('has no linear model: a typed error naming the field', () => {
    const e = thrown(() => compile(desc).linear());
    expect(e.field).toBe('family');
  });
});

describe('description with a value in t', () => {
  // V = 1 through R(t) = R0 (1 + t) into C, R0 C = 1, from rest: v' = (1 − v)/(1 + t), v(t) = t / (1 + t)
  const desc = {
    name: 'rc-growing-r',
    parameters: { R0: 2, C: 0.5 },
    elements: [
      { id: 'V', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R0*(1 + t)' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
    ],
    outputs: [{ name: 'v', element: 'C1', variable: 'across' }],
    ground: 'g',
  };

  it('is the time-varying family, simulated against the closed form in both state forms', () => {
    for (const form of ['charge-flux', 'across-through'] as const) {
      const model = compile(desc, { form });
      expect(model.family).toBe('time-varying');
      const run = simulate(model, { tEnd: 3, samples: 31, rtol: 1e-9, atol: 1e-12 });
      expect(largestError(run, 'v', (t) => t / (1 + t)), form).toBeLessThan(1e-6);
    }
  });
});

describe('SPICE netlist', () => {
  const netlist = (uic: boolean) => `* RC charged from a 2 V source
V1 in 0 DC 2
R1 in out 1k
C1 out 0 1u
.tran 10u 5m${uic ? ' uic' : ''}
.save v(out)
.end
`;

  it('is read by the netlist reader (by extension or by sniffing); with uic it starts at zero: 2 (1 − exp(−t/RC))', () => {
    const byPath = compile({ text: netlist(true), path: 'rc.cir' });
    const sniffed = compile(netlist(true));
    expect(byPath.format).toBe('spice');
    expect(sniffed.format).toBe('spice');
    const run = simulate(byPath, { rtol: 1e-9, atol: 1e-12 });
    // .tran: tstop 5 ms, one row every 10 µs; .save: the probe only
    expect(run.tEnd).toBe(5e-3);
    expect(run.result.columns[0].length).toBe(501);
    expect(run.result.names).toEqual(['t', 'v(out)']);
    expect(largestError(run, 'v(out)', (t) => 2 * (1 - Math.exp(-t / 1e-3)))).toBeLessThan(1e-6);
  });

  it('without uic it starts from the DC operating point (the capacitor charged to 2 V)', () => {
    const run = simulate(compile({ text: netlist(false), path: 'rc.cir' }));
    expect(largestError(run, 'v(out)', () => 2)).toBeLessThan(1e-9);
    expect(run.notes.some((n) => n.includes('DC operating point'))).toBe(true);
  });
});

describe('bad input', () => {
  it('a negative resistance is a typed error naming the element and the field', () => {
    const bad = rc(2, 0.5);
    const e = thrown(() => compile({ ...bad, elements: bad.elements.map((x) => (x.id === 'R1' ? { ...x, value: -1 } : x)) }).simulation);
    expect(e.element).toBe('R1');
    expect(e.field).toBeDefined();
  });

  it('a signal for an input the model does not have names the input and the field', () => {
    const e = thrown(() => simulate(compile(rc(2, 0.5)), { tEnd: 1, signals: { Vx: 'step(1)' } }));
    expect(e.code).toBe('bad-option');
    expect(e.element).toBe('Vx');
  });

  it('an unknown format names the field format; input that is neither text nor an object is refused', () => {
    expect(thrown(() => compile('{}', { format: 'bond-graph' })).field).toBe('format');
    expect(thrown(() => compile(42 as unknown as string)).field).toBe('input');
  });

  it('a new reader registers by name and is found by extension', () => {
    registerReader({ ...jsonReader, name: 'json5-like', extensions: ['.sgj'], sniff: () => false });
    expect(readerNames()).toContain('json5-like');
    expect(compile({ text: JSON.stringify(rc(1, 1)), path: 'x.sgj' }).format).toBe('json5-like');
  });
});
