/**
 * Capacitor loops (S) and inductor cutsets (Γ) in the nonlinear formulation (formulation.md section 12: cutset
 * charge p_C = q_C − F_SCᵀ q_S and loop flux λ_L + F_LΓ λ_Γ as states):
 *   · nonlinear laws: against the tableau oracle (no tree, no F) at seeded random states, inputs and input
 *     derivatives on seeded random networks with capacitor loops and inductor cutsets;
 *   · linear laws: the linearisation has the transfer function of the linear formulation (coordinate free:
 *     H(s) = C (sI − A)⁻¹ B + D + E s, the E s term from outputs that read i_S or v_Γ);
 *   · a hand example: two nonlinear capacitors in parallel behind a resistor, (Q1' + Q2')(v) v' = (E − v)/R.
 */
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { formulate, linearise, nonlinearModel, numericBackend } from '../src/index';
import { compareWithTableau } from './support/nonlinear-compare';
import { nonlinearRandomNetwork } from './support/nonlinear-random';
import { mulberry32 } from './support/index';

const structureOf = (json: unknown) => {
  try {
    return analyzeStructure(parseSystem(json));
  } catch {
    return undefined; // inadmissible network
  }
};
const modelOf = (json: unknown) => {
  const s = structureOf(json);
  if (s === undefined) return undefined;
  try {
    return nonlinearModel(s);
  } catch (e) {
    if (e instanceof SysgraphError && e.code === 'unsupported') return undefined; // a loop through a two-port port
    throw e;
  }
};
const hasGroups = (nl: NonNullable<ReturnType<typeof modelOf>>) => nl.system.states.some((x) => x.quantity === 'cutset-charge' || x.quantity === 'loop-flux') || nl.system.rates.length > 0;

describe('capacitor loops and inductor cutsets against the tableau oracle', () => {
  it('outputs and dynamics agree at random points on random networks (nonlinear laws)', () => {
    let compared = 0;
    let cutsetCharges = 0;
    let loopFluxes = 0;
    for (let seed = 1; seed <= 80 && compared < 10; seed++) {
      const rnd = nonlinearRandomNetwork(seed, seed % 2 === 0 ? 'capacitor-loops' : 'inductor-cutsets');
      const nl = modelOf(rnd.json);
      if (nl === undefined || !hasGroups(nl)) continue;
      const rng = mulberry32(seed * 977 + 3);
      const draw = (k: number) => Array.from({ length: k }, () => 2 * rng.next() - 1);
      for (let p = 0; p < 2; p++) {
        const x = draw(nl.system.states.length);
        const u = draw(nl.system.inputs.length);
        const du = draw(nl.system.inputs.length);
        const r = compareWithTableau(nl, rnd, 0, x, u, du);
        expect(r.residual, `oracle residual, seed ${seed}`).toBeLessThan(1e-10);
        expect(r.outputs, `outputs of seed ${seed}`).toBeLessThan(1e-7);
        expect(r.dynamics, `dynamics of seed ${seed}`).toBeLessThan(1e-6);
      }
      compared++;
      if (nl.system.states.some((x) => x.quantity === 'cutset-charge')) cutsetCharges++;
      if (nl.system.states.some((x) => x.quantity === 'loop-flux')) loopFluxes++;
    }
    expect(compared).toBe(10);
    expect(cutsetCharges).toBeGreaterThanOrEqual(3);
    expect(loopFluxes).toBeGreaterThanOrEqual(3);
  }, 300_000);
});

/** H(s) = C (sI − A)⁻¹ B + D + E s at a real s. */
function transfer(m: { A: number[][]; B: number[][]; C: number[][]; D: number[][]; E: number[][] }, s: number): number[][] {
  const n = m.A.length;
  const D = m.D.map((row, i) => row.map((v, j) => v + s * m.E[i][j]));
  if (n === 0 || m.B[0].length === 0) return D;
  const M = new Matrix(m.A.map((row, i) => row.map((v, j) => (i === j ? s : 0) - v)));
  const X = new LuDecomposition(M).solve(new Matrix(m.B)).to2DArray();
  return D.map((row, i) => row.map((v, j) => v + m.C[i].reduce((acc, c, k) => acc + c * X[k][j], 0)));
}

