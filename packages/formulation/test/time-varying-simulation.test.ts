/**
 * Time-varying examples (examples/time-varying) simulated from their descriptions against independent
 * integrations of hand-written equations (both with @sysgraph/simulate's dopri5 at tight tolerances), and the
 * two state forms against each other after converting states (v = q / C(t), i = λ / L(t)).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/simulate';
import type { NonlinearModel } from '@sysgraph/simulate';
import { nonlinearModel, createTimeMath, timeVaryingModel } from '../src/index';

/** One mathjs instance for every model of this file (creating one costs ~0.4 s). */
const math = createTimeMath();

const load = (dir: string, name: string) =>
  analyzeStructure(parseSystem(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../examples/${dir}/${name}.json`, import.meta.url)), 'utf8'))));

function handModel(states: string[], inputs: string[], rhs: (t: number, x: Float64Array, u: Float64Array, dx: Float64Array) => void): NonlinearModel {
  return { kind: 'nonlinear', stateNames: states, inputNames: inputs, outputNames: [], f: (t, x, u, _du, dx) => rhs(t, x, u, dx), g: () => {} };
}

function column(trace: { names: readonly string[]; columns: readonly Float64Array[] }, name: string): Float64Array {
  const k = trace.names.indexOf(name);
  if (k < 0) throw new Error(`no column ${name}`);
  return trace.columns[k];
}

const options = { solver: 'dopri5' as const, rtol: 1e-10, atol: 1e-12, samples: 201 };

describe('RLC with a time-varying capacitor C(t) = C0 (1 + a sin(w t)) given as a value', () => {
  const [R, L, C0, a, w] = [1, 0.5, 0.2, 0.5, 3];
  const C = (t: number) => C0 * (1 + a * Math.sin(w * t));
  const dC = (t: number) => C0 * a * w * Math.cos(w * t);
  const s = load('time-varying', 'rlc-time-varying-capacitor');
  const inputs = { V: 'sin(2*t)' };
  const [v0, i0] = [0.3, -0.1];

  it("charge form: q' = i, L i' = V − R i − q / C(t) (hand-written, integrated separately)", () => {
    const tv = timeVaryingModel(s, { math });
    expect(tv.states).toEqual(['q_C1', 'lambda_L1']);
    const p0 = tv.toState(0, [v0, i0], [0]);
    expect(p0[0]).toBeCloseTo(C(0) * v0, 14);
    expect(p0[1]).toBeCloseTo(L * i0, 14);
    const hand = handModel(['q', 'i'], ['V'], (t, x, u, dx) => {
      dx[0] = x[1];
      dx[1] = (u[0] - R * x[1] - x[0] / C(t)) / L;
    });
    const m = simulate(tv.model, { ...options, tEnd: 8, inputs, initial: { q_C1: p0[0], lambda_L1: p0[1] } });
    const h = simulate(hand, { ...options, tEnd: 8, inputs, initial: { q: C(0) * v0, i: i0 } });
    const [q, lam, qh, ih] = [column(m, 'q_C1'), column(m, 'lambda_L1'), column(h, 'q'), column(h, 'i')];
    const time = column(m, 't');
    const [vOut, iCap] = [column(m, 'v_cap'), column(m, 'i_cap')];
    for (let r = 0; r < q.length; r++) {
      expect(q[r]).toBeCloseTo(qh[r], 8);
      expect(lam[r] / L).toBeCloseTo(ih[r], 8);
      // Outputs: the capacitor voltage q / C(t) and its current (KCL: the loop current).
      expect(vOut[r]).toBeCloseTo(qh[r] / C(time[r]), 8);
      expect(iCap[r]).toBeCloseTo(ih[r], 8);
    }
    // The modulation matters: a constant C0 gives a visibly different charge.
    const frozen = handModel(['q', 'i'], ['V'], (_t, x, u, dx) => {
      dx[0] = x[1];
      dx[1] = (u[0] - R * x[1] - x[0] / C0) / L;
    });
    const f = simulate(frozen, { ...options, tEnd: 8, inputs, initial: { q: C(0) * v0, i: i0 } });
    expect(Math.max(...column(f, 'q').map((x, r) => Math.abs(x - qh[r])))).toBeGreaterThan(1e-2);
  });

  it("across-through form agrees with the charge form after v = q / C(t), and with C(t) v' = i − C'(t) v", () => {
    const charge = timeVaryingModel(s, { math });
    const across = timeVaryingModel(s, { math, form: 'across-through' });
    expect(across.states).toEqual(['v_C1', 'i_L1']);
    const p0 = charge.toState(0, [v0, i0], [0]);
    const mc = simulate(charge.model, { ...options, tEnd: 8, inputs, initial: { q_C1: p0[0], lambda_L1: p0[1] } });
    const ma = simulate(across.model, { ...options, tEnd: 8, inputs, initial: { v_C1: v0, i_L1: i0 } });
    const time = column(mc, 't');
    const [q, lam, v, i] = [column(mc, 'q_C1'), column(mc, 'lambda_L1'), column(ma, 'v_C1'), column(ma, 'i_L1')];
    for (let r = 0; r < q.length; r++) {
      expect(v[r]).toBeCloseTo(q[r] / C(time[r]), 8);
      expect(i[r]).toBeCloseTo(lam[r] / L, 8);
      const back = charge.toPhysical(time[r], [q[r], lam[r]], [Math.sin(2 * time[r])]);
      expect(back[0]).toBeCloseTo(v[r], 8);
    }
    // The same law written by hand in v: C(t) v' = i − C'(t) v (the nonlinear example's hand model).
    const hand = handModel(['v', 'i'], ['V'], (t, x, u, dx) => {
      dx[0] = (x[1] - dC(t) * x[0]) / C(t);
      dx[1] = (u[0] - R * x[1] - x[0]) / L;
    });
    const h = simulate(hand, { ...options, tEnd: 8, inputs, initial: { v: v0, i: i0 } });
    const vh = column(h, 'v');
    for (let r = 0; r < v.length; r++) expect(v[r]).toBeCloseTo(vh[r], 8);
  });

  it('agrees with the nonlinear formulation of the same capacitor given as a law q = C(t) v (examples/nonlinear)', () => {
    const nl = nonlinearModel(load('nonlinear', 'rlc-time-varying-capacitor'));
    const across = timeVaryingModel(s, { math, form: 'across-through' });
    const n = simulate(nl.model, { ...options, tEnd: 6, inputs, initial: { v_C1: v0, i_L1: i0 } });
    const m = simulate(across.model, { ...options, tEnd: 6, inputs, initial: { v_C1: v0, i_L1: i0 } });
    const [va, vn] = [column(m, 'v_C1'), column(n, 'v_C1')];
    for (let r = 0; r < va.length; r++) expect(va[r]).toBeCloseTo(vn[r], 8);
  });

  it("non-conservative law i = C(t) v' drops the −C'(t) v term (formulation.md section 11)", () => {
    const nc = timeVaryingModel(s, { math, form: 'across-through', storageLaw: 'non-conservative' });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), (t, v, i, V) => {
        const dx = new Float64Array(2);
        nc.model.f(t, Float64Array.of(v, i), Float64Array.of(V), new Float64Array(1), dx);
        expect(dx[0]).toBeCloseTo(i / C(t), 10);
        expect(dx[1]).toBeCloseTo((V - R * i - v) / L, 10);
      }),
      { seed: 7, numRuns: 50 },
    );
  });
});

describe('RLC with a switch-like resistor R(t) = R0 (2 + sin(w t)) and a growing inductor L(t) = L0 (1 + b t / (1 + t))', () => {
  const [R0, w, L0, b, C] = [0.5, 2, 0.4, 1, 0.1];
  const R = (t: number) => R0 * (2 + Math.sin(w * t));
  const L = (t: number) => L0 * (1 + (b * t) / (1 + t));
  const dL = (t: number) => (L0 * b) / (1 + t) ** 2;
  const s = load('time-varying', 'switched-resistor-rl');

  it("f of both forms equals the hand-written equations at random (t, x, u): λ' = V − R λ/L − q/C; L i' = V − R i − L' i − v", () => {
    const charge = timeVaryingModel(s, { math });
    const across = timeVaryingModel(s, { math, form: 'across-through' });
    expect(charge.states).toEqual(['q_C1', 'lambda_L1']);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (t, x1, x2, V) => {
        const dx = new Float64Array(2);
        const y = new Float64Array(3);
        const u = Float64Array.of(V);
        const du = new Float64Array(1);
        charge.model.f(t, Float64Array.of(x1, x2), u, du, dx);
        // charge form, state (q, λ): q' = λ / L, λ' = V − R λ / L − q / C
        expect(dx[0]).toBeCloseTo(x2 / L(t), 10);
        expect(dx[1]).toBeCloseTo(V - (R(t) * x2) / L(t) - x1 / C, 10);
        across.model.f(t, Float64Array.of(x1, x2), u, du, dx);
        // across-through, state (v, i): v' = i / C, L i' = V − R i − L' i − v
        expect(dx[0]).toBeCloseTo(x2 / C, 10);
        expect(dx[1]).toBeCloseTo((V - R(t) * x2 - dL(t) * x2 - x1) / L(t), 10);
        // outputs i, v_R = R i, v_L = V − R i − v (KVL; equals (L i)')
        across.model.g(t, Float64Array.of(x1, x2), u, du, y);
        expect(y[0]).toBeCloseTo(x2, 12);
        expect(y[1]).toBeCloseTo(R(t) * x2, 10);
        expect(y[2]).toBeCloseTo(V - R(t) * x2 - x1, 10);
        // The Jacobian is A(t).
        const J = across.model.jacobian(t, Float64Array.of(x1, x2), u, du);
        expect(J[1][1]).toBeCloseTo(-(R(t) + dL(t)) / L(t), 10);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('simulated in both forms, against a hand-written integration of the flux form', () => {
    const charge = timeVaryingModel(s, { math });
    const across = timeVaryingModel(s, { math, form: 'across-through' });
    const inputs = { V: 'step(1)' };
    const hand = handModel(['q', 'lambda'], ['V'], (t, x, u, dx) => {
      dx[0] = x[1] / L(t);
      dx[1] = u[0] - (R(t) * x[1]) / L(t) - x[0] / C;
    });
    const i0 = 0.2;
    const h = simulate(hand, { ...options, tEnd: 10, inputs, initial: { q: 0, lambda: L(0) * i0 } });
    const mc = simulate(charge.model, { ...options, tEnd: 10, inputs, initial: { q_C1: 0, lambda_L1: L(0) * i0 } });
    const ma = simulate(across.model, { ...options, tEnd: 10, inputs, initial: { v_C1: 0, i_L1: i0 } });
    const time = column(h, 't');
    const [lh, lc, ia, vR] = [column(h, 'lambda'), column(mc, 'lambda_L1'), column(ma, 'i_L1'), column(ma, 'v_R')];
    for (let r = 0; r < time.length; r++) {
      expect(lc[r]).toBeCloseTo(lh[r], 8);
      expect(ia[r]).toBeCloseTo(lh[r] / L(time[r]), 8);
      expect(vR[r]).toBeCloseTo((R(time[r]) * lh[r]) / L(time[r]), 8);
    }
  });
});
