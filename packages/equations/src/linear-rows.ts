/**
 * linearRows: each equation `lhs = rhs` as the row of its residual lhs − rhs = Σ_s c_s·s over the system's symbols
 * s (states x, inputs u, their derivatives, the variables v and their derivatives), each coefficient c_s an exact
 * rational function of the parameters (@sysgraph/symbolic). An equation is linear when c_s = ∂(lhs − rhs)/∂s is
 * free of every system symbol and the residual has no term without one (lhs − rhs − Σ c_s·s = 0). Otherwise — a
 * function (sin, sqrt), a product or power of symbols, a constant term, the time t — the set is nonlinear and the
 * first such equation is returned.
 */
import { isSysgraphError } from '@sysgraph/core';
import { RationalFunction, VariableSet, fromMathNode, rationalFunctionField } from '@sysgraph/symbolic';
import type { RationalFunctionField } from '@sysgraph/symbolic';
import { derivativeName } from './derivative-name';
import type { Equation, EquationSet } from './types';

export interface LinearRows {
  readonly field: RationalFunctionField;
  /** Parameters first (indices below `parameterCount`), then the system's symbols. */
  readonly variables: VariableSet;
  readonly parameterCount: number;
  /** Per equation (EquationSet order): symbol → coefficient in lhs − rhs; absent symbols have coefficient 0. */
  readonly rows: readonly ReadonlyMap<string, RationalFunction>[];
}

export interface NotLinear {
  readonly nonlinear: Equation;
  readonly why: string;
}

/** The left side's symbol: x' for a state equation, the variable for the others. */
export const lhsSymbol = (eq: Equation): string => (eq.section === 'states' ? derivativeName(eq.defines) : eq.defines);

export function linearRows(set: EquationSet): LinearRows | NotLinear {
  const params = [...set.parameters.keys()];
  const system: string[] = [];
  for (const name of [...set.states, ...set.inputs, ...set.variables]) system.push(name, derivativeName(name));
  const variables = VariableSet.of([...params, ...system]);
  const field = rationalFunctionField(variables);
  const isParameter = new Set(params.map((p) => variables.indexOf(p)));
  const rows: Map<string, RationalFunction>[] = [];
  for (const eq of set.equations) {
    if (eq.rhs.dependsOnTime) return { nonlinear: eq, why: 'it uses the time t' };
    let rhs: RationalFunction;
    try {
      rhs = fromMathNode(eq.rhs.node, variables, { addVariables: false, gcd: field.gcdOptions });
    } catch (e) {
      if (!isSysgraphError(e)) throw e;
      return { nonlinear: eq, why: 'it is not a rational expression (a function, or a power that is not an integer)' };
    }
    const lhs = lhsSymbol(eq);
    const residual = field.sub(RationalFunction.variable(variables, lhs), rhs);
    const row = new Map<string, RationalFunction>();
    let rest = residual;
    for (const s of new Set([lhs, ...eq.rhs.parameters])) {
      if (isParameter.has(variables.indexOf(s))) continue;
      const c = residual.derivative(s, field.gcdOptions);
      if (c.usedVariableIndices().some((k) => !isParameter.has(k))) return { nonlinear: eq, why: `it is not linear in ${s.replace(/__dt$/, "'")}` };
      if (c.isZero()) continue;
      row.set(s, c);
      rest = field.sub(rest, field.mul(c, RationalFunction.variable(variables, s)));
    }
    if (!rest.isZero()) return { nonlinear: eq, why: 'it has a term without any variable (a constant: make it an input)' };
    rows.push(row);
  }
  return { field, variables, parameterCount: params.length, rows };
}
