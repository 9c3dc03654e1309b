/**
 * Test helper: an example or a raw description through parse → structure → formulate, on the symbolic backend
 * (exact rational functions) and on the numeric backend at chosen parameter values.
 * The description and graph stages are imported from their sources: they are not dependencies of analysis.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formulate, numericBackend, symbolicBackend } from '@sysgraph/formulation';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import type { RationalFunction, VariableSet } from '@sysgraph/symbolic';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';

export const EXAMPLES = ['rlc-series', 'motor-pump', 'cellier-gear', 'mass-spring-damper'] as const;

export function example(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../examples/${name}.json`, import.meta.url)), 'utf8'));
}

export interface SymbolicRun {
  readonly description: SystemDescription;
  readonly structure: Structure;
  readonly model: StateSpace<Dense<RationalFunction>>;
  readonly variables: VariableSet;
}

export function symbolicRun(raw: unknown): SymbolicRun {
  const description = parseSystem(raw);
  const structure = analyzeStructure(description);
  const sym = symbolicBackend(description);
  return { description, structure, model: formulate(structure, sym.backend), variables: sym.variables };
}

/** The numeric model of the same structure at the given parameter values. */
export function numericAt(run: SymbolicRun, values: ReadonlyMap<string, number>): StateSpace<Dense<number>> {
  return formulate(run.structure, numericBackend(values));
}

/** The description's own parameter values. */
export function ownValues(run: SymbolicRun): Map<string, number> {
  return new Map([...run.description.parameters].map(([k, v]) => [k, v ?? Number.NaN]));
}
