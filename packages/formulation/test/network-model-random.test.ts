/**
 * The network model on seeded random networks with laws of every form, two-ports and resistive loops
 * (support/network-random-laws.ts), against three independent references:
 *   · nonlinearModel (the symbolic model, verified against the tableau oracle): f and g to 1e-9 (20 elements; its
 *     build costs seconds per network, so few);
 *   · the tableau oracle of the full nonlinear branch equations (no tree, no F): every output and the rates of the
 *     storage variables (40–60 elements);
 *   · the linear formulation (formulate + numericBackend) on the same networks with plain values: f = A x + B u and
 *     g = C x + D u (200 elements);
 * and the sparse Jacobian against central differences of f (200 elements).
 */
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { formulate, networkModel, nonlinearModel, numericBackend } from '../src/index';
import type { NetworkModelResult, NonlinearResult } from '../src/index';
import { compareModels, jacobianError } from './support/network-compare';
import { networkWithLaws } from './support/network-random-laws';
import type { RandomLawNetwork } from './support/network-random-laws';
import { compareWithTableau } from './support/nonlinear-compare';
import { mulberry32 } from './support/index';

/** The structure and network model of a random network, or undefined when it is inadmissible or not covered. */
function build(r: RandomLawNetwork): { s: Structure; nm: NetworkModelResult } | undefined {
  let s: Structure;
  try {
    s = analyzeStructure(parseSystem(r.json));
  } catch {
    return undefined; // no normal tree (e.g. a loop of sources and ports)
  }
  try {
    return { s, nm: networkModel(s) };
  } catch (e) {
    if (e instanceof SysgraphError && e.code === 'unsupported') return undefined; // e.g. a capacitor displaced by a port
    throw e;
  }
}

const draw = (rng: ReturnType<typeof mulberry32>, n: number, range: number) => Float64Array.from({ length: n }, () => range * (2 * rng.next() - 1));

