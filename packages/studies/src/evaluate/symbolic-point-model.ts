/**
 * The symbolic model compiled once per study: for a small model, the formulation is run once on the symbolic
 * backend with the swept parameters kept as symbols (every other parameter substituted exactly), and each entry of
 * A, B, C, D, E, Bd is compiled into a numeric evaluator (compileRational: flat term arrays, no eval). A point then
 * costs the evaluation of those entries — microseconds — instead of a numeric formulation.
 *
 * It is used only when it stands for the numeric model exactly: the model is small (the cost guard of the
 * symbolic backend and the sizes below), every variable of the rational functions is a swept parameter (no atoms
 * such as cos(alpha), whose value the compiled form could not follow), and a point whose entries are not all
 * finite (a singular network at that point) is formulated numerically, so its typed error is the numeric one.
 */
import { isSysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import { formulate, symbolicBackend } from '@sysgraph/formulation';
import type { CompiledRational, RationalFunction } from '@sysgraph/symbolic';
import { compileRational } from '@sysgraph/symbolic';

/** Largest model compiled symbolically (states, branches): beyond it the expanded entries grow too fast. */
export const COMPILED_MAX_STATES = 8;
export const COMPILED_MAX_BRANCHES = 40;

export interface PointMatrices {
  readonly A: number[][];
  readonly B: number[][];
  readonly C: number[][];
  readonly D: number[][];
  /** u' in the outputs. */
  readonly E: number[][];
  readonly Bd: number[][];
}

export interface CompiledPointModel {
  /** The matrices at the swept values (in the order of `names`), or undefined when an entry is not finite. */
  evaluate(values: ArrayLike<number>): PointMatrices | undefined;
}

const MATRICES = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;

export function compileSymbolicPointModel(model: CompiledModel, names: readonly string[]): CompiledPointModel | undefined {
  if (model.family !== 'linear' || names.length === 0) return undefined;
  if (model.stateNames.length > COMPILED_MAX_STATES || model.structure.graph.ids.length > COMPILED_MAX_BRANCHES) return undefined;
  let ss: StateSpace<Dense<RationalFunction>>;
  let variables: ReturnType<typeof symbolicBackend>['variables'];
  try {
    const sym = symbolicBackend(model.description, { keep: names });
    ss = formulate(model.structure, sym.backend, { stateChoice: model.options.stateChoice }) as StateSpace<Dense<RationalFunction>>;
    variables = sym.variables;
  } catch (e) {
    if (isSysgraphError(e)) return undefined; // too costly, or not rational (a coupling coefficient): the numeric route
    throw e;
  }
  // every variable a swept parameter: slot[v] = the index of its name in `names`
  const slot = new Int32Array(variables.size);
  for (let v = 0; v < variables.size; v++) {
    if (variables.atomAt(v) !== undefined) return undefined;
    const k = names.indexOf(variables.nameOf(v));
    if (k < 0) return undefined;
    slot[v] = k;
  }
  const compiled = Object.fromEntries(MATRICES.map((m) => [m, ss[m].map((row) => row.map(compileRational))])) as Record<(typeof MATRICES)[number], CompiledRational[][]>;
  const x = new Float64Array(variables.size);
  return {
    evaluate(values) {
      for (let v = 0; v < x.length; v++) x[v] = values[slot[v]];
      let finite = true;
      const out = Object.fromEntries(MATRICES.map((m) => [m, compiled[m].map((row) => row.map((f) => {
        const y = f(x);
        if (!Number.isFinite(y)) finite = false;
        return y;
      }))])) as unknown as PointMatrices;
      return finite ? out : undefined;
    },
  };
}
