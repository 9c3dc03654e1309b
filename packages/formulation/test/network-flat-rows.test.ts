/**
 * The flat programs of the residual (flat-rows.ts) against the loop matrix F itself: for every branch of seeded
 * random networks, σ(link) = −Σ_t F[l,t] prim[t] and σ(tree) = Σ_l F[l,t] prim[l], summed here straight from F's
 * CSR rows and columns in F's own order — bit for bit, as the evaluator's sec(k) — at random primary values.
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { flatRows, gatherRows } from '../src/network-model/flat-rows';
import { networkPlan } from '../src/network-model/network-plan';
import { networkWithLaws } from './support/network-random-laws';
import { mulberry32 } from './support/index';

describe('flat programs of the secondary values', () => {
  it('equal the KVL and KCL sums of F on random networks, bit for bit', () => {
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      let s;
      let plan;
      try {
        s = analyzeStructure(parseSystem(networkWithLaws(seed, 60).json));
        plan = networkPlan(s);
      } catch {
        continue;
      }
      const rng = mulberry32(seed);
      const B = plan.B;
      const prim = Float64Array.from({ length: B }, () => rng.next() * 2 - 1);
      // a random order of the branches, as the evaluator's own orders (states, batches) are
      const order = Int32Array.from({ length: B }, (_, k) => k);
      for (let i = B - 1; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const out = new Float64Array(B);
      gatherRows(flatRows(plan, order), prim, out);
      const { F, treeOrder, linkOrder } = s.loop;
      const expected = new Float64Array(B);
      for (let r = 0; r < F.rows; r++) {
        const l = linkOrder.branches[r];
        for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) {
          const t = treeOrder.branches[F.colIdx[q]];
          expected[l] += -F.values[q] * prim[t];
          expected[t] += F.values[q] * prim[l];
        }
      }
      for (let i = 0; i < B; i++) expect(Object.is(out[i], expected[order[i]]) || out[i] === expected[order[i]]).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
