/**
 * What the network model does not cover is 'unsupported' at build time, naming the elements (the caller falls
 * back to nonlinearModel); a Jacobian where a law is not differentiable is 'bad-law' naming the element, or a
 * secant with the option.
 */
import { readFileSync } from 'node:fs';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';

const build = (json: Record<string, unknown>, opts = {}) => networkModel(analyzeStructure(parseSystem(json)), opts);
const failure = (f: () => unknown): SysgraphError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    return e as SysgraphError;
  }
  throw new Error('no error');
};
const diode = { law: { through: '1e-3*(exp(v/0.5) - 1)' } };
// R1 (tree) and R2, R3 (co-tree) form a resistive loop with laws in both forms: a coupled static block solved by Newton
const resistiveLoop = {
  name: 'resistive-loop',
  elements: [
    { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: { across: '0.4*i + 0.08*(exp(i) - exp(-i))' } },
    { id: 'R2', kind: 'resistor', from: 'b', to: 'g', law: { through: 'v/2 + 0.1*v^3' } },
    { id: 'R3', kind: 'resistor', from: 'b', to: 'c', law: { across: '0.7*i + 0.05*(exp(i) - exp(-i))' } },
    { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 1 },
    { id: 'R4', kind: 'resistor', from: 'a', to: 'c', law: { through: '0.3*v + 0.2*sin(v)' } },
  ],
};

