/**
 * The network model's linear-plus-law split (network-model/law-split.ts): f = A_lin x + B_lin u + M g(P x + Q u, t)
 * and ∂f/∂x = A_lin + M diag(g') P. Which models take it, and that it gives the general path's f, ∂f/∂x (the same
 * pattern, entry for entry) and ∂f/∂t — to 1e-14 of the size of the terms each entry sums — on the diode ladder,
 * the spring chain and seeded random networks built for it; independently, f against the hand-written equations
 * of the ladder and the chain, every output and storage rate against the tableau oracle, ∂f/∂x against central
 * differences with every nonzero difference inside the pattern, ∂f/∂t against central differences along (t, u + t u').
 */
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { offsetStencils, rowSumProgram } from '@sysgraph/linalg';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';
import type { NetworkModel, NonlinearResult } from '../src/index';
import { lawSplit } from '../src/network-model/law-split';
import { NetworkEvaluator } from '../src/network-model/network-evaluator';
import { networkPlan } from '../src/network-model/network-plan';
import { SplitResidual } from '../src/network-model/split-residual';
import { diodeLadder, ladderDerivatives } from './support/diode-ladder';
import { jacobianError } from './support/network-compare';
import { networkWithLaws } from './support/network-random-laws';
import { splitNetwork } from './support/network-split-random';
import { compareWithTableau } from './support/nonlinear-compare';
import { mulberry32 } from './support/index';
import { CHAIN, chainDerivatives, springChain } from './support/spring-chain';

const structureOf = (json: Record<string, unknown>) => analyzeStructure(parseSystem(json));
const draw = (rng: ReturnType<typeof mulberry32>, n: number, range: number) => Float64Array.from({ length: n }, () => range * (2 * rng.next() - 1));

/**
 * The split against the general path at (t, x, u, u'): the worst difference of f relative to Σ |coef · z| of its row
 * (the size of the terms the entry sums: the rounding of either order is bounded by it), of ∂f/∂x relative to the
 * largest entry of its row, of ∂f/∂t relative to its largest entry; and whether the patterns are identical.
 */
function againstGeneral(s: Structure, split: NetworkModel, general: NetworkModel, t: number, x: Float64Array, u: Float64Array, du: Float64Array) {
  const n = x.length;
  const fs = new Float64Array(n);
  const fg = new Float64Array(n);
  split.f(t, x, u, du, fs);
  general.f(t, x, u, du, fg);
  // the size of each row's terms, from an independent evaluation of the same split
  const r = new SplitResidual(lawSplit(new NetworkEvaluator(networkPlan(s))).split!);
  r.evaluate(t, x, u, new Float64Array(n));
  let f = 0;
  for (let c = 0; c < n; c++) {
    let size = 1e-300;
    for (let q = r.split.rows.ptr[c]; q < r.split.rows.ptr[c + 1]; q++) size += Math.abs(r.split.rows.coef[q] * r.z[r.split.rows.src[q]]);
    f = Math.max(f, Math.abs(fs[c] - fg[c]) / size);
  }
  const Js = split.jacobian(t, x, u, du);
  const Jg = general.jacobian(t, x, u, du);
  const samePattern = Js.nnz === Jg.nnz && Js.rowPtr.every((v, i) => v === Jg.rowPtr[i]) && Js.colIdx.every((v, i) => v === Jg.colIdx[i]);
  let J = 0;
  for (let i = 0; i < n; i++) {
    let scale = 1e-300;
    for (let q = Jg.rowPtr[i]; q < Jg.rowPtr[i + 1]; q++) scale = Math.max(scale, Math.abs(Jg.values[q]));
    for (let q = Jg.rowPtr[i]; q < Jg.rowPtr[i + 1]; q++) J = Math.max(J, Math.abs(Js.values[q] - Jg.values[q]) / scale);
  }
  const ts = new Float64Array(n);
  const tg = new Float64Array(n);
  const okS = split.timeDerivative(t, x, u, du, ts);
  const okG = general.timeDerivative(t, x, u, du, tg);
  let td = 0;
  let tscale = 1e-300;
  for (let i = 0; i < n; i++) tscale = Math.max(tscale, Math.abs(tg[i]));
  for (let i = 0; i < n; i++) td = Math.max(td, Math.abs(ts[i] - tg[i]) / tscale);
  return { f, J, samePattern, td, okS, okG };
}

