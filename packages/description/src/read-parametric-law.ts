/**
 * readParametricLaw: a law given as a parametric curve (w(ξ), z(ξ)), ξ in [a, b] (MASD eq. 40; formulation.md
 * section 12, "Parametric relations") → ParametricLaw and the incremental value dz/dw = z'(ξ0)/w'(ξ0), at ξ0 = 0
 * when the curve passes through the origin there (0 in [a, b] and w(0) = 0 identically at t = 0), else at the
 * midpoint (a + b)/2. Every error is 'bad-law' naming the element and the field `law.parametric.<key>`.
 */
import type { OnePortType } from '@sysgraph/core';
import { SysgraphError } from '@sysgraph/core';
import type { ErrorList } from './error-list';
import { evaluateExpression } from './evaluate-expression';
import type { ExpressionParser } from './expression';
import type { RawParametricLaw } from './raw-input';
import type { LawScopes, LawSite } from './read-law';
import { isPlainSymbol } from './read-parameters';
import { TIME_VARIABLE } from './time-variable';
import { nowhereFinite } from './nowhere-finite';
import type { Expression, LawForm, ParametricCoordinate, ParametricLaw } from './types';

/** Per element type, the two coordinates [w, z] of a parametric law, with dz/dw the generalised value. */
export const PARAMETRIC_COORDINATES: Readonly<Record<OnePortType, readonly [LawForm, LawForm]>> = {
  A: ['across', 'charge'], // C = dq/dv
  T: ['through', 'flux'], // L = dλ/di
  D: ['through', 'across'], // R = dv/di
};

/** The curve parameter when `parameter` is not given. */
export const DEFAULT_CURVE_PARAMETER = 's';

const COORDINATE_KEYS: readonly LawForm[] = ['across', 'through', 'charge', 'flux'];

export function readParametricLaw(
  raw: RawParametricLaw,
  type: OnePortType,
  parser: ExpressionParser,
  parameters: ReadonlyMap<string, number | null>,
  at: LawSite,
  errors: ErrorList,
  scopes: LawScopes,
): { readonly law: ParametricLaw; readonly value: Expression } | undefined {
  const pair = PARAMETRIC_COORDINATES[type];
  const expectedKeys = `for a ${type}-type element, "${pair[0]}" and "${pair[1]}" (expressions of the curve parameter), "interval": [a, b] with a < b, and optionally "parameter"`;
  const fail = (key: string, message: string, elements?: readonly string[]): undefined => {
    errors.add('bad-law', `${at.element}.law.parametric${key === '' ? '' : `.${key}`}: ${message}`, {
      element: at.element,
      field: key === '' ? 'law.parametric' : `law.parametric.${key}`,
      path: `${at.path}.law.parametric${key === '' ? '' : `.${key}`}`,
      expected: expectedKeys,
      ...(elements !== undefined ? { elements } : {}),
    });
    return undefined;
  };
  const before = errors.size;

  for (const key of COORDINATE_KEYS) {
    if (raw[key] !== undefined && !pair.includes(key)) fail(key, `a ${type}-type element's curve has no "${key}" coordinate`);
  }
  for (const key of pair) if (typeof raw[key] !== 'string') fail(key, `the "${key}" coordinate is missing`);

  const interval = raw.interval;
  if (interval === undefined) fail('interval', 'the interval of the curve parameter is missing');
  else if (!Array.isArray(interval) || interval.length !== 2 || !interval.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    fail('interval', 'the interval is not two finite numbers');
  } else if (!(interval[0] < interval[1])) fail('interval', `the interval [${interval[0]}, ${interval[1]}] does not have a < b`);

  const parameter = raw.parameter ?? DEFAULT_CURVE_PARAMETER;
  if (parameter === TIME_VARIABLE || parameters.has(parameter)) {
    fail('parameter', `the curve parameter "${parameter}" shadows ${parameter === TIME_VARIABLE ? 'the time t' : 'a declared parameter'}`, [parameter]);
  } else if (!isPlainSymbol(parameter, parser)) {
    fail('parameter', `"${parameter}" is not a usable name`, [parameter]);
  }
  if (errors.size > before) return undefined;

  const declared = scopes(parameter);
  const [a, b] = interval as readonly [number, number];
  const coordinates: ParametricCoordinate[] = [];
  const full: Expression[] = [];
  for (const key of pair) {
    const site = { element: at.element, field: `law.parametric.${key}`, path: `${at.path}.law.parametric.${key}` };
    try {
      const e = parser.parse(raw[key] as string, declared, site);
      if (nowhereFinite(e, parameter, [a, (a + b) / 2, b], parameters)) {
        fail(key, `"${String(raw[key])}" is not a finite number anywhere on the interval [${a}, ${b}] (t = 0)`);
        continue;
      }
      full.push(e);
      coordinates.push({ quantity: key, expression: { ...e, parameters: e.parameters.filter((p) => p !== parameter) } });
    } catch (e) {
      if (!(e instanceof SysgraphError)) throw e;
      fail(key, e.message, e.elements);
    }
  }
  if (coordinates.length < 2) return undefined;

  // ξ0: 0 on a curve through the origin, else the midpoint.
  const valueAt = a <= 0 && 0 <= b && vanishesAt(parser.substitute(full[0], new Map([[parameter, 0], [TIME_VARIABLE, 0]]))) ? 0 : (a + b) / 2;
  // dz/dw = z'(ξ0) / w'(ξ0), at t = 0.
  let slopes: Expression[];
  try {
    slopes = full.map((e, k) => parser.derivative(e, parameter, declared, { element: at.element, field: `law.parametric.${pair[k]}` }));
  } catch (e) {
    if (!(e instanceof SysgraphError)) throw e;
    return fail(e.field?.slice('law.parametric.'.length) ?? '', e.message);
  }
  const at0 = new Map([[parameter, valueAt], [TIME_VARIABLE, 0]]);
  const value = parser.quotient(parser.substitute(slopes[1], at0), parser.substitute(slopes[0], at0));
  const law: ParametricLaw = {
    kind: 'parametric',
    parameter,
    interval: [a, b],
    coordinates: [coordinates[0], coordinates[1]],
    valueAt,
    usesTime: full[0].dependsOnTime || full[1].dependsOnTime,
  };
  return { law, value };
}

/** Fixed probe values (generic, not special points of sqrt, log, sin, …) for the zero test below. */
const PROBES = [0.7548776662466927, 1.3247179572447460, 2.2055694304005904];

/**
 * Whether an expression of parameters (no t) is identically zero: zero, to rounding, at three fixed generic
 * assignments of its parameters. Independent of the parameters' values, so withParameters keeps ξ0 valid.
 */
function vanishesAt(expr: Expression): boolean {
  for (let probe = 0; probe < PROBES.length; probe++) {
    const values = new Map(expr.parameters.map((p, j) => [p, PROBES[(probe + j) % PROBES.length] * (1 + j / 7)]));
    const x = evaluateExpression(expr, values);
    if (!(Math.abs(x) <= 1e-12)) return false;
  }
  return true;
}
