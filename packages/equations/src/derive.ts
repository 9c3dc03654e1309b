/**
 * deriveModel: an equation set's model — the linear derivation (derive-linear.ts) when every equation is linear in
 * the variables with coefficients rational in the parameters (linear-rows.ts), else the nonlinear one
 * (derive-nonlinear.ts). readEquationFile: text or JSON to the model in one call.
 */
import { readEquationJson } from './read-equation-json';
import { readEquationText } from './read-equation-text';
import { readEquations } from './read-equations';
import type { ReadEquationsOptions } from './read-equations';
import { deriveLinear } from './derive-linear';
import { deriveNonlinear } from './derive-nonlinear';
import { linearRows } from './linear-rows';
import type { EquationModel } from './equation-model';
import type { EquationSet } from './types';

export function deriveModel(set: EquationSet): EquationModel {
  const lin = linearRows(set);
  if ('nonlinear' in lin) return deriveNonlinear(set, { equation: lin.nonlinear, reason: lin.why });
  return deriveLinear(set, lin);
}

/** Text (the sectioned format; or JSON when it starts with `{`) or a parsed JSON object → EquationSet. */
export function parseEquationSet(input: string | object, options: ReadEquationsOptions = {}): EquationSet {
  const raw = typeof input === 'string' && !/^\s*\{/.test(input) ? readEquationText(input, options.name) : readEquationJson(input, options.name);
  return readEquations(raw, options);
}
