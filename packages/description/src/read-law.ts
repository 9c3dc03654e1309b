/**
 * readLaw: a one-port's `law` field → Law and the element's incremental generalised value at the origin
 * (MASD section 2.4.2; formulation.md section 12: A-type q = Q(v) or v = V(q), T-type λ = Φ(i) or i = I(λ),
 * D-type v = f(i) or i = g(v)). A parametric law (`{ "parametric": … }`) is read by read-parametric-law.ts.
 */
import type { OnePortType } from '@sysgraph/core';
import type { ErrorList } from './error-list';
import type { DeclaredParameters, ExpressionParser } from './expression';
import type { RawLaw, RawParametricLaw } from './raw-input';
import { readParametricLaw } from './read-parametric-law';
import { TIME_VARIABLE } from './time-variable';
import { nowhereFinite } from './nowhere-finite';
import type { ExplicitLaw, Expression, Law, LawForm, LawVariable } from './types';

/** Per element type, the forms a law may take and the variable each is written in. */
export const LAW_FORMS: Readonly<Record<OnePortType, Readonly<Partial<Record<LawForm, LawVariable>>>>> = {
  A: { charge: 'v', across: 'q' },
  T: { flux: 'i', through: 'lambda' },
  D: { across: 'i', through: 'v' },
};

export interface LawSite {
  readonly element: string;
  /** Where the element sits in the input: "elements[3]". */
  readonly path: string;
}

/**
 * The declared names of a law's expression: the parameters plus its own variable, one set per variable and
 * description (so that the expression cache, keyed by this set, serves every element with the same law text).
 */
export type LawScopes = (variable: string) => DeclaredParameters;

export function lawScopes(parameters: ReadonlyMap<string, number | null>): LawScopes {
  const scopes = new Map<string, ReadonlySet<string>>();
  return (variable) => {
    let s = scopes.get(variable);
    if (s === undefined) scopes.set(variable, (s = new Set([...parameters.keys(), variable])));
    return s;
  };
}

/** The law and the generalised value at the origin, or undefined after recording an error. */
export function readLaw(
  raw: RawLaw,
  type: OnePortType,
  parser: ExpressionParser,
  parameters: ReadonlyMap<string, number | null>,
  at: LawSite,
  errors: ErrorList,
  scopes: LawScopes = lawScopes(parameters),
): { readonly law: Law; readonly value: Expression } | undefined {
  if ('parametric' in raw && typeof raw.parametric === 'object') {
    return readParametricLaw(raw.parametric as RawParametricLaw, type, parser, parameters, at, errors, scopes);
  }
  const [form, text] = Object.entries(raw)[0] as [string, string];
  const site = { element: at.element, field: `law.${form}`, path: `${at.path}.law.${form}` };
  const allowed = LAW_FORMS[type];
  const variable = allowed[form as LawForm];
  if (variable === undefined) {
    const expectedForms = Object.entries(allowed)
      .map(([f, x]) => `"${f}" (an expression of ${x})`)
      .join(' or ');
    errors.add('bad-law', `${at.element}.law: a ${type}-type element has no "${form}" law`, {
      ...site,
      expected: `for a ${type}-type element, ${expectedForms}, or "parametric"`,
    });
    return undefined;
  }
  if (parameters.has(variable)) {
    errors.add('bad-law', `${at.element}.law: the parameter ${variable} has the name of the law's variable`, {
      ...site,
      elements: [variable],
      expected: `parameters not named ${variable} or ${TIME_VARIABLE} (the law's variables)`,
    });
    return undefined;
  }
  const declared = scopes(variable);
  let full: Expression;
  try {
    full = parser.parse(text, declared, site);
  } catch (e) {
    errors.addThrown(e);
    return undefined;
  }
  if (nowhereFinite(full, variable, [0, 1, -1], parameters)) {
    errors.add('bad-law', `${at.element}.law.${form}: "${text}" is not a finite number at ${variable} = 0, 1 or −1 (t = 0)`, {
      ...site,
      expected: `a law finite somewhere: an expression of ${variable} with a finite value`,
    });
    return undefined;
  }
  const usesVariable = full.parameters.includes(variable);
  const law: ExplicitLaw = {
    kind: 'explicit',
    form: form as LawForm,
    variable,
    expression: usesVariable ? { ...full, parameters: full.parameters.filter((p) => p !== variable) } : full,
    usesVariable,
    usesTime: full.dependsOnTime,
  };
  // The incremental value at the origin: the law's slope at variable = 0, t = 0, in generalised form
  // (charge, flux and across-of-through laws give C, L, R directly; the others give 1/C, 1/L, 1/R).
  // Differentiated on first use (mathjs's derivative with simplification costs milliseconds to a second): the
  // nonlinear models compile the law itself and never read it; the linear and symbolic stages do.
  const direct = form === 'charge' || form === 'flux' || (type === 'D' && form === 'across');
  const value = lazyExpression(() => {
    const slope = parser.derivative(full, variable, declared, site);
    const atOrigin = parser.substitute(slope, new Map([[variable, 0], [TIME_VARIABLE, 0]]));
    return direct ? atOrigin : parser.reciprocal(atOrigin);
  });
  return { law, value };
}

/**
 * An Expression computed on first read of any of its fields (then kept). A failure (a typed 'bad-value' of the
 * derivative) is thrown at that read, every time.
 */
export function lazyExpression(compute: () => Expression): Expression {
  let known: Expression | undefined;
  const get = (): Expression => (known ??= compute());
  return {
    get text() {
      return get().text;
    },
    get node() {
      return get().node;
    },
    get parameters() {
      return get().parameters;
    },
    get dependsOnTime() {
      return get().dependsOnTime;
    },
  } as Expression;
}