describe('the network model refuses what it does not cover', () => {
  it('a capacitor loop (a capacitor in the co-tree)', () => {
    const e = failure(() =>
      build({
        name: 'c-loop',
        elements: [
          { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
          { id: 'R1', kind: 'resistor', from: 'a', to: 'b', ...diode },
          { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
          { id: 'C2', kind: 'capacitor', from: 'b', to: 'g', law: { charge: 'v + v^3' } },
        ],
      }),
    );
    expect(e.code).toBe('unsupported');
    expect(['C1', 'C2']).toContain(e.element);
  });

  it('an inductor cutset (an inductor in the tree)', () => {
    const e = failure(() =>
      build({
        name: 'l-cutset',
        elements: [
          { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
          { id: 'R1', kind: 'resistor', from: 'a', to: 'g', ...diode },
          { id: 'L1', kind: 'inductor', from: 'a', to: 'b', value: 1 },
          { id: 'L2', kind: 'inductor', from: 'b', to: 'g', law: { flux: 'i + i^3' } },
        ],
      }),
    );
    expect(e.code).toBe('unsupported');
    expect(['L1', 'L2']).toContain(e.element);
  });

  it('mutual inductances and parametric laws', () => {
    const base = {
      name: 'm',
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', ...diode },
        { id: 'L1', kind: 'inductor', from: 'b', to: 'g', value: 1 },
        { id: 'R2', kind: 'resistor', from: 'a', to: 'c', value: 1 },
        { id: 'L2', kind: 'inductor', from: 'c', to: 'g', value: 2 },
      ],
    };
    const m = failure(() => build({ ...base, mutuals: [{ id: 'M', between: ['L1', 'L2'], coupling: 0.5 }] }));
    expect([m.code, m.element]).toEqual(['unsupported', 'M']);
    const curve = { parametric: { parameter: 's', interval: [-2, 2], across: 's', through: 's + s^3' } };
    const elements = base.elements.map((x) => (x.id === 'R1' ? { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: curve } : x));
    const p = failure(() => build({ ...base, elements }));
    expect([p.code, p.element, p.field]).toEqual(['unsupported', 'R1', 'law.parametric']);
  });
});

describe('a Jacobian where a law is not differentiable', () => {
  // The reservoirs of MASD example 4.2: orifices q = c sign(Δp) sqrt|Δp| in the tree, inverted numerically. At zero
  // flows Δp = 0, where the law's slope is not defined (sign(Δp)·sqrt|Δp| has slope +∞ from both sides, and the
  // forward-mode rule gives ∞·0): the Jacobian refuses it, as nonlinearModel does.
  const json = JSON.parse(readFileSync(new URL('../../../examples/nonlinear/masd-4-2-reservoirs.json', import.meta.url), 'utf8'));
  const s = analyzeStructure(parseSystem(json));

  it("is 'bad-law' naming an orifice, and finite with a secant width", () => {
    const m = build(json).model;
    // equal pressures, zero flows
    const x = Float64Array.from(m.stateNames, (name) => (name.startsWith('i_') ? 0 : 1));
    const u = new Float64Array(m.inputNames.length);
    const f = new Float64Array(x.length);
    m.f(0, x, u, u, f);
    expect(f.every(Number.isFinite)).toBe(true);
    const e = failure(() => m.jacobian(0, x, u, u));
    expect(e.code).toBe('bad-law');
    expect(['Rp1', 'Rv1', 'Rp2', 'Rv2']).toContain(e.element);
    expect(e.field).toBe('law');
    const secant = networkModel(s, { secantWidth: 1e-6 }).model;
    const J = secant.jacobian(0, x, u, u);
    expect(Array.from(J.values).every(Number.isFinite)).toBe(true);
  });
});

describe('a coupled static block whose solution is 0', () => {
  it('converges at rest after an evaluation elsewhere (warm start far from 0, a law whose rounding slows Newton)', () => {
    // exp(i) − exp(−i) rounds to 0 near 0 while its derivative does not, so Newton converges only linearly there.
    const built = build(resistiveLoop);
    expect(built.stats.newtonBlocks).toBeGreaterThanOrEqual(1);
    const m = built.model;
    const f = new Float64Array(1);
    m.f(0, Float64Array.of(0.9), Float64Array.of(1.5), Float64Array.of(0), f);
    m.f(0, Float64Array.of(0), Float64Array.of(0), Float64Array.of(0), f);
    expect(Math.abs(f[0])).toBeLessThan(1e-15);
  });
});

describe('the static solver counters (staticWork)', () => {
  it('a resistive loop of law elements: Newton iterations in f; a ladder of explicit laws: none', () => {
    const loop = build(resistiveLoop);
    const m = loop.model;
    const f = new Float64Array(1);
    const w0 = m.staticWork();
    m.f(0, Float64Array.of(0.9), Float64Array.of(1.5), Float64Array.of(0), f);
    const w1 = m.staticWork();
    // a nonzero source away from the warm start: at least one Newton step on the coupled block
    expect(w1.newtonIterations - w0.newtonIterations).toBeGreaterThanOrEqual(1);
    m.f(0, Float64Array.of(0.4), Float64Array.of(-2), Float64Array.of(0), f);
    expect(m.staticWork().newtonIterations).toBeGreaterThan(w1.newtonIterations);

    const ladder = build({
      name: 'explicit-laws',
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 1 },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
        { id: 'D1', kind: 'resistor', from: 'b', to: 'g', law: { through: '1e-12*(exp(v/0.025852) - 1)' } },
      ],
    });
    const g = new Float64Array(1);
    ladder.model.f(0, Float64Array.of(0.5), Float64Array.of(1), Float64Array.of(0), g);
    expect(ladder.model.staticWork()).toEqual({ newtonIterations: 0, lawInversions: 0 });
  });
});

describe('the states the outputs read (outputStates)', () => {
  it('outputs of node voltages across tree capacitors: those states only', () => {
    const built = build({
      name: 'two-cells',
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 1 },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'c', value: 1 },
        { id: 'C2', kind: 'capacitor', from: 'c', to: 'g', value: 1 },
        { id: 'D2', kind: 'resistor', from: 'c', to: 'g', law: { through: '1e-12*(exp(v/0.025852) - 1)' } },
      ],
      outputs: [{ name: 'vc', element: 'C2', variable: 'across' }],
    });
    const m = built.model;
    const read = m.outputStates();
    expect(read).toBeDefined();
    expect(Array.from(read!).map((k) => m.stateNames[k])).toEqual([m.stateNames.find((s) => s.includes('C2'))]);
  });
});
