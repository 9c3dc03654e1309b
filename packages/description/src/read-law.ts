/**
 * readLaw: a one-port's `law` field → Law and the element's incremental generalised value at the origin
 * (MASD section 2.4.2; formulation.md section 12: A-type q = Q(v) or v = V(q), T-type λ = Φ(i) or i = I(λ),
 * D-type v = f(i) or i = g(v)).
 */
import type { OnePortType } from '@sysgraph/core';
import type { ErrorList } from './error-list';
import type { ExpressionParser } from './expression';
import type { Expression, Law, LawForm, LawVariable } from './types';

/** Per element type, the forms a law may take and the variable each is written in. */
export const LAW_FORMS: Readonly<Record<OnePortType, Readonly<Partial<Record<LawForm, LawVariable>>>>> = {
  A: { charge: 'v', across: 'q' },
  T: { flux: 'i', through: 'lambda' },
  D: { across: 'i', through: 'v' },
};

/** The time variable of time-varying laws. */
export const TIME_VARIABLE = 't';

export interface LawSite {
  readonly element: string;
  /** Where the element sits in the input: "elements[3]". */
  readonly path: string;
}

/** The law and the generalised value at the origin, or undefined after recording an error. */
export function readLaw(
  raw: Readonly<Record<string, string>>,
  type: OnePortType,
  parser: ExpressionParser,
  parameters: ReadonlyMap<string, number | null>,
  at: LawSite,
  errors: ErrorList,
): { readonly law: Law; readonly value: Expression } | undefined {
  const [form, text] = Object.entries(raw)[0] as [string, string];
  const site = { element: at.element, field: `law.${form}`, path: `${at.path}.law.${form}` };
  const allowed = LAW_FORMS[type];
  const variable = allowed[form as LawForm];
  const expectedForms = Object.entries(allowed)
    .map(([f, x]) => `"${f}" (an expression of ${x})`)
    .join(' or ');
  if (variable === undefined) {
    errors.add('bad-law', `${at.element}.law: a ${type}-type element has no "${form}" law`, {
      ...site,
      expected: `for a ${type}-type element, ${expectedForms}`,
    });
    return undefined;
  }
  const shadowed = [variable, TIME_VARIABLE].filter((name) => parameters.has(name));
  if (shadowed.length > 0) {
    errors.add('bad-law', `${at.element}.law: the parameter ${shadowed.join(', ')} has the name of a law variable`, {
      ...site,
      elements: shadowed,
      expected: `parameters not named ${variable} or ${TIME_VARIABLE} (the law's variables)`,
    });
    return undefined;
  }
  const declared = new Set([...parameters.keys(), variable, TIME_VARIABLE]);
  let full: Expression;
  try {
    full = parser.parse(text, declared, site);
  } catch (e) {
    errors.addThrown(e);
    return undefined;
  }
  const usesVariable = full.parameters.includes(variable);
  const usesTime = full.parameters.includes(TIME_VARIABLE);
  const law: Law = {
    form: form as LawForm,
    variable,
    expression: { ...full, parameters: full.parameters.filter((p) => p !== variable && p !== TIME_VARIABLE) },
    usesVariable,
    usesTime,
  };
  // The incremental value at the origin: the law's slope at variable = 0, t = 0, in generalised form
  // (charge, flux and across-of-through laws give C, L, R directly; the others give 1/C, 1/L, 1/R).
  let slope: Expression;
  try {
    slope = parser.derivative(full, variable, declared, site);
  } catch (e) {
    errors.addThrown(e);
    return undefined;
  }
  const atOrigin = parser.substitute(slope, new Map([[variable, 0], [TIME_VARIABLE, 0]]));
  const direct = form === 'charge' || form === 'flux' || (type === 'D' && form === 'across');
  return { law, value: direct ? atOrigin : parser.reciprocal(atOrigin) };
}
