/**
 * laplaceVariable: the parameter set extended by the Laplace variable s. The model's rational functions are
 * re-homed onto a new VariableSet (same names, same indices, s appended last), so the caller's set is never
 * mutated and s is the least significant variable of the lexicographic order. When a parameter is already
 * named s, the first free name of p, s_1, s_2, … is used instead and `renamed` says so.
 */
import { SysgraphError } from '@sysgraph/core';
import { RationalFunction, VariableSet } from '@sysgraph/symbolic';

export interface LaplaceVariable {
  /** The parameters followed by the Laplace variable. */
  readonly variables: VariableSet;
  /** The Laplace variable's name ('s' unless a parameter is named s). */
  readonly name: string;
  /** Its index in `variables` (= the number of parameters). */
  readonly index: number;
  /** True when a parameter is named s and another name was chosen. */
  readonly renamed: boolean;
  /** A rational function of the parameters, re-homed onto `variables` (its polynomials are shared). */
  rehome(rf: RationalFunction): RationalFunction;
}

/** The first name of s, p (the Laplace variable of many European texts), s_1, s_2, … that is not a parameter. */
export function laplaceName(parameters: VariableSet): string {
  for (const name of ['s', 'p']) if (!parameters.has(name)) return name;
  for (let k = 1; ; k++) if (!parameters.has(`s_${k}`)) return `s_${k}`;
}

export function laplaceVariable(parameters: VariableSet): LaplaceVariable {
  const names = parameters.toArray();
  const name = laplaceName(parameters);
  const variables = parameters.copy();
  const index = variables.add(name);
  const checked = new WeakSet<VariableSet>([parameters]);
  // Indices 0 … |P|−1 are unchanged, so the packed exponent vectors keep their meaning: only the set differs.
  const rehome = (rf: RationalFunction) => {
    if (!checked.has(rf.variables)) {
      const own = rf.variables.toArray();
      if (own.length > names.length || own.some((n, i) => n !== names[i])) {
        throw new SysgraphError('bad-value', `an entry of the model is over the variables ${rf.variables.format()}, not over ${parameters.format()}`, {
          field: 'variables',
          expected: 'the VariableSet of the symbolic backend that formulated the model',
        });
      }
      checked.add(rf.variables);
    }
    return RationalFunction.fromCoprime(variables, rf.num, rf.den);
  };
  return { variables, name, index, renamed: name !== 's', rehome };
}