describe('the network model on random networks with laws', () => {
  it('equals nonlinearModel (f and g to 1e-9) on networks of 20 elements', () => {
    let compared = 0;
    for (let seed = 1; seed <= 20 && compared < 3; seed++) {
      const r = networkWithLaws(seed, 20);
      const b = build(r);
      if (!b) continue;
      const old = nonlinearModel(b.s).model;
      const neu = b.nm.model;
      expect(neu.stateNames).toEqual(old.stateNames);
      expect(neu.outputNames).toEqual(old.outputNames);
      const rng = mulberry32(seed);
      for (let k = 0; k < 3; k++) {
        const x = draw(rng, neu.stateNames.length, 1);
        const u = draw(rng, neu.inputNames.length, 1);
        const c = compareModels(neu, old, rng.next(), x, u);
        expect(c.f, `f of seed ${seed}`).toBeLessThan(1e-9);
        expect(c.g, `g of seed ${seed}`).toBeLessThan(1e-9);
      }
      compared++;
    }
    expect(compared).toBe(3);
  }, 300_000);

  it('agrees with the tableau oracle (outputs and storage rates) on networks of 40–60 elements', () => {
    let compared = 0;
    let coupled = 0;
    let ports = 0;
    for (let seed = 100; seed <= 140 && compared < 4; seed++) {
      const r = networkWithLaws(seed, 40 + 5 * (seed % 5));
      const b = build(r);
      if (!b) continue;
      const m = b.nm.model;
      // The oracle's comparison reads the model through the symbolic model's evaluate/system shape.
      const du0 = new Float64Array(m.inputNames.length);
      const adapter = {
        system: { states: b.nm.states, inputs: m.inputNames, outputs: m.outputNames },
        evaluate: {
          f: (t: number, x: ArrayLike<number>, u: ArrayLike<number>) => {
            const out = new Float64Array(x.length);
            m.f(t, Float64Array.from(x), Float64Array.from(u), du0, out);
            return out;
          },
          g: (t: number, x: ArrayLike<number>, u: ArrayLike<number>) => {
            const out = new Float64Array(m.outputNames.length);
            m.g(t, Float64Array.from(x), Float64Array.from(u), du0, out);
            return out;
          },
        },
      } as unknown as NonlinearResult;
      const rng = mulberry32(seed * 17);
      const x = Array.from(draw(rng, m.stateNames.length, 0.8));
      const u = Array.from(draw(rng, m.inputNames.length, 0.8));
      const du = u.map(() => 0);
      const c = compareWithTableau(adapter, r, 0.3, x, u, du);
      expect(c.residual, `oracle residual, seed ${seed}`).toBeLessThan(1e-9);
      expect(c.outputs, `outputs of seed ${seed}`).toBeLessThan(1e-7);
      expect(c.dynamics, `rates of seed ${seed}`).toBeLessThan(1e-6);
      if (b.nm.stats.newtonBlocks > 0) coupled++;
      if (r.twoPorts > 0) ports++;
      compared++;
    }
    expect(compared).toBe(4);
    expect(coupled).toBeGreaterThanOrEqual(2);
    expect(ports).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('with plain values equals the linear formulation at 200 elements: f = A x + B u, g = C x + D u', () => {
    let compared = 0;
    for (let seed = 200; seed <= 230 && compared < 3; seed++) {
      const r = networkWithLaws(seed, 200, true);
      const b = build(r);
      if (!b) continue;
      const ss = formulate(b.s, numericBackend(b.s.description.parameters));
      const m = b.nm.model;
      expect(ss.states).toEqual(m.stateNames);
      if (ss.Bd.some((row) => row.some((v) => v !== 0))) continue;
      const rng = mulberry32(seed);
      const x = draw(rng, m.stateNames.length, 1);
      const u = draw(rng, m.inputNames.length, 1);
      const f = new Float64Array(x.length);
      const g = new Float64Array(m.outputNames.length);
      m.f(0, x, u, new Float64Array(u.length), f);
      m.g(0, x, u, new Float64Array(u.length), g);
      const affine = (M: number[][], N: number[][], i: number) => M[i].reduce((s, v, j) => s + v * x[j], 0) + N[i].reduce((s, v, j) => s + v * u[j], 0);
      const fRef = f.map((_, i) => affine(ss.A, ss.B, i));
      const gRef = g.map((_, i) => affine(ss.C, ss.D, i));
      const scale = (v: Float64Array) => v.reduce((s, a) => Math.max(s, Math.abs(a)), 1e-300);
      f.forEach((v, i) => expect(Math.abs(v - fRef[i]) / scale(fRef), `f of seed ${seed}`).toBeLessThan(1e-9));
      g.forEach((v, i) => expect(Math.abs(v - gRef[i]) / scale(gRef), `g of seed ${seed}`).toBeLessThan(1e-9));
      // The Jacobian of a linear network is A, exactly.
      const J = m.jacobian(0, x, u, new Float64Array(u.length));
      for (let i = 0; i < J.rows; i++) for (let j = 0; j < J.cols; j++) expect(Math.abs(J.get(i, j) - ss.A[i][j])).toBeLessThan(1e-9 * (1 + Math.abs(ss.A[i][j])));
      const Bm = m.inputJacobian(0, x, u);
      Bm.forEach((row, i) => row.forEach((v, k) => expect(Math.abs(v - ss.B[i][k])).toBeLessThan(1e-9 * (1 + Math.abs(ss.B[i][k])))));
      compared++;
    }
    expect(compared).toBe(3);
  }, 300_000);

  it('has a sparse Jacobian equal to central differences of f at 200 elements, every entry in the pattern', () => {
    let compared = 0;
    for (let seed = 300; seed <= 330 && compared < 3; seed++) {
      const r = networkWithLaws(seed, 200);
      const b = build(r);
      if (!b) continue;
      const m = b.nm.model;
      const rng = mulberry32(seed);
      const x = draw(rng, m.stateNames.length, 0.8);
      const u = draw(rng, m.inputNames.length, 0.8);
      const j = jacobianError(m, 0.4, x, u);
      expect(j.error, `Jacobian of seed ${seed}`).toBeLessThan(1e-6);
      expect(j.outside, `entries outside the pattern, seed ${seed}`).toBe(0);
      // B = ∂f/∂u against central differences in u
      const Bm = m.inputJacobian(0.4, x, u);
      const fp = new Float64Array(x.length);
      const fm = new Float64Array(x.length);
      const du = new Float64Array(u.length);
      for (let k = 0; k < u.length; k++) {
        const h = 1e-6 * (1 + Math.abs(u[k]));
        const up = Float64Array.from(u);
        const um = Float64Array.from(u);
        up[k] += h;
        um[k] -= h;
        m.f(0.4, x, up, du, fp);
        m.f(0.4, x, um, du, fm);
        let scale = 1e-300;
        for (let i = 0; i < x.length; i++) scale = Math.max(scale, Math.abs(Bm[i][k]));
        for (let i = 0; i < x.length; i++) expect(Math.abs(Bm[i][k] - (fp[i] - fm[i]) / (2 * h)) / scale, `B of seed ${seed}`).toBeLessThan(1e-6);
      }
      compared++;
    }
    expect(compared).toBe(3);
  }, 300_000);
});
