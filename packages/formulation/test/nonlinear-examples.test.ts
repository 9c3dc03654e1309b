/**
 * The nonlinear examples (examples/nonlinear) simulated from their descriptions agree with an independent
 * integration of their hand-written equations (both with @sysgraph/simulate, dopri5 at tight tolerances).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/simulate';
import type { NonlinearModel } from '@sysgraph/simulate';
import { linearise, nonlinearModel } from '../src/index';

const load = (name: string) =>
  parseSystem(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../examples/nonlinear/${name}.json`, import.meta.url)), 'utf8')));

/** A hand-written model x' = rhs(t, x, u) with no outputs. */
function handModel(states: string[], inputs: string[], rhs: (t: number, x: Float64Array, u: Float64Array, dx: Float64Array) => void): NonlinearModel {
  return { kind: 'nonlinear', stateNames: states, inputNames: inputs, outputNames: [], f: (t, x, u, _du, dx) => rhs(t, x, u, dx), g: () => {} };
}

function column(trace: { names: readonly string[]; columns: readonly Float64Array[] }, name: string): Float64Array {
  return trace.columns[trace.names.indexOf(name)];
}

const options = { tEnd: 0, solver: 'dopri5' as const, rtol: 1e-10, atol: 1e-12, samples: 101 };

describe('nonlinear examples against hand-written equations', () => {
  it('hardening spring–mass: m v\' = F − b v − (k λ + k3 λ³), λ\' = v', () => {
    const d = load('hardening-spring-mass');
    const nl = nonlinearModel(analyzeStructure(d));
    expect(nl.model.stateNames).toEqual(['v_mass', 'lambda_spring']);
    const [m, k, k3, b] = [1, 4, 20, 0.4];
    const hand = handModel(['v', 'lambda'], ['F'], (_t, x, u, dx) => {
      dx[0] = (u[0] - b * x[0] - (k * x[1] + k3 * x[1] ** 3)) / m;
      dx[1] = x[0];
    });
    const inputs = { F: 'sin(3*t)' };
    const a = simulate(nl.model, { ...options, tEnd: 10, inputs, initial: { v_mass: 0.5, lambda_spring: 0.2 } });
    const h = simulate(hand, { ...options, tEnd: 10, inputs, initial: { v: 0.5, lambda: 0.2 } });
    expect(column(a, 't')).toEqual(column(h, 't'));
    const va = column(a, 'v_mass');
    const la = column(a, 'lambda_spring');
    const vh = column(h, 'v');
    const lh = column(h, 'lambda');
    for (let r = 0; r < va.length; r++) {
      expect(va[r]).toBeCloseTo(vh[r], 7);
      expect(la[r]).toBeCloseTo(lh[r], 7);
    }
    // The output spring force is the law at the simulated deflection.
    const force = column(a, 'spring_force');
    for (let r = 0; r < force.length; r++) expect(force[r]).toBeCloseTo(k * la[r] + k3 * la[r] ** 3, 9);
  });

  it('hardening spring–mass linearised at the static deflection of a constant force: stiffness k + 3 k3 λ*²', () => {
    const nl = nonlinearModel(analyzeStructure(load('hardening-spring-mass')));
    const F = 2;
    const lin = linearise(nl, { inputs: { F } });
    // Equilibrium: v = 0, k λ + k3 λ³ = F (solved here by bisection, independently of the Newton in linearise).
    let lo = 0;
    let hi = 10;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (4 * mid + 20 * mid ** 3 < F) lo = mid;
      else hi = mid;
    }
    expect(lin.x[0]).toBeCloseTo(0, 12);
    expect(lin.x[1]).toBeCloseTo(lo, 12);
    const stiffness = 4 + 3 * 20 * lo * lo;
    expect(lin.A[0][0]).toBeCloseTo(-0.4, 12);
    expect(lin.A[0][1]).toBeCloseTo(-stiffness, 10);
    expect(lin.A[1]).toEqual([1, 0]);
    expect(lin.B).toEqual([[1], [0]]);
  });

  it('diode-clamped RC: C v\' = (E − v)/R − Is (exp(v/Vt) − 1), with the stiff solver using the Jacobian', () => {
    const d = load('diode-rc');
    const nl = nonlinearModel(analyzeStructure(d));
    const [R, C, Is, Vt] = [1000, 1e-6, 1e-12, 0.025];
    const hand = handModel(['v'], ['E'], (_t, x, u, dx) => {
      dx[0] = ((u[0] - x[0]) / R - Is * (Math.exp(x[0] / Vt) - 1)) / C;
    });
    const inputs = { E: '5*sin(2000*t)' };
    const a = simulate(nl.model, { ...options, tEnd: 0.01, inputs, initial: { v_C1: 0 } });
    const h = simulate(hand, { ...options, tEnd: 0.01, inputs, initial: { v: 0 } });
    const va = column(a, 'v_C1');
    const vh = column(h, 'v');
    for (let r = 0; r < va.length; r++) expect(va[r]).toBeCloseTo(vh[r], 6);
    // The diode clamps the capacitor voltage near 0.5 V.
    expect(Math.max(...va)).toBeLessThan(0.6);
    const stiff = simulate(nl.model, { ...options, solver: 'stiff', rtol: 1e-8, atol: 1e-10, tEnd: 0.01, inputs, initial: { v_C1: 0 } });
    const vs = column(stiff, 'v_C1');
    for (let r = 0; r < vs.length; r++) expect(vs[r]).toBeCloseTo(vh[r], 4);
  });

  it("RLC with a time-varying capacitor (charge form): C(t) v' = i − C'(t) v, L i' = V − R i − v", () => {
    const nl = nonlinearModel(analyzeStructure(load('rlc-time-varying-capacitor')));
    expect(nl.model.stateNames).toEqual(['v_C1', 'i_L1']);
    const [R, L, C0, a, w] = [1, 0.5, 0.2, 0.5, 3];
    const hand = handModel(['v', 'i'], ['V'], (t, x, u, dx) => {
      const C = C0 * (1 + a * Math.sin(w * t));
      const dC = C0 * a * w * Math.cos(w * t);
      dx[0] = (x[1] - dC * x[0]) / C;
      dx[1] = (u[0] - R * x[1] - x[0]) / L;
    });
    const inputs = { V: 'step(1)' };
    const a1 = simulate(nl.model, { ...options, tEnd: 8, inputs, initial: { v_C1: 0.3, i_L1: 0 } });
    const h = simulate(hand, { ...options, tEnd: 8, inputs, initial: { v: 0.3, i: 0 } });
    const [va, ia, vh, ih] = [column(a1, 'v_C1'), column(a1, 'i_L1'), column(h, 'v'), column(h, 'i')];
    for (let r = 0; r < va.length; r++) {
      expect(va[r]).toBeCloseTo(vh[r], 7);
      expect(ia[r]).toBeCloseTo(ih[r], 7);
    }
  });
});
