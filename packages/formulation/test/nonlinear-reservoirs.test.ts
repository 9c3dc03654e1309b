/**
 * MASD example 4.2 (examples/nonlinear/masd-4-2-reservoirs.json): a hilltop reservoir feeding two town
 * reservoirs through pipes with inertance and orifice laws q = c·sign(Δp)·sqrt(|Δp|). Simulated from unequal
 * levels against an independent integration of the hand-written reservoir equations (paper eqs. 73–78 with the
 * flow direction kept by sign), where the orifice drops are the closed-form inverse Δp = q|q|/c²:
 *   Cr(p_r) p_r' = Qin − q1 − q2,   Cf_k p_k' = q_k − D_k,   Lf_k q_k' = p_r − p_k − q_k|q_k| (1/Cp_k² + 1/(Cv r_k)²)
 * with Cr(p) = Cr0 + 2 Cr2 p. The Jacobian at zero flow (Δp = 0, where d sqrt(|Δp|)/dΔp is unbounded) is a typed
 * error naming the orifice, or a secant with the explicit option.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/simulate';
import type { NonlinearModel } from '@sysgraph/simulate';
import { nonlinearModel } from '../src/index';

const json = JSON.parse(readFileSync(fileURLToPath(new URL('../../../examples/nonlinear/masd-4-2-reservoirs.json', import.meta.url)), 'utf8'));
const P = Object.fromEntries(Object.entries(json.parameters as Record<string, { value: number }>).map(([k, v]) => [k, v.value]));
const column = (trace: { names: readonly string[]; columns: readonly Float64Array[] }, name: string) => trace.columns[trace.names.indexOf(name)];

describe('MASD example 4.2: hilltop and town reservoirs with orifice laws', () => {
  const structure = analyzeStructure(parseSystem(json));
  const nl = nonlinearModel(structure);

  it('has the pressures and pipe flows as states and the tree orifices inverted numerically', () => {
    expect(nl.system.states.map((s) => s.name)).toEqual(['v_C1', 'v_C2', 'v_Cr', 'i_L1', 'i_L2']);
    expect(nl.system.implicit.map((z) => z.element).sort()).toEqual(['Rp1', 'Rp2', 'Rv1', 'Rv2']);
  });

  it('simulated from unequal levels, agrees with the hand-written reservoir equations', () => {
    const k1 = 1 / P.Cp1 ** 2 + 1 / (P.Cv * P.r1) ** 2;
    const k2 = 1 / P.Cp2 ** 2 + 1 / (P.Cv * P.r2) ** 2;
    const hand: NonlinearModel = {
      kind: 'nonlinear',
      stateNames: ['pr', 'p1', 'p2', 'q1', 'q2'],
      inputNames: ['Qin', 'D1', 'D2'],
      outputNames: [],
      f: (_t, x, u, _du, dx) => {
        const [pr, p1, p2, q1, q2] = x;
        dx[0] = (u[0] - q1 - q2) / (P.Cr0 + 2 * P.Cr2 * pr);
        dx[1] = (q1 - u[1]) / P.Cf1;
        dx[2] = (q2 - u[2]) / P.Cf2;
        dx[3] = (pr - p1 - q1 * Math.abs(q1) * k1) / P.Lf1;
        dx[4] = (pr - p2 - q2 * Math.abs(q2) * k2) / P.Lf2;
      },
      g: () => {},
    };
    const inputs = { Qin: '1.5', D1: '0.6', D2: '0.8' };
    const options = { tEnd: 40, solver: 'dopri5' as const, rtol: 1e-10, atol: 1e-12, samples: 201, inputs };
    const a = simulate(nl.model, { ...options, initial: { v_Cr: 10, v_C1: 2, v_C2: 4, i_L1: 0, i_L2: 0 } });
    const h = simulate(hand, { ...options, initial: { pr: 10, p1: 2, p2: 4, q1: 0, q2: 0 } });
    const pairs: [string, string][] = [['v_Cr', 'pr'], ['v_C1', 'p1'], ['v_C2', 'p2'], ['i_L1', 'q1'], ['i_L2', 'q2']];
    for (const [mine, theirs] of pairs) {
      const ma = column(a, mine);
      const hb = column(h, theirs);
      for (let r = 0; r < ma.length; r++) expect(ma[r], `${mine} at sample ${r}`).toBeCloseTo(hb[r], 6);
    }
    // The valve output is the inverted law at the simulated flow: Δp = q|q|/(Cv r1)².
    const q1 = column(a, 'i_L1');
    const dp = column(a, 'dp_valve1');
    for (let r = 0; r < q1.length; r++) expect(dp[r]).toBeCloseTo((q1[r] * Math.abs(q1[r])) / (P.Cv * P.r1) ** 2, 9);
    // Water flows downhill first: the towns fill while the hilltop drains.
    expect(q1[20]).toBeGreaterThan(0);
    expect(column(a, 'v_C1')[200]).toBeGreaterThan(2);
  });

  const atRest = { x: [2, 4, 10, 0, 0], u: [0.6, 0.8, 1.5] };

  it('the Jacobian at zero flow is a typed error naming the orifice (not NaN)', () => {
    let error: unknown;
    try {
      nl.evaluate.jacobians(0, atRest.x, atRest.u);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SysgraphError);
    expect((error as SysgraphError).code).toBe('bad-law');
    expect(['Rp1', 'Rp2', 'Rv1', 'Rv2']).toContain((error as SysgraphError).element);
    expect(() => nl.model.jacobian(0, Float64Array.from(atRest.x), Float64Array.from(atRest.u), new Float64Array(3))).toThrow(SysgraphError);
  });

  it('with the secant option the Jacobian at zero flow is finite; away from zero flow it is exact', () => {
    const secant = nonlinearModel(structure, { secantWidth: 1e-6 });
    const J = secant.evaluate.jacobians(0, atRest.x, atRest.u).A;
    for (const row of J) for (const v of row) expect(Number.isFinite(v)).toBe(true);
    // The flow derivative of the orifice drops, d(q|q|k)/dq = 2|q|k, is 0 at q = 0: the secant gives about it.
    expect(Math.abs(J[3][3])).toBeLessThan(1e-2);
    // Away from zero flow: against central differences of f (hand-written closed form of the dq row).
    const x = [2.5, 3.5, 9, 0.4, -0.3];
    const A = nl.evaluate.jacobians(0, x, atRest.u).A;
    const k1 = 1 / P.Cp1 ** 2 + 1 / (P.Cv * P.r1) ** 2;
    expect(A[3][3]).toBeCloseTo((-2 * Math.abs(x[3]) * k1) / P.Lf1, 10);
    x.forEach((xj, j) => {
      const hStep = 1e-6 * (1 + Math.abs(xj));
      const fp = nl.evaluate.f(0, x.map((v, q) => (q === j ? v + hStep : v)), atRest.u);
      const fm = nl.evaluate.f(0, x.map((v, q) => (q === j ? v - hStep : v)), atRest.u);
      fp.forEach((v, i) => expect(A[i][j]).toBeCloseTo((v - fm[i]) / (2 * hStep), 5));
    });
  });
});
