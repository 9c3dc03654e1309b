/**
 * Seeded random networks with time-varying values against an independent tableau with parameter rates
 * (formulation.md section 13): unknowns [φ, i] and their rates [φ', i'] (no tree, no loop matrix);
 *   level 0: KCL, static and source laws, the states fixed;  level 1: their time derivatives with rates,
 *     R:  v' − R i' − Ṙ i = 0;   TF: v1' − TF v2' − ṪF v2 = 0,  i1' + i2'/TF − (ṪF/TF²) i2 = 0;
 *     GY: v1' − GY i2' − ĠY i2 = 0,  i1' + v2'/GY − (ĠY/GY²) v2 = 0;
 *   storage, conservative:  i_C = C v_C' + Ċ v_C,   v_L = Σ L i' + L̇ i  (non-conservative: without Ċ, L̇).
 * At random t, x, u, u' the time-varying model's f (across-through form: x' itself) and g (branch outputs) must
 * equal the tableau solve at the values of time t. The charge-flux form must give p' = d/dt (E x − B1 u) with
 * E, B1 from the frozen linear formulation (backendAtTime) and their rates by central differences in t.
 */
import fc from 'fast-check';
import { Matrix } from 'ml-matrix';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { backendAtTime, formulate, createTimeMath, timeVaryingModel } from '../src/index';
import type { OracleNetwork } from './support/index';
import { FAMILIES, indexNetwork, mulberry32, networkToDescription, randomNetwork } from './support/index';
import { fullSvd, nullBasis, pseudoSolve } from './support/dense-svd';
import { acrossRow, kclRows, lawRows, levelSize, throughRow, variableRow } from './support/tableau-rows';
import type { SparseRow } from './support/tableau-rows';

/** One mathjs instance for every model of this file (creating one costs ~0.4 s). */
const math = createTimeMath();

/** value(t) = v (1 + a (1 + sin(w t + φ))): at least v, so inductance matrices with constant M stay definite. */
interface Modulation {
  v: number;
  a: number;
  w: number;
  phi: number;
}
const valueAt = (q: Modulation, t: number) => q.v * (1 + q.a * (1 + Math.sin(q.w * t + q.phi)));
const rateAt = (q: Modulation, t: number) => q.v * q.a * q.w * Math.cos(q.w * t + q.phi);
const text = (q: Modulation) => `${q.v} * (1 + ${q.a} * (1 + sin(${q.w} * t + ${q.phi})))`;

interface TimeVaryingNetwork {
  net: OracleNetwork;
  /** Modulation of each varying C, L, R value and two-port ratio, by id. */
  mod: Map<string, Modulation>;
}

function modulate(net: OracleNetwork, seed: number, staticToo: boolean): TimeVaryingNetwork {
  const rng = mulberry32(seed ^ 0x7e11);
  const mod = new Map<string, Modulation>();
  const draw = (v: number): Modulation => ({ v, a: rng.chance(0.2) ? 0 : rng.uniform(0.05, 0.6), w: rng.uniform(0.3, 4), phi: rng.uniform(0, 6.28) });
  for (const b of net.branches) if (b.kind === 'C' || b.kind === 'L' || (staticToo && b.kind === 'R')) mod.set(b.id, draw(b.value!));
  if (staticToo) for (const tp of net.twoPorts) mod.set(tp.id, draw(tp.ratio));
  return { net, mod };
}

/** The user description with the modulated values as expressions in t. */
function describe_(tvn: TimeVaryingNetwork): unknown {
  // mutual inductances as the constant M the tableau freezes (a factor k would make M = k·√(L_a(t) L_b(t)) vary)
  const d = networkToDescription(tvn.net, 'random-time-varying', 'value');
  const expr = (id: string, v: number) => (tvn.mod.has(id) ? text(tvn.mod.get(id)!) : v);
  const outputs = tvn.net.branches.flatMap((b) => [{ element: b.id, variable: 'across' }, { element: b.id, variable: 'through' }]);
  return {
    ...d,
    elements: d.elements.map((e) => (e.value === undefined ? e : { ...e, value: expr(e.id, e.value) })),
    twoPorts: d.twoPorts.map((t) => ({ ...t, ratio: expr(t.id, t.ratio) })),
    outputs,
  };
}

