/** Exact trees, links, states and loop matrices of the textbook examples, derived by hand. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, signedToDense } from '../src/index';
import type { Structure } from '../src/index';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const structure = (name: string) => analyzeStructure(parseSystem(readFileSync(`${dir}${name}.json`, 'utf8')));
const ids = (s: Structure, list: Int32Array) => [...list].map((k) => s.graph.branches[k].id);
const entry = (s: Structure, link: string, tree: string) =>
  signedToDense(s.loop.F)[ids(s, s.loop.linkOrder.branches).indexOf(link)][ids(s, s.loop.treeOrder.branches).indexOf(tree)];

const expected: Record<string, { tree: string[]; links: string[]; states: string[] }> = {
  'rlc-series': { tree: ['Vs', 'C1', 'R1'], links: ['L1'], states: ['v_C1', 'i_L1'] },
  'engineer-in-a-box-rlc': { tree: ['Vs', 'C1', 'R1'], links: ['L1'], states: ['v_C1', 'i_L1'] },
  'mass-spring-damper': { tree: ['mass'], links: ['damper', 'spring', 'F'], states: ['v_mass', 'i_spring'] },
  'two-mass': { tree: ['mass1', 'mass2'], links: ['damper2', 'coupling', 'spring2', 'F'], states: ['v_mass1', 'v_mass2', 'i_coupling', 'i_spring2'] },
  // Cellier's algebraic loop: R2 and R3 close a resistive loop with R1 and the source; L sits across U0.
  'cellier-algebraic-loop': { tree: ['U0', 'R1'], links: ['R2', 'R3', 'L'], states: ['i_L'] },
};

describe('textbook examples: trees, links and states', () => {
  for (const [name, e] of Object.entries(expected)) {
    it(name, () => {
      const s = structure(name);
      expect(new Set(ids(s, s.loop.treeOrder.branches))).toEqual(new Set(e.tree));
      expect(new Set(ids(s, s.loop.linkOrder.branches))).toEqual(new Set(e.links));
      expect(s.partition.states.map((x) => x.name).sort()).toEqual([...e.states].sort());
    });
  }

  it('series RLC: the loop of L1 runs along C1 and R1 and against the source', () => {
    const s = structure('rlc-series');
    // L1 (b → c), back c → g along C1 (c → g), g → a against Vs (a → g), a → b along R1 (a → b).
    expect(entry(s, 'L1', 'C1')).toBe(1);
    expect(entry(s, 'L1', 'Vs')).toBe(-1);
    expect(entry(s, 'L1', 'R1')).toBe(1);
  });

  it('mass–spring–damper: every link is in parallel with the mass', () => {
    const s = structure('mass-spring-damper');
    expect(entry(s, 'spring', 'mass')).toBe(-1); // spring v → g, mass v → g: same orientation
    expect(entry(s, 'damper', 'mass')).toBe(-1);
    expect(entry(s, 'F', 'mass')).toBe(1); // the force source is drawn g → v, against the mass
  });

  it('the Cellier gear: the gear port displaces the load mass (structural singularity)', () => {
    const s = structure('cellier-gear');
    const d4 = s.partition.diagnostics.filter((d) => d.code === 'D4');
    expect(d4.length).toBeGreaterThan(0);
    expect(s.partition.states.length).toBe(4);
  });
});
