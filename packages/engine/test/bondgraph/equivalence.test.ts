/**
 * Bond graphs give the same model as their linear graphs: H(s) of the bond graph against the hand-written
 * linear-graph description and against closed forms (an independent derivation by hand) at several s, for the
 * poster's RLC, the DC motor with a load, and TF and GY between each pair of analogies.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, compile } from '../../src/index';
import type { CompiledModel } from '../../src/index';

const example = (name: string) => {
  const path = fileURLToPath(new URL(`../../../../examples/${name}`, import.meta.url));
  return { text: readFileSync(path, 'utf8'), path };
};

interface C {
  re: number;
  im: number;
}
const POINTS: C[] = [
  { re: 0.3, im: 0 },
  { re: 0.1, im: 2 },
  { re: -0.05, im: 7.5 },
  { re: 3, im: -1 },
];
const mul = (a: C, b: C): C => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
const add = (a: C, b: C): C => ({ re: a.re + b.re, im: a.im + b.im });
const div = (a: C, b: C): C => {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};
const real = (x: number): C => ({ re: x, im: 0 });
const H = (model: CompiledModel, s: C) => analyze(model, { at: [s] }).H![0].value;

function expectClose(a: C, b: C): void {
  const scale = Math.max(1, Math.hypot(b.re, b.im));
  expect(Math.hypot(a.re - b.re, a.im - b.im) / scale).toBeLessThan(1e-12);
}

function expectSameTransfer(a: CompiledModel, b: CompiledModel): void {
  expect(a.outputNames.length).toBe(b.outputNames.length);
  for (const s of POINTS) {
    const ha = H(a, s);
    const hb = H(b, s);
    ha.forEach((row, i) => row.forEach((x, j) => expectClose(x, hb[i][j])));
  }
}

describe('bond graph = linear graph', () => {
  it("the poster's RLC: the bond graph and examples/engineer-in-a-box-rlc.json", () => {
    const bg = compile(example('bondgraph/poster-rlc.bg.json'));
    const lg = compile(example('engineer-in-a-box-rlc.json'));
    expectSameTransfer(bg, lg);
    // and the closed form v_C/V = 1/(LC s² + RC s + 1)
    for (const s of POINTS) {
      const s2 = mul(s, s);
      expectClose(H(bg, s)[0][0], div(real(1), add(add(mul(real(121 * 5), s2), mul(real(2 * 5), s)), real(1))));
    }
  });

  it('the DC motor with a load: the bond graph, its hand-written linear graph and ω/Va = Km/((La s + Ra)(J s + b) + Km²)', () => {
    const bg = compile(example('bondgraph/dc-motor.bg.json'));
    const lg = compile(example('bondgraph/dc-motor.json'));
    expect(bg.description.twoPorts[0].kind).toBe('transformer');
    expectSameTransfer(bg, lg);
    expectSameTransfer(compile(example('bondgraph/dc-motor.bg.json'), { stateChoice: 'b2' }), lg);
    const [Ra, La, Km, J, b] = [1.2, 0.05, 0.6, 0.02, 0.1];
    const omega = bg.outputNames.indexOf('omega');
    for (const s of POINTS) {
      const den = add(mul(add(mul(real(La), s), real(Ra)), add(mul(real(J), s), real(b))), real(Km * Km));
      expectClose(H(bg, s)[omega][0], div(real(Km), den));
    }
  });
});

/** One source → 1-junction → R1 or J1, and a two-port into a storage element; the closed form of the source's flow or speed. */
interface Case {
  readonly name: string;
  readonly graph: object;
  readonly closed: (s: C) => C;
  /** e4 / f1 on the far side: the sign of the two-port shows here. */
  readonly far: (s: C) => C;
}

const twoPortGraph = (kind: 'TF' | 'GY', side1: string, side2: string, first: object, second: object) => ({
  parameters: { n: 1.7, R1: 2, J1: 0.4, C2: 0.3, m2: 0.8 },
  elements: [
    { id: 'src', kind: 'Se', value: 'u', domain: side1 },
    { id: 'j1', kind: '1' },
    first,
    { id: 'two', kind, ratio: 'n' },
    second,
  ],
  bonds: [
    { id: 'b1', from: 'src', to: 'j1' },
    { id: 'b2', from: 'j1', to: (first as { id: string }).id },
    { id: 'b3', from: 'j1', to: 'two' },
    { id: 'b4', from: 'two', to: (second as { id: string }).id, ...(side2 ? {} : {}) },
  ],
  outputs: [
    { name: 'f1', bond: 'b1', variable: 'flow' },
    { name: 'e4', bond: 'b4', variable: 'effort' },
  ],
});

