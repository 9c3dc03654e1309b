/**
 * ValueTable: every value site (C, L, R, mutual, ratio) compiled once into closures of t, with its rate d/dt
 * obtained by symbolic differentiation of the expression in t (mathjs `derivative`, formulation.md section 11).
 * update(t) refreshes only the time-varying sites: O(Σ expression sizes) per call, no allocation.
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import type { MathNode } from 'mathjs';
import { compileClosure } from '../nonlinear/compile-closure';
import type { Closure } from '../nonlinear/compile-closure';
import type { TimeMath } from './time-math';
import type { ValueSite } from './time-dependence';

export interface ValueTable {
  readonly sites: readonly ValueSite[];
  /** Site index of an element id (and field, for the rare id with two sites). */
  readonly index: ReadonlyMap<string, number>;
  /** Current values and rates d/dt, by site index (constant sites: their value, rate 0). */
  readonly values: Float64Array;
  readonly rates: Float64Array;
  /** The rate expressions of the time-varying sites (unsimplified). */
  readonly rateExpressions: ReadonlyMap<number, MathNode>;
  /** Evaluates the time-varying sites at t; throws 'non-positive-value' / 'bad-value' naming the site. */
  update(t: number): void;
}

export function compileValueTable(sites: readonly ValueSite[], parameters: ReadonlyMap<string, number | null>, tm: TimeMath): ValueTable {
  const missing = new Set<string>();
  let first: ValueSite | undefined;
  for (const site of sites) {
    for (const p of site.expression.parameters) {
      if (parameters.get(p) == null) {
        missing.add(p);
        first ??= site;
      }
    }
  }
  if (missing.size > 0) {
    const names = [...missing].sort();
    throw new SysgraphError('missing-parameter-value', `the time-varying model needs values for ${names.join(', ')}${first ? ` (${first.element}.${first.field} uses ${first.expression.parameters.filter((p) => missing.has(p)).join(', ')})` : ''}`, { element: first?.element, field: first?.field, elements: names, expected: 'a number for every parameter' });
  }
  const constants = parameters as ReadonlyMap<string, number>;
  const env = new Float64Array(1);
  const table = { slots: new Map([['t', 0]]), constants };
  const values = new Float64Array(sites.length);
  const rates = new Float64Array(sites.length);
  const varying: { k: number; value: Closure; rate: Closure }[] = [];
  const rateExpressions = new Map<number, MathNode>();
  sites.forEach((site, k) => {
    const what = `${site.element}.${site.field}`;
    if (!site.dependsOnTime) {
      values[k] = evaluateExpression(site.expression, parameters);
      return;
    }
    // Re-parsed in the differentiating instance, so that the derivative is built from its own node classes.
    const node = tm.parse(site.expression.text);
    const rate = tm.derivative(node, 't', what);
    rateExpressions.set(k, rate);
    varying.push({ k, value: compileClosure(node, table, what), rate: compileClosure(rate, table, what) });
  });
  const index = new Map<string, number>();
  sites.forEach((site, k) => {
    if (!index.has(site.element)) index.set(site.element, k);
  });
  return {
    sites,
    index,
    values,
    rates,
    rateExpressions,
    update(t) {
      env[0] = t;
      for (const v of varying) {
        const x = v.value(env);
        const r = v.rate(env);
        checkValue(sites[v.k], x, r, t);
        values[v.k] = x;
        rates[v.k] = r;
      }
    },
  };
}

/**
 * A time-varying value at t: positive finite C, L, R; finite nonzero ratio; finite mutual; a finite rate.
 * (Constant values were validated by the description.)
 */
function checkValue(site: ValueSite, value: number, rate: number, t: number): void {
  if (Number.isFinite(rate) && Number.isFinite(value) && (site.role === 'mutual' || value > 0 || (site.role === 'ratio' && value !== 0))) return;
  const when = ` at t = ${t}`;
  const field = site.field;
  if (site.role === 'capacitance' || site.role === 'inductance' || site.role === 'resistance') {
    if (!(Number.isFinite(value) && value > 0)) {
      throw new SysgraphError('non-positive-value', `${site.element}.${field} = ${value}${when}: a ${site.role} must stay positive and finite`, { element: site.element, field, expected: `a positive, finite ${site.role} at every time` });
    }
  } else if (!Number.isFinite(value) || (site.role === 'ratio' && value === 0)) {
    throw new SysgraphError('bad-value', `${site.element}.${field} = ${value}${when}`, { element: site.element, field, expected: site.role === 'ratio' ? 'a finite, nonzero ratio at every time' : 'a finite value at every time' });
  }
  if (!Number.isFinite(rate)) {
    throw new SysgraphError('bad-value', `${site.element}.${field}: its rate d/dt is ${rate}${when}`, { element: site.element, field, expected: 'a value differentiable in t' });
  }
}