interface RateTableau {
  xdotUnique: boolean;
  consistent: boolean;
  /** x' and every branch variable as rows over [x | u | u']. */
  xdot: number[][];
  branch(id: string, variable: 'across' | 'through'): { row: number[]; unique: boolean };
}

/** The two-level tableau at time t with parameter rates (the oracle; see the header). */
function rateTableau(tvn: TimeVaryingNetwork, t: number, states: { branch: string; variable: 'across' | 'through' }[], inputs: string[], conservative: boolean): RateTableau {
  const at = (id: string, v: number) => (tvn.mod.has(id) ? valueAt(tvn.mod.get(id)!, t) : v);
  const rate = (id: string) => (tvn.mod.has(id) ? rateAt(tvn.mod.get(id)!, t) : 0);
  const frozen: OracleNetwork = {
    branches: tvn.net.branches.map((b) => (b.value === undefined ? b : { ...b, value: at(b.id, b.value) })),
    twoPorts: tvn.net.twoPorts.map((tp) => ({ ...tp, ratio: at(tp.id, tp.ratio) })),
    mutuals: tvn.net.mutuals,
  };
  const g = indexNetwork(frozen);
  const n0 = levelSize(g);
  const nx = states.length;
  const nu = inputs.length;
  const rows: SparseRow[] = [];
  const rhs: { row: number; column: number }[] = [];
  const inputOf = (k: number) => inputs.indexOf(g.branches[k].id);
  for (const level of [0, 1]) {
    const offset = level * n0;
    rows.push(...kclRows(g, offset));
    const laws = lawRows(g, offset);
    // lawRows order: one row per R, E, J branch (in branch order), then two per two-port.
    let q = 0;
    for (const [k, b] of g.branches.entries()) {
      if (b.kind !== 'R' && b.kind !== 'E' && b.kind !== 'J') continue;
      const law = laws[q++];
      if (law.source >= 0) rhs.push({ row: rows.length, column: nx + level * nu + inputOf(law.source) });
      if (level === 1 && b.kind === 'R') throughRow(g, k, 0, -rate(b.id), law.row);
      rows.push(law.row);
    }
    for (const tp of g.twoPorts) {
      const [first, second] = [laws[q++], laws[q++]];
      if (level === 1) {
        const dr = rate(tp.id);
        if (tp.kind === 'TF') {
          acrossRow(g, tp.port2, 0, -dr, first.row);
          throughRow(g, tp.port2, 0, -dr / tp.ratio ** 2, second.row);
        } else {
          throughRow(g, tp.port2, 0, -dr, first.row);
          acrossRow(g, tp.port2, 0, -dr / tp.ratio ** 2, second.row);
        }
      }
      rows.push(first.row, second.row);
    }
    if (level === 0) {
      states.forEach((x, s) => {
        rhs.push({ row: rows.length, column: s });
        rows.push(variableRow(g, g.branchIndex.get(x.branch)!, x.variable, 0));
      });
    }
  }
  // Storage laws: C v' + Ċ v − i = 0;  Σ L i' + L̇ i − v = 0.
  for (const [k, b] of g.branches.entries()) {
    if (b.kind === 'C') {
      const row = throughRow(g, k, 0, -1, acrossRow(g, k, n0, b.value));
      if (conservative) acrossRow(g, k, 0, rate(b.id), row);
      rows.push(row);
    } else if (b.kind === 'L') {
      const row = acrossRow(g, k, 0, -1);
      for (const { branch, value } of g.inductance.get(k) ?? []) throughRow(g, branch, n0, value, row);
      if (conservative) throughRow(g, k, 0, rate(b.id), row);
      rows.push(row);
    }
  }
  const T = new Matrix(rows.length, 2 * n0);
  rows.forEach((row, r) => row.forEach((c, j) => T.set(r, j, c)));
  const R = new Matrix(rows.length, nx + 2 * nu);
  for (const { row, column } of rhs) R.set(row, column, 1);
  const svd = fullSvd(T);
  const Z = pseudoSolve(svd, R);
  const N = nullBasis(svd);
  const residual = T.mmul(Z).sub(R);
  let consistent = true;
  for (let c = 0; c < R.columns; c++) {
    const scale = svd.sigmaMax * Z.getColumnVector(c).norm() + R.getColumnVector(c).norm();
    if (residual.getColumnVector(c).norm() > 1e-8 * Math.max(scale, 1e-300)) consistent = false;
  }
  const evaluate = (row: SparseRow) => {
    const out = new Array<number>(R.columns).fill(0);
    row.forEach((coef, j) => {
      for (let c = 0; c < R.columns; c++) out[c] += coef * Z.get(j, c);
    });
    let drift = 0;
    for (let q = 0; q < N.columns; q++) {
      let dot = 0;
      row.forEach((coef, j) => (dot += coef * N.get(j, q)));
      drift = Math.max(drift, Math.abs(dot));
    }
    return { row: out, unique: drift <= 1e-8 };
  };
  const xd = states.map((x) => evaluate(variableRow(g, g.branchIndex.get(x.branch)!, x.variable, n0)));
  return {
    xdotUnique: xd.every((w) => w.unique),
    consistent,
    xdot: xd.map((w) => w.row),
    branch: (id, variable) => evaluate(variableRow(g, g.branchIndex.get(id)!, variable, 0)),
  };
}

