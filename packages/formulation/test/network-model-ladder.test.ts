/**
 * The diode-clamped RC ladder of issue 13 at scale: the network model of 10^4 sections builds (the build cost is
 * printed, not asserted: performance belongs to the benchmarks), and its f and tridiagonal Jacobian equal the
 * hand-written ladder equations (support/diode-ladder.ts).
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';
import { diodeLadder, ladderDerivatives, LADDER } from './support/diode-ladder';
import { mulberry32 } from './support/index';

describe('the diode-clamped RC ladder', () => {
  for (const N of [1000, 10_000]) {
    it(`of ${N} sections: f and the Jacobian equal the hand-written equations`, () => {
      const desc = parseSystem(diodeLadder(N));
      const t0 = performance.now();
      const s = analyzeStructure(desc);
      const t1 = performance.now();
      const { model, stats } = networkModel(s);
      const t2 = performance.now();
      console.log(`diode ladder N = ${N}: structure ${(t1 - t0).toFixed(1)} ms, network model ${(t2 - t1).toFixed(1)} ms (${(((t2 - t1) / N) * 1000).toFixed(2)} µs per law element); stats ${JSON.stringify(stats)}`);
      expect(stats.states).toBe(N);
      expect(stats.newtonBlocks + stats.inverseBlocks).toBe(0);
      // states in the model's order (ids C1, C10, C100, …): map them to sections
      const section = model.stateNames.map((name) => Number(name.slice(3)) - 1);
      const rng = mulberry32(N);
      const v = Float64Array.from({ length: N }, () => 0.7 * rng.next());
      const x = Float64Array.from(section, (k) => v[k]);
      const u = Float64Array.of(5);
      const f = new Float64Array(N);
      model.f(0, x, u, new Float64Array(1), f);
      const ref = new Float64Array(N);
      ladderDerivatives(v, 5, ref);
      let worst = 0;
      section.forEach((k, i) => (worst = Math.max(worst, Math.abs(f[i] - ref[k]) / (Math.abs(ref[k]) + 1e-3 / (LADDER.R * LADDER.C)))));
      expect(worst).toBeLessThan(1e-9);
      const J = model.jacobian(0, x, u, new Float64Array(1));
      expect(J.nnz).toBe(3 * N - 2);
      const { R, C, Is, Vt } = LADDER;
      const row = new Map(section.map((k, i) => [k, i]));
      for (let k = 0; k < N; k += Math.max(1, Math.floor(N / 97))) {
        const i = row.get(k)!;
        const diag = (-(k === N - 1 ? 1 : 2) / R - (Is / Vt) * Math.exp(v[k] / Vt)) / C;
        expect(Math.abs(J.get(i, i) - diag)).toBeLessThan(1e-12 * Math.abs(diag));
        if (k > 0) expect(J.get(i, row.get(k - 1)!)).toBeCloseTo(1 / (R * C), 0);
        if (k < N - 1) expect(Math.abs(J.get(i, row.get(k + 1)!) - 1 / (R * C))).toBeLessThan(1e-3);
      }
      const t3 = performance.now();
      for (let r = 0; r < 10; r++) model.f(0, x, u, new Float64Array(1), f);
      const t4 = performance.now();
      for (let r = 0; r < 10; r++) model.jacobian(0, x, u, new Float64Array(1));
      const t5 = performance.now();
      console.log(`diode ladder N = ${N}: f ${((t4 - t3) / 10).toFixed(3)} ms, Jacobian ${((t5 - t4) / 10).toFixed(3)} ms (means of 10)`);
    }, 120_000);
  }
});
