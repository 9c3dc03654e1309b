/**
 * Linear laws reproduce the linear formulation: seeded random networks (no two-ports, no capacitor loops or
 * inductor cutsets; resistor loops included) with every value rewritten as a law of a random form, linearised by
 * the nonlinear formulation, against formulate + numericBackend on the original values. States in charge or flux
 * form are the linear states scaled: x_nl = S x_lin with S = diag(C or L), so A_nl = S A S⁻¹, B_nl = S B,
 * C_nl = C S⁻¹, D_nl = D.
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression, parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { formulate, linearise, nonlinearModel, numericBackend } from '../src/index';
import { mulberry32, networkToDescription, randomNetwork } from './support/index';

function maxRelativeDiff(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number {
  let worst = 0;
  let scale = 1e-300;
  for (const row of b) for (const v of row) scale = Math.max(scale, Math.abs(v));
  expect(a.length).toBe(b.length);
  a.forEach((row, i) => {
    expect(row.length).toBe(b[i].length);
    row.forEach((v, j) => (worst = Math.max(worst, Math.abs(v - b[i][j]) / scale)));
  });
  return worst;
}

const FORMS: Record<string, [string, (g: string) => string][]> = {
  capacitor: [['charge', (g) => `${g} * v`], ['across', (g) => `q / ${g}`]],
  inductor: [['flux', (g) => `${g} * i`], ['through', (g) => `lambda / ${g}`]],
  resistor: [['across', (g) => `${g} * i`], ['through', (g) => `v / ${g}`]],
};

describe('linear laws reproduce the linear formulation', () => {
  it('on seeded random networks, every law form', () => {
    let compared = 0;
    let implicitSeen = 0;
    let scaledSeen = 0;
    for (let seed = 1; seed <= 120 && compared < 25; seed++) {
      const net = randomNetwork(seed, seed % 2 === 0 ? 'mixed' : 'resistor-loops');
      if (net.twoPorts.length > 0 || net.mutuals.length > 0) continue;
      const user = networkToDescription(net, `random-${seed}`);
      const ids = user.elements.filter((e) => e.value !== undefined).map((e) => e.id);
      const outputs = [
        ...ids.flatMap((id) => [
          { name: `across_${id}`, element: id, variable: 'across' as const },
          { name: `through_${id}`, element: id, variable: 'through' as const },
        ]),
      ];
      let linear;
      try {
        linear = parseSystem({ ...user, outputs });
      } catch {
        continue; // inadmissible network
      }
      const rand = mulberry32(seed * 7919);
      const generalised = new Map(linear.oneports.map((e) => [e.id, evaluateExpression(e.value, linear.parameters)]));
      const scale = new Map<string, number>();
      const lawJson = {
        ...user,
        outputs,
        elements: user.elements.map((e) => {
          if (e.value === undefined) return e;
          const g = generalised.get(e.id)!;
          const [form, text] = FORMS[e.kind][rand.int(0, 1)];
          if (form === 'across' && e.kind === 'capacitor') scale.set(`q_${e.id}`, g);
          if (form === 'through' && e.kind === 'inductor') scale.set(`lambda_${e.id}`, g);
          const { value: _v, ...rest } = e;
          return { ...rest, law: { [form]: text(String(g)) } };
        }),
      };
      const s = analyzeStructure(parseSystem(lawJson));
      let nl;
      try {
        nl = nonlinearModel(s);
      } catch (e) {
        if (e instanceof SysgraphError && e.code === 'unsupported') continue;
        throw e;
      }
      // Capacitor loops and inductor cutsets have cutset-charge and loop-flux states, not a diagonal scaling of the
      // linear ones: nonlinear-storage-groups.test.ts compares those by their transfer functions.
      if (nl.system.states.some((x) => x.quantity === 'cutset-charge' || x.quantity === 'loop-flux') || nl.system.rates.length > 0) continue;
      let ss;
      try {
        ss = formulate(analyzeStructure(linear), numericBackend(linear.parameters));
      } catch {
        continue; // singular static network: no linear model to compare with
      }
      const lin = linearise(nl);
      const S = nl.system.states.map((x) => scale.get(x.name) ?? 1);
      expect(nl.system.states.map((x) => x.name.replace(/^q_/, 'v_').replace(/^lambda_/, 'i_'))).toEqual(ss.states);
      expect(lin.outputs).toEqual(ss.outputs);
      const A = ss.A.map((row, i) => row.map((v, j) => (S[i] * v) / S[j]));
      const B = ss.B.map((row, i) => row.map((v) => S[i] * v));
      const C = ss.C.map((row) => row.map((v, j) => v / S[j]));
      const tol = 1e-9;
      if (A.length > 0) expect(maxRelativeDiff(lin.A, A), `A of seed ${seed}`).toBeLessThan(tol);
      if (B.length > 0 && B[0].length > 0) expect(maxRelativeDiff(lin.B, B), `B of seed ${seed}`).toBeLessThan(tol);
      if (C.length > 0 && C[0].length > 0) expect(maxRelativeDiff(lin.C, C), `C of seed ${seed}`).toBeLessThan(tol);
      expect(maxRelativeDiff(lin.D, ss.D), `D of seed ${seed}`).toBeLessThan(tol);
      compared++;
      if (nl.system.implicit.length > 0) implicitSeen++;
      if (scale.size > 0) scaledSeen++;
    }
    expect(compared).toBeGreaterThanOrEqual(15);
    expect(implicitSeen).toBeGreaterThanOrEqual(5);
    expect(scaledSeen).toBeGreaterThanOrEqual(5);
  });

  it('the rlc-series example with laws in charge and flux form equals the linear model exactly (same states)', () => {
    const base = {
      name: 'rlc',
      parameters: { R: 2, L: 0.5, C: 0.25 },
      elements: [
        { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
        { id: 'L1', kind: 'inductor', from: 'b', to: 'c', value: 'L' },
        { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
      ],
      outputs: [{ name: 'vc', element: 'C1', variable: 'across' as const }, { name: 'vb', node: 'b' }],
    };
    const withLaws = {
      ...base,
      elements: [
        base.elements[0],
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: { through: 'v/R' } },
        { id: 'L1', kind: 'inductor', from: 'b', to: 'c', law: { flux: 'L*i' } },
        { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', law: { charge: 'C*v' } },
      ],
    };
    const lin = parseSystem(base);
    const ss = formulate(analyzeStructure(lin), numericBackend(lin.parameters));
    const nl = linearise(nonlinearModel(analyzeStructure(parseSystem(withLaws))));
    // Hand derivation: C v' = i, L i' = V − R i − v; vb = V − R i.
    expect(nl.A).toEqual([[0, 1 / 0.25], [-1 / 0.5, -2 / 0.5]]);
    expect(maxRelativeDiff(nl.A, ss.A)).toBeLessThan(1e-15);
    expect(maxRelativeDiff(nl.B, ss.B)).toBeLessThan(1e-15);
    expect(maxRelativeDiff(nl.C, ss.C)).toBeLessThan(1e-15);
    expect(maxRelativeDiff(nl.D, ss.D)).toBeLessThan(1e-15);
  });
});
