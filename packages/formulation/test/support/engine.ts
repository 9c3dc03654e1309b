/** Runs the engine on a user description (test helper): parse → structure → numeric formulation. */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { formulate, numericBackend } from '../../src/index';
import type { FormulateOptions, StateSpace, Dense } from '../../src/index';

export interface EngineRun {
  readonly structure: Structure;
  readonly model: StateSpace<Dense<number>>;
}

export function runEngine(description: unknown, opts: FormulateOptions = {}): EngineRun {
  const desc = parseSystem(description);
  const structure = analyzeStructure(desc);
  const model = formulate(structure, numericBackend(desc.parameters), opts);
  return { structure, model };
}

/** Largest |a − b| relative to max(1, max|b|). */
export function relativeError(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number {
  let scale = 1;
  let err = 0;
  for (const row of b) for (const x of row) scale = Math.max(scale, Math.abs(x));
  if (a.length !== b.length) return Infinity;
  for (let i = 0; i < a.length; i++) {
    if (a[i].length !== b[i].length) return Infinity;
    for (let j = 0; j < a[i].length; j++) err = Math.max(err, Math.abs(a[i][j] - b[i][j]));
  }
  return err / scale;
}

/** Rows and columns of a square-ish block permuted: out[i][j] = m[rowPerm[i]][colPerm[j]]. */
export function permute(m: readonly (readonly number[])[], rowPerm: readonly number[], colPerm: readonly number[]): number[][] {
  return rowPerm.map((r) => colPerm.map((c) => m[r][c]));
}