const n = 1.7;
const CASES: Case[] = [
  {
    // V = R1 f + e3, e3 = n e4, f4 = n f, e4 = f4/(s C2): f/V = 1/(R1 + n²/(s C2))
    name: 'TF, electrical → electrical (a transformer of ratio n)',
    graph: twoPortGraph('TF', 'electrical', 'electrical', { id: 'R1_', kind: 'R', value: 'R1' }, { id: 'C2_', kind: 'C', value: 'C2', domain: 'electrical' }),
    closed: (s) => div(real(1), add(real(2), div(real(n * n), mul(s, real(0.3))))),
    far: (s) => div(real(n), mul(s, real(0.3))),
  },
  {
    // e3 = n f4, e4 = n f: e4 = f4/(s C2) → f4 = s C2 n f, e3 = n² s C2 f: f/V = 1/(R1 + n² s C2)
    name: 'GY, electrical → electrical',
    graph: twoPortGraph('GY', 'electrical', 'electrical', { id: 'R1_', kind: 'R', value: 'R1' }, { id: 'C2_', kind: 'C', value: 'C2', domain: 'electrical' }),
    closed: (s) => div(real(1), add(real(2), mul(real(n * n * 0.3), s))),
    far: () => real(n),
  },
  {
    // a gear: τ = J1 s ω + e3, e3 = n e4, ω2 = n ω, e4 = m2 s ω2 (I = inertia m2): ω/τ = 1/((J1 + n² m2) s)
    name: 'TF, rotational → rotational (a gear)',
    graph: twoPortGraph('TF', 'rotational', 'rotational', { id: 'J1_', kind: 'I', value: 'J1' }, { id: 'J2_', kind: 'I', value: 'm2', domain: 'rotational' }),
    closed: (s) => div(real(1), mul(real(0.4 + n * n * 0.8), s)),
    far: (s) => mul(real(n * 0.8), s),
  },
  {
    // τ = J1 s ω + e3, e3 = n f4, e4 = n ω, f4 = s m2 ... (C on side 2: f4 = s C2 e4): e3 = n² s C2 ω: ω/τ = 1/((J1 + n² C2) s)
    name: 'GY, rotational → rotational',
    graph: twoPortGraph('GY', 'rotational', 'rotational', { id: 'J1_', kind: 'I', value: 'J1' }, { id: 'k2', kind: 'C', value: 'C2', domain: 'rotational' }),
    closed: (s) => div(real(1), mul(real(0.4 + n * n * 0.3), s)),
    far: () => real(n),
  },
  {
    // V = R1 f + e3, e3 = n e4, f4 = n f, e4 = m2 s f4 (a mass): f/V = 1/(R1 + n² m2 s)
    name: 'TF, electrical → translational',
    graph: twoPortGraph('TF', 'electrical', 'translational', { id: 'R1_', kind: 'R', value: 'R1' }, { id: 'mass2', kind: 'I', value: 'm2', domain: 'translational' }),
    closed: (s) => div(real(1), add(real(2), mul(real(n * n * 0.8), s))),
    far: (s) => mul(real(n * 0.8), s),
  },
  {
    // τ = J1 s ω + e3, e3 = n e4, f4 = n ω, e4 = f4/(s C2): ω/τ = 1/(J1 s + n²/(s C2))
    name: 'TF, rotational → electrical',
    graph: twoPortGraph('TF', 'rotational', 'electrical', { id: 'J1_', kind: 'I', value: 'J1' }, { id: 'C2_', kind: 'C', value: 'C2', domain: 'electrical' }),
    closed: (s) => div(real(1), add(mul(real(0.4), s), div(real(n * n), mul(s, real(0.3))))),
    far: (s) => div(real(n), mul(s, real(0.3))),
  },
  {
    // a generator: τ = J1 s ω + e3, e3 = n f4, e4 = n ω, f4 = s C2 e4: ω/τ = 1/((J1 + n² C2) s)
    name: 'GY, rotational → electrical (a generator)',
    graph: twoPortGraph('GY', 'rotational', 'electrical', { id: 'J1_', kind: 'I', value: 'J1' }, { id: 'C2_', kind: 'C', value: 'C2', domain: 'electrical' }),
    closed: (s) => div(real(1), mul(real(0.4 + n * n * 0.3), s)),
    far: () => real(n),
  },
  {
    // V = R1 f + e3, e3 = n f4, e4 = n f, f4 = e4/(m2 s) (a mass): f/V = 1/(R1 + n²/(m2 s))
    name: 'GY, electrical → translational',
    graph: twoPortGraph('GY', 'electrical', 'translational', { id: 'R1_', kind: 'R', value: 'R1' }, { id: 'mass2', kind: 'I', value: 'm2', domain: 'translational' }),
    closed: (s) => div(real(1), add(real(2), div(real(n * n), mul(real(0.8), s)))),
    far: () => real(n),
  },
];

