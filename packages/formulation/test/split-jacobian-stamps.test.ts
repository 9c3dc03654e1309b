/**
 * The split Jacobian's stamps cut into checked segments (network-model/slope-stamps.ts, split-jacobian.ts): the same
 * bits (Object.is, entry for entry) as the single stamp loop — the program alone on seeded random stamp programs with
 * planted runs and repeated positions, and the whole Jacobian against an independent re-computation of
 * A_lin + M·diag(g')·P on the diode ladder and on seeded random split networks; the check's verdict (finite or not)
 * against a scan of what was written.
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';
import { lawSplit } from '../src/network-model/law-split';
import { networkPlan } from '../src/network-model/network-plan';
import { slopeStamps, stampChecked } from '../src/network-model/slope-stamps';
import { SplitJacobian } from '../src/network-model/split-jacobian';
import { SplitResidual } from '../src/network-model/split-residual';
import { diodeLadder } from './support/diode-ladder';
import { splitNetwork } from './support/network-split-random';
import { mulberry32 } from './support/index';
import { referenceSplitJacobian } from './support/split-jacobian-reference';

const structureOf = (json: Record<string, unknown>) => analyzeStructure(parseSystem(json));

function sameBits(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/** A random stamp program of `count` stamps into `size` values over `laws` slopes, with runs planted in it. */
function randomProgram(seed: number, count: number, size: number, laws: number) {
  const rng = mulberry32(seed);
  const pos = new Int32Array(count);
  const entry = new Int32Array(count);
  const coef = new Float64Array(count);
  const shared = [1.5, -0.25, 0, -0];
  let s = 0;
  while (s < count) {
    const length = Math.min(count - s, 1 + Math.floor(rng.next() * 40));
    const run = rng.next() < 0.5;
    const first = Math.floor(rng.next() * laws);
    const c = shared[Math.floor(rng.next() * shared.length)];
    for (let k = 0; k < length; k++, s++) {
      // positions repeat (several stamps into one entry), entries run on (a run's own shape) or jump
      pos[s] = Math.floor(rng.next() * size);
      entry[s] = run ? (first + k) % laws : Math.floor(rng.next() * laws);
      coef[s] = run ? c : rng.next() < 0.2 ? shared[Math.floor(rng.next() * 4)] : 4 * rng.next() - 2;
    }
  }
  return { pos, entry, coef };
}

describe('checked slope stamps', () => {
  it('cut a program into runs of one coefficient and consecutive entries, and lists between them', () => {
    const entry = Int32Array.from({ length: 40 }, (_, s) => (s < 20 ? s + 3 : 100 - s));
    const coef = new Float64Array(40).fill(2);
    const st = slopeStamps(entry, coef);
    expect(Array.from(st.start)).toEqual([0, 20, 40]);
    expect(Array.from(st.run)).toEqual([1, 0]);
    expect(st.offset[0]).toBe(3);
    // a −0 coefficient is not the same bits as 0: the run breaks there
    const split = new Float64Array(40).fill(0);
    split[20] = -0;
    const entries = Int32Array.from({ length: 40 }, (_, s) => s);
    expect(Array.from(slopeStamps(entries, split).start)).toEqual([0, 20, 21, 40]);
    expect(Array.from(slopeStamps(entries, split).run)).toEqual([1, 0, 1]);
  });

  it('write the single loop’s bits on seeded random programs, and say whether every value written is finite', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const size = 50 + seed;
      const laws = 30 + 2 * seed;
      const { pos, entry, coef } = randomProgram(seed, 400 + 10 * seed, size, laws);
      const rng = mulberry32(1000 + seed);
      const slope = Float64Array.from({ length: laws }, () => (rng.next() < 0.3 ? 0 : 10 ** (8 * rng.next() - 4) * (rng.next() - 0.5)));
      // a few seeds with a slope that is not finite, or one so large that a sum overflows
      const bad = seed % 5 === 0 ? Infinity : seed % 5 === 1 ? NaN : seed % 5 === 2 ? 1e308 : undefined;
      if (bad !== undefined) slope[entry[Math.floor(rng.next() * entry.length)]] = bad;
      const base = Float64Array.from({ length: size }, () => rng.next() - 0.5);
      const single = base.slice();
      for (let s = 0; s < pos.length; s++) single[pos[s]] += coef[s] * slope[entry[s]];
      const checked = base.slice();
      const ok = stampChecked(slopeStamps(entry, coef), checked, pos, entry, coef, slope);
      const finite = single.every((v) => Number.isFinite(v));
      const partial = Array.from(new Set(pos)).some((p) => !Number.isFinite(single[p]));
      expect(ok).toBe(finite && !partial);
      if (ok) expect(sameBits(checked, single)).toBe(true);
      if (seed % 5 === 3) expect(ok).toBe(true);
    }
  });
});

