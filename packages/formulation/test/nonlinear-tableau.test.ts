/**
 * The nonlinear formulation against an independent tableau solve (formulation.md section 13, the oracle idea of
 * the linear case): with the states fixed, the node potentials and every branch current solve KCL at the nodes
 * and every branch law (hand-written JavaScript functions, not the parsed laws) by Newton on a finite-difference
 * Jacobian; x' then follows from the storage laws (derivatives by central differences). No tree, no F.
 */
import fc from 'fast-check';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { formatNonlinear, nonlinearModel, nonlinearToLatex } from '../src/index';

type Fn = (x: number, t: number) => number;
interface Branch {
  id: string;
  kind: string;
  from: string;
  to: string;
  /** The law as text for the description, and the same law as a function for the oracle. */
  law?: { form: string; text: string; fn: Fn };
}

// A network with a loop of D-type elements (D1, D2 with C1), D-type laws in both forms, storage laws in all four
// forms and a time-varying capacitor.
const BRANCHES: Branch[] = [
  { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
  { id: 'J', kind: 'current-source', from: 'g', to: 'd' },
  { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: { form: 'through', text: 'v/2 + 0.1*v^3', fn: (v) => v / 2 + 0.1 * v ** 3 } },
  { id: 'D1', kind: 'resistor', from: 'b', to: 'c', law: { form: 'across', text: '0.5*i + 0.2*i^3', fn: (i) => 0.5 * i + 0.2 * i ** 3 } },
  { id: 'D2', kind: 'resistor', from: 'c', to: 'g', law: { form: 'through', text: '0.001*(exp(v/0.5) - 1)', fn: (v) => 0.001 * (Math.exp(v / 0.5) - 1) } },
  { id: 'R3', kind: 'resistor', from: 'b', to: 'd', law: { form: 'across', text: '3*i + 0.5*i^3', fn: (i) => 3 * i + 0.5 * i ** 3 } },
  { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', law: { form: 'charge', text: '(1 + 0.3*sin(t))*v + 0.1*v^3', fn: (v, t) => (1 + 0.3 * Math.sin(t)) * v + 0.1 * v ** 3 } },
  { id: 'C2', kind: 'capacitor', from: 'd', to: 'g', law: { form: 'across', text: 'q/2 + q^3', fn: (q) => q / 2 + q ** 3 } },
  { id: 'L1', kind: 'inductor', from: 'd', to: 'c', law: { form: 'flux', text: '0.5*i + 0.05*i^3', fn: (i) => 0.5 * i + 0.05 * i ** 3 } },
  { id: 'L2', kind: 'inductor', from: 'c', to: 'g', law: { form: 'through', text: 'lambda/0.3', fn: (l) => l / 0.3 } },
];
const NODES = ['a', 'b', 'c', 'd']; // g is the reference
const OUTPUTS = BRANCHES.flatMap((b) => [
  { name: `v_${b.id}_out`, element: b.id, variable: 'across' as const },
  { name: `i_${b.id}_out`, element: b.id, variable: 'through' as const },
]);

function description() {
  return {
    name: 'nonlinear-tableau',
    parameters: {},
    elements: BRANCHES.map((b) => ({ id: b.id, kind: b.kind, from: b.from, to: b.to, ...(b.law ? { law: { [b.law.form]: b.law.text } } : {}) })),
    outputs: [...OUTPUTS, { name: 'phi_c', node: 'c' }],
  };
}

const lawOf = (id: string) => BRANCHES.find((b) => b.id === id)!.law!;
const dd = (f: (x: number) => number, x: number) => {
  const h = 1e-6 * (1 + Math.abs(x));
  return (f(x + h) - f(x - h)) / (2 * h);
};

/**
 * The tableau: unknowns w = [φ_a, φ_b, φ_c, φ_d, i_k for every branch]; equations KCL at a, b, c, d and one law per
 * branch. Returns the branch voltages and currents and x' = [v_C1', q_C2', i_L1', λ_L2'].
 */
function tableau(t: number, x: { vC1: number; qC2: number; iL1: number; lL2: number }, u: { E: number; J: number }) {
  const nB = BRANCHES.length;
  const size = NODES.length + nB;
  const phi = (w: number[], n: string) => (n === 'g' ? 0 : w[NODES.indexOf(n)]);
  const residual = (w: number[]): number[] => {
    const r: number[] = [];
    for (const n of NODES) {
      let s = 0;
      BRANCHES.forEach((b, k) => {
        if (b.from === n) s += w[NODES.length + k];
        if (b.to === n) s -= w[NODES.length + k];
      });
      r.push(s);
    }
    BRANCHES.forEach((b, k) => {
      const v = phi(w, b.from) - phi(w, b.to);
      const i = w[NODES.length + k];
      switch (b.id) {
        case 'E': return r.push(v - u.E);
        case 'J': return r.push(i - u.J);
        case 'C1': return r.push(v - x.vC1);
        case 'C2': return r.push(v - lawOf('C2').fn(x.qC2, t));
        case 'L1': return r.push(i - x.iL1);
        case 'L2': return r.push(i - lawOf('L2').fn(x.lL2, t));
      }
      const l = b.law!;
      return r.push(l.form === 'through' ? i - l.fn(v, t) : v - l.fn(i, t));
    });
    return r;
  };
  let w = new Array<number>(size).fill(0);
  for (let it = 0; it < 100; it++) {
    const r = residual(w);
    const J = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (let j = 0; j < size; j++) {
      const h = 1e-7 * (1 + Math.abs(w[j]));
      const wp = w.slice();
      const wm = w.slice();
      wp[j] += h;
      wm[j] -= h;
      const rp = residual(wp);
      const rm = residual(wm);
      for (let i = 0; i < size; i++) J[i][j] = (rp[i] - rm[i]) / (2 * h);
    }
    const step = new LuDecomposition(new Matrix(J)).solve(Matrix.columnVector(r)).to1DArray();
    w = w.map((wi, j) => wi - step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-13 * (1 + Math.max(...w.map(Math.abs)))) break;
  }
  expect(Math.max(...residual(w).map(Math.abs))).toBeLessThan(1e-10);
  const v = (id: string) => {
    const b = BRANCHES.find((q) => q.id === id)!;
    return phi(w, b.from) - phi(w, b.to);
  };
  const i = (id: string) => w[NODES.length + BRANCHES.findIndex((q) => q.id === id)];
  // Storage laws: i = dQ/dt = Q_v v' + Q_t;  q' = i;  v = dΦ/dt = Φ_i i';  λ' = v.
  const Q = lawOf('C1').fn;
  const Qv = dd((s) => Q(s, t), x.vC1);
  const Qt = dd((s) => Q(x.vC1, s), t);
  const Phi = lawOf('L1').fn;
  const xdot = [(i('C1') - Qt) / Qv, i('C2'), v('L1') / dd((s) => Phi(s, t), x.iL1), v('L2')];
  return { v, i, xdot, phiC: phi(w, 'c') };
}

const point = fc.record({
  t: fc.double({ min: 0, max: 5, noNaN: true }),
  vC1: fc.double({ min: -1, max: 1, noNaN: true }),
  qC2: fc.double({ min: -1, max: 1, noNaN: true }),
  iL1: fc.double({ min: -1, max: 1, noNaN: true }),
  lL2: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  E: fc.double({ min: -1, max: 1, noNaN: true }),
  J: fc.double({ min: -1, max: 1, noNaN: true }),
});

describe('nonlinear formulation against the tableau solve of the branch equations', () => {
  const nl = nonlinearModel(analyzeStructure(parseSystem(description())));

  it('has the states of the law forms, and implicit variables for the D-type loop and the inverted laws', () => {
    expect(nl.system.states.map((s) => s.name)).toEqual(['v_C1', 'q_C2', 'i_L1', 'lambda_L2']);
    expect(nl.system.implicit.map((z) => z.element).sort()).toEqual(['D1', 'D2', 'R3']);
    expect(formatNonlinear(nl)).toContain("q_C2' =");
    expect(nonlinearToLatex(nl).f).toContain('\\dot{');
  });

  it('f(x, u, t) and the outputs agree at random states, inputs and times (seeded)', () => {
    fc.assert(
      fc.property(point, (p) => {
        const ref = tableau(p.t, p, p);
        const inputs = nl.system.inputs.map((name) => (name === 'E' ? p.E : p.J));
        const f = nl.evaluate.f(p.t, [p.vC1, p.qC2, p.iL1, p.lL2], inputs);
        f.forEach((fi, j) => expect(fi).toBeCloseTo(ref.xdot[j], 6));
        const y = nl.evaluate.g(p.t, [p.vC1, p.qC2, p.iL1, p.lL2], inputs);
        OUTPUTS.forEach((o, j) => {
          const id = o.element;
          expect(y[j]).toBeCloseTo(o.variable === 'across' ? ref.v(id) : ref.i(id), 8);
        });
        expect(y[OUTPUTS.length]).toBeCloseTo(ref.phiC, 8);
      }),
      { seed: 20261122, numRuns: 40 },
    );
  });

  it('the Jacobians (through the implicit variables) agree with central differences of f and g', () => {
    fc.assert(
      fc.property(point, (p) => {
        const x = [p.vC1, p.qC2, p.iL1, p.lL2];
        const u = nl.system.inputs.map((name) => (name === 'E' ? p.E : p.J));
        const { A, B, C, D } = nl.evaluate.jacobians(p.t, x, u);
        const fd = (fun: (xx: number[], uu: number[]) => Float64Array, wrt: 'x' | 'u', j: number) => {
          const base = wrt === 'x' ? x : u;
          const h = 1e-6 * (1 + Math.abs(base[j]));
          const plus = base.slice();
          const minus = base.slice();
          plus[j] += h;
          minus[j] -= h;
          const fp = wrt === 'x' ? fun(plus, u) : fun(x, plus);
          const fm = wrt === 'x' ? fun(minus, u) : fun(x, minus);
          return Array.from(fp, (v, i) => (v - fm[i]) / (2 * h));
        };
        const f = (xx: number[], uu: number[]) => nl.evaluate.f(p.t, xx, uu);
        const g = (xx: number[], uu: number[]) => nl.evaluate.g(p.t, xx, uu);
        x.forEach((_, j) => fd(f, 'x', j).forEach((v, i) => expect(A[i][j]).toBeCloseTo(v, 4)));
        u.forEach((_, j) => fd(f, 'u', j).forEach((v, i) => expect(B[i][j]).toBeCloseTo(v, 4)));
        x.forEach((_, j) => fd(g, 'x', j).forEach((v, i) => expect(C[i][j]).toBeCloseTo(v, 4)));
        u.forEach((_, j) => fd(g, 'u', j).forEach((v, i) => expect(D[i][j]).toBeCloseTo(v, 4)));
      }),
      { seed: 7, numRuns: 15 },
    );
  });
});

describe('bad laws and unsupported structures give typed errors naming the element', () => {
  const build = (elements: unknown[]) => nonlinearModel(analyzeStructure(parseSystem({ name: 'bad', parameters: {}, elements })));

  it('a law that cannot be solved where the tree needs it (not monotone): bad-law naming the element and form', () => {
    // A link resistor given as v = f(i) with f bounded (|f| ≤ 1): no i gives v = 3.
    const nlBad = build([
      { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'C1', kind: 'capacitor', from: 'a', to: 'b', value: 1 },
      { id: 'Rb', kind: 'resistor', from: 'b', to: 'g', law: { across: 'sin(i)' } },
      { id: 'R2', kind: 'resistor', from: 'a', to: 'g', value: 1 },
    ]);
    let error: unknown;
    try {
      nlBad.evaluate.f(0, [0], [3]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SysgraphError);
    expect((error as SysgraphError).code).toBe('bad-law');
    expect((error as SysgraphError).element).toBe('Rb');
  });

  it('mutual inductances and capacitor loops through two-port ports are unsupported, naming the elements', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof SysgraphError ? [e.code, e.element] : ['other'];
      }
      return ['none'];
    };
    // A capacitor across a source is an S element (no state): supported now.
    expect(
      codeOf(() =>
        build([
          { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
          { id: 'Ca', kind: 'capacitor', from: 'a', to: 'g', law: { charge: 'v + v^3' } },
        ]),
      ),
    ).toEqual(['none']);
    // Two capacitors coupled through a transformer (a displaced capacitor, F_Sθ ≠ 0).
    expect(
      codeOf(() =>
        build([
          { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
          { id: 'R', kind: 'resistor', from: 'b', to: 'g', value: 1 },
          { id: 'C2', kind: 'capacitor', from: 'c', to: 'g', value: 1 },
          { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 2 },
        ]),
      ),
    ).toEqual(['unsupported', 'C2']);
    expect(
      codeOf(() =>
        nonlinearModel(
          analyzeStructure(
            parseSystem({
              name: 'mutual',
              parameters: {},
              elements: [
                { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
                { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 1 },
                { id: 'L2', kind: 'inductor', from: 'b', to: 'g', value: 1 },
                { id: 'R', kind: 'resistor', from: 'b', to: 'g', value: 1 },
              ],
              mutuals: [{ id: 'M', kind: 'mutual-inductance', between: ['L1', 'L2'], value: 0.5 }],
            }),
          ),
        ),
      ),
    ).toEqual(['unsupported', 'M']);
  });
});
