/**
 * Tests of the independent oracle itself (formulation.md section 13): the cases file, hand-derived closed forms,
 * the descriptor-pencil check, and the seeded random networks.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSysgraphError } from '@sysgraph/core';
import type { OracleNetwork, StateChoice } from './support';
import {
  CLASS_NAMES,
  FAMILIES,
  caseToOracle,
  classify,
  describeNetwork,
  eigenvalueDistance,
  eigenvaluesOf,
  familyOfSeed,
  formatTableauResult,
  inadmissibility,
  loadFormulationCases,
  networkToDescription,
  pencilEigenvalues,
  randomNetwork,
  referenceModel,
  standardForm,
  tableauStateEquations,
} from './support';

const FC = { seed: 20240611, numRuns: 40 } as const;
const value = fc.double({ min: 0.2, max: 5, noNaN: true });

function maxAbsDiff(a: number[][], b: number[][]): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  a.forEach((row, i) => {
    expect(row.length).toBe(b[i].length);
    row.forEach((v, j) => (m = Math.max(m, Math.abs(v - b[i][j]))));
  });
  return m;
}

function close(actual: number[], expected: number[], tol = 1e-9): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((v, k) => expect(Math.abs(v - expected[k])).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(expected[k]))));
}

function expectError(f: () => unknown, code: string, element?: string): void {
  try {
    f();
  } catch (e) {
    expect(isSysgraphError(e)).toBe(true);
    if (isSysgraphError(e)) {
      expect(e.code).toBe(code);
      if (element !== undefined) expect(e.element).toBe(element);
    }
    return;
  }
  throw new Error(`expected a SysgraphError ${code}`);
}

const across = (branch: string): StateChoice => ({ branch, variable: 'across' });
const through = (branch: string): StateChoice => ({ branch, variable: 'through' });

describe('formulation-cases.json', () => {
  const cases = loadFormulationCases();
  const regular = cases.filter((c) => !c.degenerate);

  it('has the regular and degenerate cases the spec lists', () => {
    expect(regular.length).toBe(15);
    expect(cases.filter((c) => c.degenerate).map((c) => c.name)).toEqual([
      'parallel_tf_unity',
      'tf_between_sources',
      'gear_loop_unity',
      'tf_loop_gain_not_1',
    ]);
  });

  it.each(regular.map((c) => [c.name, c] as const))('%s: Ax, Au, Ad and A, B, Bd equal the file', (_, c) => {
    const { net, states, inputs } = caseToOracle(c);
    const r = tableauStateEquations(net, states, inputs);
    expect(r.xdotUnique).toBe(true);
    expect(r.consistent).toBe(true);
    const s = standardForm(r);
    expect(maxAbsDiff(r.Ax, c.A!)).toBeLessThan(1e-9);
    expect(maxAbsDiff(r.Au, c.xdot_B_original_x!)).toBeLessThan(1e-9);
    expect(maxAbsDiff(r.Ad, c.Bd!)).toBeLessThan(1e-9);
    expect(maxAbsDiff(s.A, c.A!)).toBeLessThan(1e-9);
    expect(maxAbsDiff(s.B, c.B!)).toBeLessThan(1e-9);
    expect(maxAbsDiff(s.Bd, c.Bd!)).toBeLessThan(1e-9);
    if (c.expected_hand) {
      expect(maxAbsDiff(s.A, c.expected_hand.A)).toBeLessThan(1e-9);
      expect(maxAbsDiff(s.B, c.expected_hand.B)).toBeLessThan(1e-9);
    }
    // Every branch variable of a regular case is determined by x, u, u'.
    for (const b of c.branches) {
      expect(r.branchValue(b.name, 'across').unique).toBe(true);
      expect(r.branchValue(b.name, 'through').unique).toBe(true);
    }
  });

  it.each(cases.filter((c) => c.tableau).map((c) => [c.name, c] as const))('%s: degenerate, as the file says', (_, c) => {
    const { net, states, inputs } = caseToOracle(c);
    const r = tableauStateEquations(net, states, inputs);
    expect(r.xdotUnique).toBe(c.tableau!.xdot_unique);
    expect(r.consistent).toBe(c.tableau!.consistent);
    const allUnique = c.branches.every((b) => r.branchValue(b.name, 'across').unique && r.branchValue(b.name, 'through').unique);
    expect(allUnique).toBe(c.tableau!.all_branch_values_unique);
    expect(r.Ax).toEqual(c.A_from_tableau);
  });

  it('parallel_tf_unity: the circulating port current is the undetermined variable', () => {
    const c = cases.find((x) => x.name === 'parallel_tf_unity')!;
    const { net, states, inputs } = caseToOracle(c);
    const r = tableauStateEquations(net, states, inputs);
    expect(r.branchValue('T.1', 'through').unique).toBe(false);
    expect(r.branchValue('Vs', 'across').unique).toBe(true);
    // With no state, nothing fixes v_C1 either: the file's zero-state answer leaves the capacitor voltage free.
    expect(r.branchValue('C1', 'across').unique).toBe(false);
  });

  it.each([
    ['parallel_tf_unity', -1, 1],
    ['gear_loop_unity', -1, 1],
  ] as const)('%s: the two-ports are a no-op, so v_C1 is a genuine state: v_C1\' = %d v_C1 + %d u', (name, a, b) => {
    // Hand derivation: the ports carry no net current into the node of C1 (i1 = −i2 circulates, or cancels around
    // the gain-1 loop), leaving R1 = C1 = 1 with the source: v' = (u − v)/(R1 C1) for the E case,
    // v' = (u − v/R1)/C1 for the J case; both are −v + u with unit values.
    const c = cases.find((x) => x.name === name)!;
    const { net, inputs } = caseToOracle(c);
    const r = tableauStateEquations(net, [across('C1')], inputs);
    expect(r.xdotUnique).toBe(true);
    expect(r.consistent).toBe(true);
    close(r.Ax[0], [a]);
    close(r.Au[0], [b]);
    close(r.Ad[0], [0]);
  });

  it('tf_between_sources: both transformer ports fixed by across sources is inconsistent', () => {
    const c = cases.find((x) => x.name === 'tf_between_sources')!;
    const { net, inputs } = caseToOracle(c);
    expect(inputs).toEqual(['V1', 'V2']);
    const r = tableauStateEquations(net, [], inputs);
    expect(r.consistent).toBe(false);
  });

  it.each(regular.map((c) => [c.name, c] as const))('%s: pencil order and eigenvalues equal those of A', (_, c) => {
    const { net } = caseToOracle(c);
    const p = pencilEigenvalues(net);
    expect(p.singular).toBe(false);
    if (p.singular) return;
    expect(p.order).toBe(c.A!.length);
    const expected = eigenvaluesOf(c.A!);
    const scale = Math.max(1, ...expected.map((v) => Math.hypot(v.re, v.im)));
    expect(eigenvalueDistance(p.eigenvalues, expected)).toBeLessThan(1e-8 * scale);
  });

  it('degenerate pencils: singular where a port current circulates freely, order 0 where the loop gain forces v = 0', () => {
    const pencil = (name: string) => pencilEigenvalues(caseToOracle(cases.find((x) => x.name === name)!).net);
    expect(pencil('parallel_tf_unity').singular).toBe(true);
    expect(pencil('gear_loop_unity').singular).toBe(true);
    expect(pencil('tf_between_sources').singular).toBe(true);
    expect(pencil('tf_loop_gain_not_1')).toMatchObject({ singular: false, order: 0, eigenvalues: [] });
  });
});

describe('closed forms', () => {
  const rc = (R: number, C: number): OracleNetwork => ({
    branches: [
      { id: 'Vs', kind: 'E', from: 'a', to: 'g' },
      { id: 'R1', kind: 'R', from: 'a', to: 'b', value: R },
      { id: 'C1', kind: 'C', from: 'b', to: 'g', value: C },
    ],
    twoPorts: [],
    mutuals: [],
  });

  it("series RC: v_C' = (u − v_C)/(RC), i_R = (u − v_C)/R, φ(b) = v_C − u with ground a", () => {
    fc.assert(
      fc.property(value, value, (R, C) => {
        const r = tableauStateEquations(rc(R, C), [across('C1')], ['Vs']);
        close(r.Ax[0], [-1 / (R * C)]);
        close(r.Au[0], [1 / (R * C)]);
        close(r.Ad[0], [0]);
        const iR = r.branchValue('R1', 'through');
        close(iR.Cx, [-1 / R]);
        close(iR.Du, [1 / R]);
        close(iR.Eu, [0]);
        // Ground is the first node of the component in branch order: a. φ(g) = −u, φ(b) = v_C − u.
        const phiB = r.nodeValue('b');
        close([...phiB.Cx, ...phiB.Du], [1, -1]);
        close([...r.nodeValue('a').Cx, ...r.nodeValue('a').Du], [0, 0]);
        close(r.nodeValue('g').Du, [-1]);
      }),
      FC,
    );
  });

  const rlc = (R: number, L: number, C: number): OracleNetwork => ({
    branches: [
      { id: 'Vs', kind: 'E', from: 'a', to: 'g' },
      { id: 'R1', kind: 'R', from: 'a', to: 'b', value: R },
      { id: 'L1', kind: 'L', from: 'b', to: 'c', value: L },
      { id: 'C1', kind: 'C', from: 'c', to: 'g', value: C },
    ],
    twoPorts: [],
    mutuals: [],
  });

  it("series RLC: v_C' = i_L/C, i_L' = (u − R i_L − v_C)/L; pencil roots of LC s² + RC s + 1", () => {
    fc.assert(
      fc.property(value, value, value, (R, L, C) => {
        const net = rlc(R, L, C);
        const r = tableauStateEquations(net, [across('C1'), through('L1')], ['Vs']);
        close(r.Ax[0], [0, 1 / C]);
        close(r.Ax[1], [-1 / L, -R / L]);
        close(r.Au.flat(), [0, 1 / L]);
        close(r.Ad.flat(), [0, 0]);
        const p = pencilEigenvalues(net);
        expect(p.singular).toBe(false);
        if (p.singular) return;
        expect(p.order).toBe(2);
        // s = (−RC ± √((RC)² − 4LC)) / (2LC)
        const disc = (R * C) ** 2 - 4 * L * C;
        const re = (-R * C) / (2 * L * C);
        const roots =
          disc >= 0
            ? [
                { re: re - Math.sqrt(disc) / (2 * L * C), im: 0 },
                { re: re + Math.sqrt(disc) / (2 * L * C), im: 0 },
              ]
            : [
                { re, im: -Math.sqrt(-disc) / (2 * L * C) },
                { re, im: Math.sqrt(-disc) / (2 * L * C) },
              ];
        const scale = Math.max(1, ...roots.map((v) => Math.hypot(v.re, v.im)));
        expect(eigenvalueDistance(p.eigenvalues, roots)).toBeLessThan(1e-7 * scale);
      }),
      FC,
    );
  });

  it("capacitor loop with a source: (Ca + Cb) v_Ca' = (u − v_Ca)/R + Cb u', and i = C0 u' for a capacitor across the source", () => {
    fc.assert(
      fc.property(value, value, value, value, (Ca, Cb, C0, R) => {
        const net: OracleNetwork = {
          branches: [
            { id: 'Vs', kind: 'E', from: 'a', to: 'g' },
            { id: 'C0', kind: 'C', from: 'a', to: 'g', value: C0 },
            { id: 'Ca', kind: 'C', from: 'a', to: 'b', value: Ca },
            { id: 'Cb', kind: 'C', from: 'b', to: 'g', value: Cb },
            { id: 'R1', kind: 'R', from: 'b', to: 'g', value: R },
          ],
          twoPorts: [],
          mutuals: [],
        };
        const r = tableauStateEquations(net, [across('Ca')], ['Vs']);
        expect(r.xdotUnique && r.consistent).toBe(true);
        const sum = Ca + Cb;
        close(r.Ax[0], [-1 / (R * sum)]);
        close(r.Au[0], [1 / (R * sum)]);
        close(r.Ad[0], [Cb / sum]);
        const i0 = r.branchValue('C0', 'through');
        close([...i0.Cx, ...i0.Du, ...i0.Eu], [0, 0, C0]);
        // v_Cb = u − v_Ca, and the standard form B = Au + A·Ad.
        const vb = r.branchValue('Cb', 'across');
        close([...vb.Cx, ...vb.Du, ...vb.Eu], [-1, 1, 0]);
        close(standardForm(r).B[0], [1 / (R * sum) - Cb / (R * sum * sum)]);
      }),
      FC,
    );
  });

  it("inductor in series with a current source: i_La = u, v_La = La u' (Eu ≠ 0), i_Lb' = R (u − i_Lb)/Lb", () => {
    fc.assert(
      fc.property(value, value, value, (La, Lb, R) => {
        const net: OracleNetwork = {
          branches: [
            { id: 'Is', kind: 'J', from: 'g', to: 'a' },
            { id: 'La', kind: 'L', from: 'a', to: 'b', value: La },
            { id: 'Lb', kind: 'L', from: 'b', to: 'g', value: Lb },
            { id: 'R1', kind: 'R', from: 'b', to: 'g', value: R },
          ],
          twoPorts: [],
          mutuals: [],
        };
        const r = tableauStateEquations(net, [through('Lb')], ['Is']);
        close(r.Ax[0], [-R / Lb]);
        close(r.Au[0], [R / Lb]);
        close(r.Ad[0], [0]);
        const iLa = r.branchValue('La', 'through');
        close([...iLa.Cx, ...iLa.Du, ...iLa.Eu], [0, 1, 0]);
        const vLa = r.branchValue('La', 'across');
        close([...vLa.Cx, ...vLa.Du, ...vLa.Eu], [0, 0, La]);
        // v_Is = φ(g) − φ(a) = −(La u' + R (u − i_Lb)).
        const vJ = r.branchValue('Is', 'across');
        close([...vJ.Cx, ...vJ.Du, ...vJ.Eu], [R, -R, -La]);
      }),
      FC,
    );
  });

  it("mutual inductance: [[L1, M], [M, L2]] [i1; i2]' = [u − R1 i1; −R2 i2]", () => {
    fc.assert(
      fc.property(value, value, value, value, fc.double({ min: -0.85, max: 0.85, noNaN: true }), (L1, L2, R1, R2, k) => {
        const M = k * Math.sqrt(L1 * L2);
        const net: OracleNetwork = {
          branches: [
            { id: 'Vs', kind: 'E', from: 'a', to: 'g' },
            { id: 'L1', kind: 'L', from: 'a', to: 'b', value: L1 },
            { id: 'R1', kind: 'R', from: 'b', to: 'g', value: R1 },
            { id: 'L2', kind: 'L', from: 'c', to: 'h', value: L2 },
            { id: 'R2', kind: 'R', from: 'c', to: 'h', value: R2 },
          ],
          twoPorts: [],
          mutuals: [{ a: 'L1', b: 'L2', M }],
        };
        const r = tableauStateEquations(net, [through('L1'), through('L2')], ['Vs']);
        const det = L1 * L2 - M * M;
        const inv = [
          [L2 / det, -M / det],
          [-M / det, L1 / det],
        ];
        close(r.Ax.flat(), [-R1 * inv[0][0], -R2 * inv[0][1], -R1 * inv[1][0], -R2 * inv[1][1]]);
        close(r.Au.flat(), [inv[0][0], inv[1][0]]);
      }),
      FC,
    );
  });

  const twoPortRc = (kind: 'TF' | 'GY', n: number, R1: number, R2: number, C: number): OracleNetwork => ({
    branches: [
      { id: 'Vs', kind: 'E', from: 'a', to: 'g' },
      { id: 'R1', kind: 'R', from: 'a', to: 'b', value: R1 },
      { id: 'R2', kind: 'R', from: 'c', to: 'g', value: R2 },
      { id: 'C1', kind: 'C', from: 'c', to: 'g', value: C },
    ],
    twoPorts: [{ id: 'T', kind, port1: { from: 'b', to: 'g' }, port2: { from: 'c', to: 'g' }, ratio: n }],
    mutuals: [],
  });
  const ratio = fc.double({ min: 0.3, max: 3, noNaN: true }).chain((m) => fc.constantFrom(m, -m));

  it("transformer: C v' = n (u − n v)/R1 − v/R2", () => {
    fc.assert(
      fc.property(ratio, value, value, value, (n, R1, R2, C) => {
        const r = tableauStateEquations(twoPortRc('TF', n, R1, R2, C), [across('C1')], ['Vs']);
        close(r.Ax[0], [-(n * n / R1 + 1 / R2) / C]);
        close(r.Au[0], [n / (R1 * C)]);
        // Port laws: v1 = n v2, i1 = −i2/n.
        const v1 = r.branchValue('T.1', 'across');
        const i2 = r.branchValue('T.2', 'through');
        const i1 = r.branchValue('T.1', 'through');
        close(v1.Cx, [n]);
        close(i1.Cx, [-i2.Cx[0] / n]);
        close(i1.Du, [1 / R1]);
      }),
      FC,
    );
  });

  it("gyrator: C v' = −u/g − (R1/g² + 1/R2) v", () => {
    fc.assert(
      fc.property(ratio, value, value, value, (g, R1, R2, C) => {
        const r = tableauStateEquations(twoPortRc('GY', g, R1, R2, C), [across('C1')], ['Vs']);
        close(r.Ax[0], [-(R1 / (g * g) + 1 / R2) / C]);
        close(r.Au[0], [-1 / (g * C)]);
        close(r.branchValue('T.1', 'through').Cx, [-1 / g]);
      }),
      FC,
    );
  });

  it('formats the result and rejects bad input with typed errors', () => {
    const net = rc(2, 0.5);
    const text = formatTableauResult(tableauStateEquations(net, [across('C1')], ['Vs']));
    expect(text).toContain("v_C1'");
    expect(text.split('\n')).toHaveLength(3);
    expectError(() => tableauStateEquations(net, [across('C1')], ['R1']), 'unknown-element', 'R1');
    expectError(() => tableauStateEquations(net, [across('C1')], []), 'missing-field', 'Vs');
    expectError(() => tableauStateEquations(net, [across('C9')], ['Vs']), 'unknown-element', 'C9');
    const bad = (patch: Partial<OracleNetwork>): OracleNetwork => ({ ...net, ...patch });
    expectError(
      () => tableauStateEquations(bad({ branches: [...net.branches, { id: 'R9', kind: 'R', from: 'a', to: 'a', value: 1 }] }), [], ['Vs']),
      'self-loop',
      'R9',
    );
    expectError(
      () => tableauStateEquations(bad({ branches: [...net.branches, { id: 'C9', kind: 'C', from: 'a', to: 'b', value: -1 }] }), [], ['Vs']),
      'non-positive-value',
      'C9',
    );
    expectError(() => tableauStateEquations(bad({ mutuals: [{ a: 'C1', b: 'R1', M: 0.1 }] }), [], ['Vs']), 'bad-mutual-inductance');
    expectError(
      () => tableauStateEquations(bad({ twoPorts: [{ id: 'T', kind: 'TF', port1: { from: 'a', to: 'g' }, port2: { from: 'b', to: 'g' }, ratio: 0 }] }), [], ['Vs']),
      'bad-value',
      'T',
    );
    expectError(() => randomNetwork(1, 'nonsense' as never), 'bad-option');
  });
});

describe('randomNetwork', () => {
  it('is deterministic: same seed and family, same network', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...FAMILIES), (seed, family) => {
        expect(randomNetwork(seed, family)).toEqual(randomNetwork(seed, family));
      }),
      { seed: 7, numRuns: 60 },
    );
    const distinct = new Set(Array.from({ length: 50 }, (_, s) => JSON.stringify(randomNetwork(s, 'mixed'))));
    expect(distinct.size).toBeGreaterThan(45);
  });

  it('draws admissible networks of the promised shape in every family', () => {
    for (let seed = 0; seed < 300; seed++) {
      const family = familyOfSeed(seed);
      const net = randomNetwork(seed, family);
      expect(inadmissibility(net)).toBeUndefined();
      const nodes = new Set([...net.branches, ...net.twoPorts.flatMap((t) => [t.port1, t.port2])].flatMap((b) => [b.from, b.to]));
      expect(nodes.size).toBeGreaterThanOrEqual(3);
      expect(nodes.size).toBeLessThanOrEqual(7);
      for (const b of net.branches) {
        if (b.kind === 'C' || b.kind === 'L' || b.kind === 'R') {
          expect(b.value).toBeGreaterThanOrEqual(0.2);
          expect(b.value).toBeLessThanOrEqual(5);
        } else expect(b.value).toBeUndefined();
      }
      expect(net.twoPorts.filter((t) => t.kind === 'TF').length).toBeLessThanOrEqual(3);
      expect(net.twoPorts.filter((t) => t.kind === 'GY').length).toBeLessThanOrEqual(1);
      for (const t of net.twoPorts) {
        if (family === 'degenerate') expect([1, 2, 0.5]).toContain(Math.abs(t.ratio));
        else {
          expect(Math.abs(t.ratio)).toBeGreaterThanOrEqual(0.3);
          expect(Math.abs(t.ratio)).toBeLessThanOrEqual(3);
        }
      }
      const L = new Map(net.branches.filter((b) => b.kind === 'L').map((b) => [b.id, b.value as number]));
      for (const m of net.mutuals) expect(Math.abs(m.M) / Math.sqrt(L.get(m.a)! * L.get(m.b)!)).toBeLessThan(0.9);
      if (family === 'two-ports' || family === 'degenerate') expect(net.twoPorts.length).toBeGreaterThan(0);
    }
  });

  it('converts to the user JSON format and prints one line per branch', () => {
    const net = randomNetwork(3, 'two-ports');
    const d = networkToDescription(net, 'random-3');
    expect(d.name).toBe('random-3');
    expect(d.elements.map((e) => e.id)).toEqual(net.branches.map((b) => b.id));
    for (const e of d.elements) {
      expect(['across-source', 'through-source', 'capacitor', 'inductor', 'resistor']).toContain(e.kind);
      expect('value' in e).toBe(e.kind !== 'across-source' && e.kind !== 'through-source');
    }
    expect(d.twoPorts.map((t) => [t.id, t.kind, t.ports, t.ratio])).toEqual(
      net.twoPorts.map((t) => [t.id, t.kind === 'TF' ? 'transformer' : 'gyrator', [t.port1, t.port2], t.ratio]),
    );
    expect(describeNetwork(net).split('\n')).toHaveLength(net.branches.length + net.twoPorts.length + net.mutuals.length);
    const withMutual = Array.from({ length: 60 }, (_, s) => randomNetwork(s, 'inductor-cutsets')).filter((n) => n.mutuals.length > 0);
    const drawn = withMutual.flatMap((n) => n.mutuals);
    // both forms are drawn: M as a value and k as a coupling factor, with M = k·√(L_a L_b)
    expect(drawn.some((m) => m.k === undefined)).toBe(true);
    expect(drawn.some((m) => m.k !== undefined)).toBe(true);
    for (const net of withMutual) {
      const dm = networkToDescription(net);
      const L = new Map(net.branches.map((b) => [b.id, b.value as number]));
      net.mutuals.forEach((m, q) => {
        const written = m.k === undefined ? { value: m.M } : { coupling: m.k };
        expect(dm.mutuals[q]).toEqual({ id: dm.mutuals[q].id, kind: 'mutual-inductance', between: [m.a, m.b], ...written });
        if (m.k !== undefined) expect(Math.abs(m.M - m.k * Math.sqrt(L.get(m.a)! * L.get(m.b)!))).toBeLessThan(1e-15 * Math.abs(m.M) + 1e-300);
      });
      expect(networkToDescription(net, 'x', 'value').mutuals.map((m) => ('value' in m ? m.value : undefined))).toEqual(net.mutuals.map((m) => m.M));
    }
  });

  it('classify finds capacitor loops, inductor cutsets and resistor loops on hand-made networks', () => {
    const net: OracleNetwork = {
      branches: [
        { id: 'E1', kind: 'E', from: 'a', to: 'g' },
        { id: 'C1', kind: 'C', from: 'a', to: 'b', value: 1 },
        { id: 'C2', kind: 'C', from: 'b', to: 'g', value: 1 },
        { id: 'R3', kind: 'R', from: 'b', to: 'g', value: 1 },
      ],
      twoPorts: [],
      mutuals: [],
    };
    // R3 in parallel with C2 is a single resistor in a capacitor loop, not a resistor loop.
    expect(classify(net)).toMatchObject({ capacitorLoop: true, inductorCutset: false, resistorLoop: false, transformer: false });
    // R1, R2 and C2 form a loop with two resistors.
    const twoResistors: OracleNetwork = {
      ...net,
      branches: [
        ...net.branches,
        { id: 'R1', kind: 'R', from: 'b', to: 'c', value: 1 },
        { id: 'R2', kind: 'R', from: 'c', to: 'g', value: 1 },
      ],
    };
    expect(classify(twoResistors).resistorLoop).toBe(true);
    const cut: OracleNetwork = {
      branches: [
        { id: 'J1', kind: 'J', from: 'g', to: 'a' },
        { id: 'L1', kind: 'L', from: 'a', to: 'b', value: 1 },
        { id: 'R1', kind: 'R', from: 'b', to: 'g', value: 1 },
        { id: 'R2', kind: 'R', from: 'b', to: 'c', value: 1 },
        { id: 'R3', kind: 'R', from: 'c', to: 'g', value: 1 },
      ],
      twoPorts: [],
      mutuals: [],
    };
    expect(classify(cut)).toMatchObject({ capacitorLoop: false, inductorCutset: true, resistorLoop: true });
  });

  it('over 1000 seeds: every family appears, and the oracle is self-consistent (tableau vs pencil)', () => {
    const coverage: Record<string, number> = Object.fromEntries(CLASS_NAMES.map((k) => [k, 0]));
    const families: Record<string, number> = {};
    const outcome = { wellPosed: 0, singularPencil: 0, inconsistent: 0, inputDerivative: 0, dependentStorage: 0 };
    let worstEigen = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const family = familyOfSeed(seed);
      families[family] = (families[family] ?? 0) + 1;
      const net = randomNetwork(seed, family);
      const cls = classify(net);
      for (const k of CLASS_NAMES) if (cls[k]) coverage[k]++;
      const model = referenceModel(net);
      const storage = net.branches.filter((b) => b.kind === 'C' || b.kind === 'L').length;
      if (model.states.length < storage) outcome.dependentStorage++;
      if (!model.tableau.consistent) outcome.inconsistent++;
      if (model.pencil.singular) {
        outcome.singularPencil++;
        continue;
      }
      // A regular pencil: its order is the number of tree-free states, x' is unique, and eig(Ax) are its eigenvalues.
      const context = () => `seed ${seed} (${family})\n${describeNetwork(net)}\n${formatTableauResult(model.tableau)}`;
      expect(model.pencil.order, context()).toBe(model.states.length);
      expect(model.tableau.xdotUnique && model.tableau.consistent, context()).toBe(true);
      expect(model.wellPosed).toBe(true);
      outcome.wellPosed++;
      if (model.tableau.Ad.some((row) => row.some((v) => Math.abs(v) > 1e-9))) outcome.inputDerivative++;
      const scale = Math.max(1, ...model.pencil.eigenvalues.map((v) => Math.hypot(v.re, v.im)));
      const distance = eigenvalueDistance(model.pencil.eigenvalues, eigenvaluesOf(model.tableau.Ax)) / scale;
      worstEigen = Math.max(worstEigen, distance);
      expect(distance, context()).toBeLessThan(1e-6);
      // Passive elements only: no eigenvalue in the open right half-plane.
      for (const v of model.pencil.eigenvalues) expect(v.re, context()).toBeLessThan(1e-7 * scale);
    }
    console.log(
      `oracle random coverage over 1000 seeds\n  families: ${JSON.stringify(families)}\n  classes: ${JSON.stringify(coverage)}\n` +
        `  outcomes: ${JSON.stringify(outcome)}\n  worst relative eigenvalue distance (pencil vs eig(Ax)): ${worstEigen.toExponential(2)}`,
    );
    for (const f of FAMILIES) expect(families[f]).toBeGreaterThan(150);
    for (const k of CLASS_NAMES) expect(coverage[k], k).toBeGreaterThan(50);
    expect(outcome.wellPosed).toBeGreaterThan(750);
    expect(outcome.inputDerivative).toBeGreaterThan(50);
  }, 300_000);
});