describe('the split Jacobian with checked stamps', () => {
  it('diode ladder of 2000 sections: the reference’s bits, finite, over points with most diodes at 0 V', () => {
    const s = structureOf(diodeLadder(2000));
    const split = lawSplit(networkPlan(s)).split!;
    const jac = new SplitJacobian(new SplitResidual(split));
    const independent = new SplitResidual(split);
    const rng = mulberry32(11);
    const u = Float64Array.of(2.5);
    for (let trial = 0; trial < 6; trial++) {
      const x = new Float64Array(split.n);
      const active = 50 * (trial + 1);
      for (let i = 0; i < active; i++) x[Math.floor(rng.next() * split.n)] = 0.7 * rng.next();
      const J = jac.fill(trial * 1e-7, x, u);
      expect(jac.finite).toBe(true);
      independent.slopes(trial * 1e-7, x, u);
      expect(sameBits(J.values, referenceSplitJacobian(split, J, independent.slope))).toBe(true);
    }
    // a slope that overflows (exp of 200 V / Vt): the stamps see it and the checked path names the diode
    const x = new Float64Array(split.n);
    x[5] = 200;
    expect(() => jac.fill(0, x, u)).toThrow(/not differentiable/);
    expect(jac.finite).toBe(false);
  });

  it('seeded random split networks: the reference’s bits, and finite only where every entry is', () => {
    let checked = 0;
    let known = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = structureOf(splitNetwork(seed, 18 + 6 * (seed % 5)).json);
      const split = lawSplit(networkPlan(s)).split;
      if (!split) continue;
      const jac = new SplitJacobian(new SplitResidual(split));
      const independent = new SplitResidual(split);
      const rng = mulberry32(500 + seed);
      for (let trial = 0; trial < 3; trial++) {
        const x = Float64Array.from({ length: split.n }, () => (rng.next() < 0.3 ? 0 : 4 * rng.next() - 2));
        const u = Float64Array.from({ length: split.m }, () => 2 * rng.next() - 1);
        const t = trial * 0.3;
        const J = jac.fill(t, x, u);
        independent.slopes(t, x, u);
        expect(sameBits(J.values, referenceSplitJacobian(split, J, independent.slope))).toBe(true);
        if (jac.finite) {
          expect(J.values.every((v) => Number.isFinite(v))).toBe(true);
          known++;
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
    // networks whose every law reads a state are checked (a law of inputs alone has no stamp: not known)
    expect(known).toBeGreaterThanOrEqual(10);
  });

  it('the network model reports the check (jacobianFinite) on the split path, never on the general one', () => {
    const s = structureOf(diodeLadder(20));
    const u = Float64Array.of(1);
    const du = new Float64Array(1);
    const x = new Float64Array(20).fill(0.3);
    const split = networkModel(s).model;
    split.jacobian(0, x, u, du);
    expect(split.jacobianFinite()).toBe(true);
    const general = networkModel(s, { split: false }).model;
    general.jacobian(0, x, u, du);
    expect(general.jacobianFinite()).toBe(false);
  });
});