describe('linear laws in capacitor loops and inductor cutsets reproduce the linear formulation', () => {
  it('same transfer function on seeded random networks', () => {
    let compared = 0;
    for (let seed = 1; seed <= 120 && compared < 15; seed++) {
      const rnd = nonlinearRandomNetwork(seed, seed % 2 === 0 ? 'capacitor-loops' : 'inductor-cutsets', true);
      const nl = modelOf(rnd.json);
      if (nl === undefined || !hasGroups(nl)) continue;
      const lin = linearise(nl);
      // The same network with values: the laws' coefficients are the values (law "k * x" with k = C, L, R or 1/…).
      const valued = {
        ...rnd.json,
        elements: (rnd.json.elements as Record<string, unknown>[]).map((e) => {
          if (e.law === undefined) return e;
          const [form, text] = Object.entries(e.law as Record<string, string>)[0];
          const k = Number(text.split(' * ')[0]);
          const { law: _law, ...rest } = e;
          const direct = form === 'charge' || form === 'flux' || (form === 'across' && e.kind === 'resistor'); // k = C, L, R
          return { ...rest, value: direct ? k : 1 / k };
        }),
      };
      const s = structureOf(valued)!;
      let ss;
      try {
        ss = formulate(s, numericBackend(s.description.parameters));
      } catch {
        continue; // singular static network: no linear model to compare with
      }
      expect(lin.A.length, `state count of seed ${seed}`).toBe(ss.A.length);
      const linear = { A: ss.A as number[][], B: ss.B as number[][], C: ss.C as number[][], D: ss.D as number[][], E: ss.E as number[][] };
      for (const sv of [0.37, 1.3, 4.1]) {
        const a = transfer(lin, sv);
        const b = transfer(linear, sv);
        let scale = 1;
        for (const row of b) for (const v of row) scale = Math.max(scale, Math.abs(v));
        a.forEach((row, i) => row.forEach((v, j) => expect(Math.abs(v - b[i][j]) / scale, `H(${sv})[${i}][${j}] of seed ${seed}`).toBeLessThan(1e-6)));
      }
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 300_000);
});

describe('two nonlinear capacitors in parallel behind a resistor', () => {
  const json = {
    name: 'parallel-capacitors',
    parameters: { R: 2 },
    elements: [
      { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', law: { charge: 'v + 0.5*v^3' } },
      { id: 'C2', kind: 'capacitor', from: 'b', to: 'g', law: { across: 'q/2 + 0.1*q^3' } },
    ],
    outputs: [
      { name: 'v', element: 'C1', variable: 'across' },
      { name: 'i1', element: 'C1', variable: 'through' },
      { name: 'i2', element: 'C2', variable: 'through' },
    ],
  };
  const nl = nonlinearModel(analyzeStructure(parseSystem(json)));

  it('has the cutset charge q1(v) + q2(v) as its one state, and v by inverting it', () => {
    expect(nl.system.states.map((x) => [x.element, x.quantity])).toEqual([['C1', 'cutset-charge']]);
    // Hand derivation: C1 in the tree, C2 its parallel link (F_SC = −1): p = q1 + q2 with v = q2/2 + 0.1 q2³.
    for (const q2 of [-1.3, 0.2, 0.9]) {
      const v = q2 / 2 + 0.1 * q2 ** 3;
      const p = v + 0.5 * v ** 3 + q2;
      const y = nl.evaluate.g(0, [p], [0.4], [0]);
      expect(y[0]).toBeCloseTo(v, 12);
      // p' = (E − v)/R; the currents split as the incremental capacitances, i_k = C_k(v) v'.
      const c1 = 1 + 1.5 * v * v;
      const c2 = 1 / (0.5 + 0.3 * q2 * q2);
      const vdot = (0.4 - v) / 2 / (c1 + c2);
      expect(nl.evaluate.f(0, [p], [0.4])[0]).toBeCloseTo((0.4 - v) / 2, 12);
      expect(y[1]).toBeCloseTo(c1 * vdot, 9);
      expect(y[2]).toBeCloseTo(c2 * vdot, 9);
    }
  });
});