describe('TF and GY between every pair of analogies, against closed forms', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const model = compile({ text: JSON.stringify(c.graph), format: 'bondgraph' });
      for (const s of POINTS) {
        const h = H(model, s);
        expectClose(h[0][0], c.closed(s));
        expectClose(h[1][0], mul(c.far(s), c.closed(s)));
      }
    });
  }
});

describe('loops of junctions', () => {
  // Se on 0a; R1 and R2 each on a 1-junction from 0a to 0b; C on 0b: v_C/V = 1/(1 + s Rp C), Rp = R1 R2/(R1 + R2)
  const [R1, R2, Cv] = [2, 3, 0.5];
  const Rp = (R1 * R2) / (R1 + R2);
  const closed = (s: C) => div(real(1), add(real(1), mul(real(Rp * Cv), s)));
  const base = {
    parameters: {},
    elements: [
      { id: 'V', kind: 'Se', value: 'u' },
      { id: 'a', kind: '0' },
      { id: 'j1', kind: '1' },
      { id: 'j2', kind: '1' },
      { id: 'R1_', kind: 'R', value: R1 },
      { id: 'R2_', kind: 'R', value: R2 },
      { id: 'b', kind: '0' },
      { id: 'C1', kind: 'C', value: Cv },
    ],
    bonds: [
      { id: 'b1', from: 'V', to: 'a' },
      { id: 'b2', from: 'a', to: 'j1' },
      { id: 'b3', from: 'j1', to: 'R1_' },
      { id: 'b4', from: 'j1', to: 'b' },
      { id: 'b5', from: 'a', to: 'j2' },
      { id: 'b6', from: 'j2', to: 'R2_' },
      { id: 'b7', from: 'j2', to: 'b' },
      { id: 'b8', from: 'b', to: 'C1' },
    ],
    outputs: [{ name: 'vC', element: 'C1', variable: 'effort' }],
  };

  it('a circuit-like loop: the grounded construction, no transformer', () => {
    const model = compile({ text: JSON.stringify(base), format: 'bondgraph' });
    expect(model.description.twoPorts).toHaveLength(0);
    for (const s of POINTS) expectClose(H(model, s)[0][0], closed(s));
  });

  it('the same loop with a 1–1 bond (R1 on a junction of its own): the 2-sum construction with a unit transformer', () => {
    const g = structuredClone(base);
    g.elements.push({ id: 'j3', kind: '1' });
    g.bonds[2] = { id: 'b3', from: 'j1', to: 'j3' };
    g.bonds.push({ id: 'b9', from: 'j3', to: 'R1_' });
    const model = compile({ text: JSON.stringify(g), format: 'bondgraph' });
    expect(model.description.twoPorts.map((t) => t.ratio.text)).toEqual(['1']);
    for (const s of POINTS) expectClose(H(model, s)[0][0], closed(s));
  });
});

describe('zeros through the engine', () => {
  it('the DC motor as a bond graph: i/Va has its zero at −b/J, ω/Va none, the friction torque none', () => {
    const a = analyze(compile(example('bondgraph/dc-motor.bg.json')), { zeros: true });
    const at = (name: string) => a.zeros![a.outputs.indexOf(name)][0]!;
    expect(at('i')).toHaveLength(1);
    expect(at('i')[0].re).toBeCloseTo(-0.1 / 0.02, 9);
    expect(at('omega')).toEqual([]);
    expect(at('friction_torque')).toEqual([]);
    // 3 outputs, 1 input: a transmission zero is a common zero of the three columns' numerators; ω/Va has none
    expect(a.transmissionZeros).toEqual([]);
  });
});