const dot = (row: number[], v: number[]) => row.reduce((s, c, j) => s + c * v[j], 0);
const matVec = (M: number[][], v: ArrayLike<number>) => M.map((row) => row.reduce((s, c, j) => s + c * v[j], 0));
const close = (a: number, b: number, scale: number) => Math.abs(a - b) <= 1e-7 * Math.max(1, scale);

describe('time-varying model against the tableau with parameter rates (seeded random networks)', () => {
  it('f, g of the across-through form, p\' of the charge-flux form, conservative and non-conservative laws', () => {
    const coverage = { compared: 0, staticVarying: 0, storageOnly: 0, illPosed: 0, withS: 0, withGamma: 0, withInputDerivative: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100000 }), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed, t, valueSeed) => {
        const family = FAMILIES[seed % FAMILIES.length];
        const net = randomNetwork(seed, family);
        let tvn = modulate(net, seed, true);
        let structure;
        try {
          structure = analyzeStructure(parseSystem(describe_(tvn)));
        } catch (e) {
          if (!(e instanceof SysgraphError)) throw e;
          coverage.illPosed++;
          return;
        }
        let charge;
        try {
          charge = timeVaryingModel(structure, { math });
          coverage.staticVarying++;
        } catch (e) {
          if (!(e instanceof SysgraphError)) throw e;
          if (e.code === 'unsupported') {
            tvn = modulate(net, seed, false);
            structure = analyzeStructure(parseSystem(describe_(tvn)));
            coverage.storageOnly++;
          }
          try {
            charge = timeVaryingModel(structure, { math });
          } catch (e2) {
            if (!(e2 instanceof SysgraphError)) throw e2;
            coverage.illPosed++;
            return;
          }
        }
        const across = timeVaryingModel(structure, { math, form: 'across-through' });
        const nonConservative = timeVaryingModel(structure, { math, form: 'across-through', storageLaw: 'non-conservative' });
        const states = across.physicalStates.map((name) => ({ branch: name.slice(2), variable: name.startsWith('v_') ? ('across' as const) : ('through' as const) }));
        const inputs = [...across.inputs];
        const rng = mulberry32(valueSeed);
        const x = states.map(() => rng.uniform(-2, 2));
        const u = inputs.map(() => rng.uniform(-2, 2));
        const du = inputs.map(() => rng.uniform(-2, 2));
        const xuu = [...x, ...u, ...du];
        for (const [model, conservative] of [[across, true], [nonConservative, false]] as const) {
          const ref = rateTableau(tvn, t, states, inputs, conservative);
          if (!ref.xdotUnique || !ref.consistent) {
            coverage.illPosed++;
            return;
          }
          const f = new Float64Array(states.length);
          model.model.f(t, Float64Array.from(x), Float64Array.from(u), Float64Array.from(du), f);
          const expected = ref.xdot.map((row) => dot(row, xuu));
          const scale = Math.max(...expected.map(Math.abs));
          expected.forEach((e, i) => expect(close(f[i], e, scale), `x'[${i}] at t = ${t}, seed ${seed}: ${f[i]} vs ${e}`).toBe(true));
          const y = new Float64Array(model.outputs.length);
          model.model.g(t, Float64Array.from(x), Float64Array.from(u), Float64Array.from(du), y);
          structure.description.outputs.forEach((o, k) => {
            if (o.kind !== 'branch') return;
            const w = ref.branch(o.element, o.variable);
            if (!w.unique) return;
            const e = dot(w.row, xuu);
            expect(close(y[k], e, Math.max(scale, Math.abs(e))), `${o.name} at t = ${t}, seed ${seed}: ${y[k]} vs ${e}`).toBe(true);
          });
        }
        // Charge-flux form: p = E x − B1 u and p' = E x' + E' x − B1' u − B1 u' (rates by central differences).
        const frozenAt = (tau: number) => formulate(structure, backendAtTime(structure.description.parameters, tau)).descriptor;
        const h = 1e-5;
        const [d0, dp, dm] = [frozenAt(t), frozenAt(t + h), frozenAt(t - h)];
        const p = charge.toState(t, x, u);
        const pRef = matVec(d0.E, x).map((v, i) => v - matVec(d0.B1, u)[i]);
        pRef.forEach((v, i) => expect(close(p[i], v, Math.max(...pRef.map(Math.abs))), 'p = E x − B1 u').toBe(true));
        const xdot = rateTableau(tvn, t, states, inputs, true).xdot.map((row) => dot(row, xuu));
        const dE = dp.E.map((row, i) => row.map((v, j) => (v - dm.E[i][j]) / (2 * h)));
        const dB1 = dp.B1.map((row, i) => row.map((v, j) => (v - dm.B1[i][j]) / (2 * h)));
        const pdotRef = matVec(d0.E, xdot).map((v, i) => v + matVec(dE, x)[i] - matVec(dB1, u)[i] - matVec(d0.B1, du)[i]);
        const pdot = new Float64Array(p.length);
        charge.model.f(t, p, Float64Array.from(u), Float64Array.from(du), pdot);
        const scale = Math.max(1, ...pdotRef.map(Math.abs));
        pdotRef.forEach((v, i) => expect(Math.abs(pdot[i] - v) <= 1e-6 * scale, `p'[${i}] at t = ${t}, seed ${seed}: ${pdot[i]} vs ${v}`).toBe(true));
        coverage.compared++;
        if (structure.partition.groups.S.length > 0) coverage.withS++;
        if (structure.partition.groups.Gamma.length > 0) coverage.withGamma++;
        if (d0.B1.some((row) => row.some((v) => v !== 0))) coverage.withInputDerivative++;
      }),
      { seed: 424242, numRuns: 150 },
    );
    expect(coverage.compared).toBeGreaterThan(100);
    expect(coverage.staticVarying).toBeGreaterThan(60);
    expect(coverage.withS).toBeGreaterThan(10);
    expect(coverage.withGamma).toBeGreaterThan(5);
    expect(coverage.withInputDerivative).toBeGreaterThan(5);
    console.log(coverage);
  });
});
