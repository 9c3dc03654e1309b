/**
 * The general formulation on the sparse backend (CSR, the large-network path with its structured shortcuts:
 * diagonal solves, blocks shared instead of copied, VL and IT formed only for the rows asked for) against the
 * dense numeric backend, on the verified cases and on seeded random networks with every branch and node as an
 * output: the same states, inputs and outputs, and A, B, Bd, C, D, E and the descriptor to 1e-10 relative, in
 * both state choices. Where the dense backend refuses, or resolves a singular static network by its
 * pseudo-inverse (D1), the sparse one refuses with a typed error. (The stages themselves, shared by both
 * backends, are checked against the tableau oracle in random-oracle.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { formulate, numericBackend, sparseBackend } from '../src/index';
import type { Dense, StateChoice, StateSpace } from '../src/index';
import type { CsrMatrix } from '@sysgraph/linalg';
import { familyOfSeed, loadFormulationCases, networkToDescription, randomNetwork } from './support/index';
import type { OracleNetwork } from './support/index';
import { relativeError } from './support/engine';

const SEEDS = 300;
const TOL = 1e-10;
const casesDir = fileURLToPath(new URL('../../../examples/cases/', import.meta.url));

function withAllOutputs(net: OracleNetwork) {
  const d = networkToDescription(net);
  const outputs: Record<string, unknown>[] = [];
  for (const b of net.branches) outputs.push({ element: b.id, variable: 'across' }, { element: b.id, variable: 'through' });
  for (const t of net.twoPorts) for (const port of [1, 2]) outputs.push({ element: t.id, port, variable: 'across' }, { element: t.id, port, variable: 'through' });
  net.branches.forEach((b, k) => outputs.push({ node: b.from, reference: b.to, name: `node_${k}` }));
  return { ...d, outputs };
}

type Outcome<M> = { model: StateSpace<M> } | { error: unknown };

function attempt<M>(f: () => StateSpace<M>): Outcome<M> {
  try {
    return { model: f() };
  } catch (error) {
    return { error };
  }
}

/** Compares the two backends on one structure; returns a description of the first disagreement, if any. */
function disagreement(structure: Structure, parameters: ReadonlyMap<string, number | null>, stateChoice: StateChoice): string | undefined {
  const dense = attempt(() => formulate(structure, numericBackend(parameters), { stateChoice }));
  const sb = sparseBackend(parameters);
  const sparse = attempt(() => formulate(structure, sb, { stateChoice }));
  if ('error' in dense) {
    if (!isSysgraphError(dense.error)) throw dense.error;
    if (!('error' in sparse) || !isSysgraphError(sparse.error)) return `dense refused (${dense.error.code}), sparse did not`;
    return undefined;
  }
  const d = dense.model as StateSpace<Dense<number>>;
  if (d.diagnostics.some((x) => x.code === 'D1')) {
    if (!('error' in sparse) || !isSysgraphError(sparse.error) || sparse.error.code !== 'singular-static-network') return 'a singular static network (D1) was not refused by the sparse backend';
    return undefined;
  }
  if ('error' in sparse) return `sparse refused: ${String(sparse.error)}`;
  const s = sparse.model as StateSpace<CsrMatrix>;
  if (JSON.stringify([s.states, s.inputs, s.outputs]) !== JSON.stringify([d.states, d.inputs, d.outputs])) return 'names differ';
  const toDense = (m: CsrMatrix) => sb.algebra.toDense(m);
  const pairs: [string, CsrMatrix, Dense<number>][] = [
    ['A', s.A, d.A], ['B', s.B, d.B], ['Bd', s.Bd, d.Bd], ['C', s.C, d.C], ['D', s.D, d.D], ['E', s.E, d.E],
    ['descriptor.E', s.descriptor.E, d.descriptor.E], ['A0', s.descriptor.A0, d.descriptor.A0],
    ['B0', s.descriptor.B0, d.descriptor.B0], ['B1', s.descriptor.B1, d.descriptor.B1],
  ];
  for (const [name, a, b] of pairs) {
    if (a.rows !== b.length) return `${name}: ${a.rows} rows, dense ${b.length}`;
    const err = relativeError(toDense(a), b);
    if (!(err <= TOL)) return `${name}: relative error ${err}`;
  }
  return undefined;
}

describe('sparse backend = dense backend for the general formulation', () => {
  it('on the verified cases (b1 and b2)', () => {
    const names = loadFormulationCases().map((c) => c.name);
    expect(names.length).toBeGreaterThan(10);
    let compared = 0;
    for (const name of names) {
      const description = parseSystem(JSON.parse(readFileSync(`${casesDir}${name}.json`, 'utf8')));
      let structure: Structure;
      try {
        structure = analyzeStructure(description);
      } catch (e) {
        if (isSysgraphError(e)) continue; // refused before the formulation (e.g. no admissible tree)
        throw e;
      }
      compared++;
      for (const choice of ['b1', 'b2'] as const) expect(disagreement(structure, description.parameters, choice), `${name} (${choice})`).toBeUndefined();
    }
    expect(compared).toBeGreaterThan(10);
  });

  it(`on ${SEEDS} seeded random networks with every branch and node as an output`, { timeout: 300_000 }, () => {
    const failures: string[] = [];
    let compared = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const description = parseSystem(withAllOutputs(randomNetwork(seed, familyOfSeed(seed))));
      let structure: Structure;
      try {
        structure = analyzeStructure(description);
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      const choice: StateChoice = seed % 3 === 0 ? 'b2' : 'b1';
      const why = disagreement(structure, description.parameters, choice);
      if (why) failures.push(`seed ${seed} (${choice}): ${why}`);
      else compared++;
    }
    expect(failures).toEqual([]);
    expect(compared).toBeGreaterThan(SEEDS / 2);
  });
});
