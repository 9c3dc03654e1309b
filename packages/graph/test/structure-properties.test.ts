import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSystem } from '@sysgraph/description';
import { isSysgraphError } from '@sysgraph/core';
import { analyzeStructure, buildLinearGraph, incidenceMatrix, signedToDense, UnionFind } from '../src/index';
import type { Structure } from '../src/index';
import { randomSystem, shuffled } from './support/random-graph';
import { enumerateNormalTree } from './support/enumerate-trees';

/** Structure of a random system, or undefined when the system is rejected with a typed error (D0, D0', D0''). */
function structureOf(system: Record<string, unknown>): Structure | undefined {
  try {
    return analyzeStructure(parseSystem(system));
  } catch (e) {
    if (isSysgraphError(e)) return undefined;
    throw e;
  }
}

const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const params = { seed: 20261122, numRuns: 400 };

describe('normal tree invariants on seeded random graphs', () => {
  it('has N − c branches, is acyclic and spans every component', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const s = structureOf(randomSystem(seed));
        if (!s) return;
        const lg = s.graph;
        const tree = [...s.loop.treeOrder.branches];
        expect(tree.length).toBe(lg.nodeNames.length - lg.componentCount);
        const uf = new UnionFind(lg.nodeNames.length);
        for (const t of tree) expect(uf.union(lg.from[t], lg.to[t])).toBe(true); // acyclic
        for (let n = 0; n < lg.nodeNames.length; n++) {
          expect(uf.find(n)).toBe(uf.find(lg.groundOf[lg.component[n]])); // spanning
        }
      }),
      params,
    );
  });

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(seeds, seeds, (seed, order) => {
        const sys = randomSystem(seed);
        const a = structureOf(sys);
        const b = structureOf(shuffled(sys, order));
        if (!a || !b) {
          expect(a).toBe(b);
          return;
        }
        const ids = (s: Structure, list: Int32Array) => [...list].map((k) => s.graph.branches[k].id);
        expect(ids(b, b.loop.treeOrder.branches)).toEqual(ids(a, a.loop.treeOrder.branches));
        expect(ids(b, b.loop.linkOrder.branches)).toEqual(ids(a, a.loop.linkOrder.branches));
        expect(signedToDense(b.loop.F)).toEqual(signedToDense(a.loop.F));
      }),
      params,
    );
  });

  it('has the true number of states: the same as the exhaustive enumeration of two-port placements', () => {
    let compared = 0;
    fc.assert(
      fc.property(seeds, (seed) => {
        const system = randomSystem(seed, { twoPorts: [1, 6] });
        const lg = (() => {
          try {
            return buildLinearGraph(parseSystem(system));
          } catch {
            return undefined;
          }
        })();
        if (!lg) return;
        const s = structureOf(system);
        const oracle = enumerateNormalTree(lg);
        if (!s) {
          // Rejected: either D0/D0' (the oracle knows nothing of those) or no admissible placement.
          return;
        }
        expect(oracle).toBeDefined();
        compared++;
        expect(s.tree.stateCount).toBe(oracle!.states);
      }),
      { seed: 7, numRuns: 1500 },
    );
    expect(compared).toBeGreaterThan(500);
  });
});

describe('the loop matrix closes Kirchhoff\'s laws', () => {
  it('v_link = −F v_tree for any node potentials', () => {
    fc.assert(
      fc.property(seeds, fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 12, maxLength: 12 }), (seed, phi) => {
        const s = structureOf(randomSystem(seed));
        if (!s) return;
        const lg = s.graph;
        const v = (k: number) => phi[lg.from[k]] - phi[lg.to[k]];
        const F = s.loop.F;
        for (let r = 0; r < F.rows; r++) {
          let sum = 0;
          for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) sum += F.values[p] * v(s.loop.treeOrder.branches[F.colIdx[p]]);
          expect(v(s.loop.linkOrder.branches[r]) + sum).toBeCloseTo(0, 10);
        }
      }),
      params,
    );
  });

  it('i_tree = Fᵀ i_link satisfies KCL at every node for any link currents', () => {
    fc.assert(
      fc.property(seeds, fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 40, maxLength: 40 }), (seed, iLinks) => {
        const s = structureOf(randomSystem(seed));
        if (!s) return;
        const lg = s.graph;
        const F = s.loop.F;
        const current = new Float64Array(lg.branches.length);
        for (let r = 0; r < F.rows; r++) {
          const il = iLinks[r % iLinks.length];
          current[s.loop.linkOrder.branches[r]] = il;
          for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) current[s.loop.treeOrder.branches[F.colIdx[p]]] += F.values[p] * il;
        }
        const A = signedToDense(incidenceMatrix(lg));
        for (const row of A) expect(row.reduce((acc, a, k) => acc + a * current[k], 0)).toBeCloseTo(0, 10);
      }),
      params,
    );
  });
});