/** ∂f/∂t against central differences of f along (t, u + (t' − t) u'), relative to its largest entry. */
function timeDerivativeError(m: NetworkModel, t: number, x: Float64Array, u: Float64Array, du: Float64Array): number {
  const n = x.length;
  const d = new Float64Array(n);
  expect(m.timeDerivative(t, x, u, du, d)).toBe(true);
  const h = 1e-6;
  const fp = new Float64Array(n);
  const fm = new Float64Array(n);
  m.f(t + h, x, u.map((v, k) => v + h * du[k]), du, fp);
  m.f(t - h, x, u.map((v, k) => v - h * du[k]), du, fm);
  let scale = 1e-300;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs((fp[i] - fm[i]) / (2 * h)));
  let worst = 0;
  for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(d[i] - (fp[i] - fm[i]) / (2 * h)) / scale);
  return worst;
}

describe('the linear-plus-law split of the network model', () => {
  it('is the path of explicit networks (ladder, chain) and not of networks with implicit statics or storage laws', () => {
    expect(networkModel(structureOf(diodeLadder(20))).stats.path).toBe('split');
    expect(networkModel(structureOf(springChain(20))).stats.path).toBe('split');
    expect(networkModel(structureOf(splitNetwork(1, 40).json)).stats.path).toBe('split');
    const forced = networkModel(structureOf(diodeLadder(20)), { split: false }).stats;
    expect(forced.path).toBe('general');
    // random networks with resistive loops, inverted laws and charge laws keep the general path, and say why
    let general = 0;
    for (let seed = 300; seed <= 305; seed++) {
      let stats;
      try {
        stats = networkModel(structureOf(networkWithLaws(seed, 60).json)).stats;
      } catch (e) {
        if (e instanceof SysgraphError) continue;
        throw e;
      }
      if (stats.path === 'general') {
        general++;
        expect(stats.splitDeclined).toMatch(/static|state|law/);
      }
    }
    expect(general).toBeGreaterThanOrEqual(3);
  });

  it('diode ladder of 2000 sections: f, ∂f/∂x and ∂f/∂t equal the general path and f the hand-written equations', () => {
    const N = 2000;
    const s = structureOf(diodeLadder(N));
    const split = networkModel(s).model;
    const general = networkModel(s, { split: false }).model;
    const section = split.stateNames.map((name) => Number(name.slice(3)) - 1);
    const rng = mulberry32(7);
    for (let k = 0; k < 3; k++) {
      const v = Float64Array.from({ length: N }, () => 0.7 * rng.next());
      const x = Float64Array.from(section, (j) => v[j]);
      const u = Float64Array.of(5 * rng.next());
      const du = Float64Array.of(4e5);
      const c = againstGeneral(s, split, general, 1e-6, x, u, du);
      expect(c.samePattern).toBe(true);
      expect(c.f).toBeLessThan(1e-14);
      expect(c.J).toBeLessThan(1e-14);
      expect(c.okS && c.okG).toBe(true);
      expect(c.td).toBeLessThan(1e-14);
      // the hand-written equations, at the sections
      const f = new Float64Array(N);
      split.f(0, x, u, du, f);
      const ref = new Float64Array(N);
      ladderDerivatives(v, u[0], ref);
      section.forEach((j, i) => expect(Math.abs(f[i] - ref[j])).toBeLessThan(1e-9 * (Math.abs(ref[j]) + 1e3)));
    }
  });

  it('diode ladder: f by stencils, the diode arguments as a run of one term, equals the plain loops bit for bit', () => {
    const s = structureOf(diodeLadder(300));
    const split = lawSplit(networkPlan(s)).split!;
    const { n, m, args, rows } = split;
    // the paths under test are the ones taken: the rows mostly in stencils, each diode group's arguments one run
    expect(rowSumProgram(rows.ptr, rows.src, rows.coef, 0, n, { stencils: true }).stencils.length).toBeGreaterThan(0);
    for (const g of split.groups) expect(offsetStencils(args.ptr, args.src, args.coef, g.start, g.end, 1, 1, 1)).toHaveLength(1);
    const residual = new SplitResidual(split);
    const rng = mulberry32(11);
    const special = [0, -0, 1e-300, -1e-300, 0.7, -0.7];
    for (let trial = 0; trial < 4; trial++) {
      const x = Float64Array.from({ length: n }, () => (rng.next() < 0.3 ? special[Math.floor(rng.next() * special.length)] : 0.8 * (2 * rng.next() - 1)));
      const u = Float64Array.of(trial === 0 ? 0 : 5 * rng.next());
      const t = 1e-6 * trial;
      const f = new Float64Array(n);
      residual.evaluate(t, x, u, f);
      // the definition: y = the argument rows from 0 in order, g = each entry's law, f = the state rows from 0
      const z = new Float64Array(n + m + split.laws);
      z.set(x, 0);
      z.set(u, n);
      const y = new Float64Array(split.laws);
      for (let i = 0; i < split.laws; i++) {
        let sum = 0;
        for (let q = args.ptr[i]; q < args.ptr[i + 1]; q++) sum += args.coef[q] * z[args.src[q]];
        y[i] = sum;
        z[n + m + i] = split.law[i].valueAt(sum, t);
      }
      for (let i = 0; i < split.laws; i++) expect(Object.is(residual.y[i], y[i]) && Object.is(residual.z[n + m + i], z[n + m + i]), `entry ${i}`).toBe(true);
      for (let c = 0; c < n; c++) {
        let sum = 0;
        for (let q = rows.ptr[c]; q < rows.ptr[c + 1]; q++) sum += rows.coef[q] * z[rows.src[q]];
        expect(Object.is(f[c], sum), `row ${c}`).toBe(true);
      }
    }
  });

  it('the Jacobian at the point of the last f (kept law values) equals the Jacobian at a fresh point', () => {
    const s = structureOf(splitNetwork(3, 80).json);
    const a = networkModel(s).model;
    const b = networkModel(s).model;
    const rng = mulberry32(3);
    const n = a.stateNames.length;
    const x = draw(rng, n, 0.8);
    const u = draw(rng, a.inputNames.length, 0.8);
    const du = new Float64Array(u.length);
    const f = new Float64Array(n);
    a.f(0.3, x, u, du, f);
    const kept = Float64Array.from(a.jacobian(0.3, x, u, du).values);
    b.f(0.3, x.map((v) => v + 0.1), u, du, f); // b's last f elsewhere: its Jacobian evaluates the laws afresh
    const fresh = b.jacobian(0.3, x, u, du).values;
    kept.forEach((v, q) => expect(v).toBe(fresh[q]));
    // and after that the kept values are not reused at another point
    a.f(0.3, x, u, du, f);
    const x2 = x.map((v) => v - 0.05);
    const J2 = Float64Array.from(a.jacobian(0.3, x2, u, du).values);
    b.f(0.3, x2, u, du, f);
    b.jacobian(0.3, x2, u, du).values.forEach((v, q) => expect(J2[q]).toBe(v));
  });

  it('spring chain of 300 masses: f equals the hand-written equations, ∂f/∂x and ∂f/∂t the general path', () => {
    const N = 300;
    const s = structureOf(springChain(N));
    const { model: split, stats } = networkModel(s);
    expect(stats.path).toBe('split');
    expect(stats.splitLaws).toBe(N); // the springs' laws; masses and dampers are linear
    const general = networkModel(s, { split: false }).model;
    const rng = mulberry32(11);
    const x = draw(rng, split.stateNames.length, 0.5);
    const u = Float64Array.of(CHAIN.F0);
    const du = new Float64Array(1);
    const c = againstGeneral(s, split, general, 0, x, u, du);
    expect(c.samePattern).toBe(true);
    expect(c.f).toBeLessThan(1e-14);
    expect(c.J).toBeLessThan(1e-14);
    expect(c.td).toBeLessThan(1e-14);
    const index = new Map(split.stateNames.map((name, i) => [name, i]));
    const v = Float64Array.from({ length: N }, (_, i) => x[index.get(`v_m${i + 1}`)!]);
    const lam = Float64Array.from({ length: N }, (_, i) => x[index.get(`lambda_s${i + 1}`)!]);
    const dv = new Float64Array(N);
    const dlam = new Float64Array(N);
    chainDerivatives(v, lam, CHAIN.F0, dv, dlam);
    const f = new Float64Array(x.length);
    split.f(0, x, u, du, f);
    for (let i = 0; i < N; i++) {
      expect(Math.abs(f[index.get(`v_m${i + 1}`)!] - dv[i])).toBeLessThan(1e-12 * (1 + Math.abs(dv[i])));
      expect(Math.abs(f[index.get(`lambda_s${i + 1}`)!] - dlam[i])).toBeLessThan(1e-12 * (1 + Math.abs(dlam[i])));
    }
  });

  it('seeded random networks: the general path, the tableau oracle, central differences of f', () => {
    let compared = 0;
    let stored = 0;
    let timeLaws = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const r = splitNetwork(seed, 18 + 4 * (seed % 4));
      const s = structureOf(r.json);
      const built = networkModel(s);
      expect(built.stats.path, `seed ${seed}: ${built.stats.splitDeclined}`).toBe('split');
      const m = built.model;
      const general = networkModel(s, { split: false }).model;
      const rng = mulberry32(seed * 31);
      const n = m.stateNames.length;
      const x = draw(rng, n, 0.8);
      const u = draw(rng, m.inputNames.length, 0.8);
      const du = draw(rng, m.inputNames.length, 2);
      const c = againstGeneral(s, m, general, 0.4, x, u, du);
      expect(c.samePattern, `pattern, seed ${seed}`).toBe(true);
      expect(c.f, `f, seed ${seed}`).toBeLessThan(1e-14);
      expect(c.J, `J, seed ${seed}`).toBeLessThan(1e-14);
      expect(c.okS && c.okG).toBe(true);
      expect(c.td, `∂f/∂t, seed ${seed}`).toBeLessThan(1e-14);
      // independent references
      const j = jacobianError(m, 0.4, x, u);
      expect(j.error, `Jacobian against central differences, seed ${seed}`).toBeLessThan(1e-6);
      expect(j.outside, `differences outside the pattern, seed ${seed}`).toBe(0);
      expect(timeDerivativeError(m, 0.4, x, u, du), `∂f/∂t against central differences, seed ${seed}`).toBeLessThan(1e-6);
      compared++;
      if (built.states.some((st) => st.quantity === 'flux')) stored++;
      if (JSON.stringify(r.json).includes('sin(t)')) timeLaws++;
      if (seed > 4) continue; // the tableau oracle (Gauss–Newton on every branch variable) on the first four
      const zero = new Float64Array(u.length);
      const adapter = {
        system: { states: built.states, inputs: m.inputNames, outputs: m.outputNames },
        evaluate: {
          f: (t: number, xx: ArrayLike<number>, uu: ArrayLike<number>) => {
            const out = new Float64Array(xx.length);
            m.f(t, Float64Array.from(xx), Float64Array.from(uu), zero, out);
            return out;
          },
          g: (t: number, xx: ArrayLike<number>, uu: ArrayLike<number>) => {
            const out = new Float64Array(m.outputNames.length);
            m.g(t, Float64Array.from(xx), Float64Array.from(uu), zero, out);
            return out;
          },
        },
      } as unknown as NonlinearResult;
      const o = compareWithTableau(adapter, r, 0.4, Array.from(x), Array.from(u), Array.from(zero));
      expect(o.residual, `oracle residual, seed ${seed}`).toBeLessThan(1e-9);
      expect(o.outputs, `outputs, seed ${seed}`).toBeLessThan(1e-7);
      expect(o.dynamics, `storage rates, seed ${seed}`).toBeLessThan(1e-6);
    }
    expect(compared).toBe(12);
    expect(stored).toBeGreaterThanOrEqual(3);
    expect(timeLaws).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it('a law not differentiable where the Jacobian is asked: bad-law naming the element, or its secant', () => {
    const json = {
      name: 'orifice-split',
      parameters: { c: 0.5 },
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'n0', to: 'g' },
        { id: 'C1', kind: 'capacitor', from: 'n1', to: 'g', value: 1 },
        { id: 'R1', kind: 'resistor', from: 'n0', to: 'n1', law: { through: 'c*sign(v)*sqrt(abs(v))' } },
      ],
      outputs: [{ name: 'v1', element: 'C1', variable: 'across' }],
      ground: 'g',
    };
    const s = structureOf(json);
    const built = networkModel(s);
    expect(built.stats.path).toBe('split');
    const x = Float64Array.of(2);
    const u = Float64Array.of(2); // Δv = 0 across R1
    const du = new Float64Array(1);
    let error: unknown;
    try {
      built.model.jacobian(0, x, u, du);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SysgraphError);
    expect((error as SysgraphError).code).toBe('bad-law');
    expect((error as SysgraphError).element).toBe('R1');
    built.model.setSecantWidth(1e-6);
    const J = built.model.jacobian(0, x, u, du);
    // the secant of c·sign(Δ)·sqrt|Δ| over [−h, h]: c·sqrt(h)/h, and Δ = u − x so ∂f/∂x = −that
    expect(J.get(0, 0)).toBeCloseTo(-0.5 / Math.sqrt(1e-6), 6);
    expect(built.model.secantUse()).toMatch(/R1/);
  });
});
