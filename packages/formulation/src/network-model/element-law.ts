/**
 * elementLaw: the law of a one-port as the network model uses it (formulation.md section 12, docs/nonlinear.md):
 * one scalar function of the element's own variable, compiled once, and which quantity it gives.
 *   A-type  charge q = Q(v, t) (variable v)  or  across v = V(q, t) (variable q);  a value C: q = C v
 *   T-type  flux λ = Φ(i, t) (variable i)    or  through i = I(λ, t) (variable lambda);  a value L: λ = L i
 *   D-type  across v = f(i, t) (variable i)  or  through i = g(v, t) (variable v);  a value R: v = R i in the
 *           tree, i = v/R in the co-tree (the form each place needs, so a linear element is never inverted)
 * Laws of the same text and variable share one compiled tape (a network of 10^4 equal diodes compiles one), and
 * values of the same text share one number (10^4 dampers of value b, R = 1/b, fold 1/b once).
 */
import { SysgraphError } from '@sysgraph/core';
import type { ExplicitLaw, LawForm, OnePort } from '@sysgraph/description';
import type { MathNode } from 'mathjs';
import { compileLaw } from './law-tape';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

export interface ElementLaw {
  /** The quantity the law gives. */
  readonly form: LawForm;
  /** The law's variable as named in state names: v, i, q, lambda. */
  readonly variable: 'v' | 'i' | 'q' | 'lambda';
  readonly law: ScalarLaw;
  /** A value (linear law), not a user's law. */
  readonly linear: boolean;
}

/**
 * Compiled laws and folded values, looked up without building a key per element: a law by its law object (the
 * one object every diode of one .model shares), then by its variable and text (a Map per variable keyed by the
 * text string itself, whose hash V8 computes once and keeps in the string, where a concatenated key
 * `variable|text` was a new string to flatten and hash for every element); a value by its text.
 */
export interface LawCache {
  readonly byLaw: Map<ExplicitLaw, ScalarLaw>;
  readonly byText: Map<string, Map<string, ScalarLaw>>;
  readonly values: Map<string, number>;
  /** The linear law of a constant value c: z = c·w and z = w/c, one object per value (10^4 equal resistors share one). */
  readonly times: Map<number, CoefficientLaw>;
  readonly over: Map<number, CoefficientLaw>;
}

export function lawCache(): LawCache {
  return { byLaw: new Map(), byText: new Map(), values: new Map(), times: new Map(), over: new Map() };
}

/** A value free of t as a number: a number or a parameter read directly, anything else folded by compileLaw once per text. */
function constantValue(e: OnePort, parameters: ReadonlyMap<string, number | null>, cache: LawCache): number {
  const node = e.value.node as MathNode & { value?: unknown; name?: string };
  if (node.type === 'ConstantNode' && typeof node.value === 'number') return node.value;
  if (node.type === 'SymbolNode') {
    const v = parameters.get(node.name!);
    if (typeof v === 'number') return v;
  }
  const known = cache.values.get(e.value.text);
  if (known !== undefined) return known;
  const c = compileLaw(e.value.node, '\u0000', parameters, { element: e.id, field: 'value' }).valueAt(0, 0);
  cache.values.set(e.value.text, c);
  return c;
}

/** The compiled law of e: once per variable and text, found by the law object where elements share it. */
function compiledLaw(e: OnePort, law: ExplicitLaw, parameters: ReadonlyMap<string, number | null>, cache: LawCache): ScalarLaw {
  const shared = cache.byLaw.get(law);
  if (shared !== undefined) return shared;
  let texts = cache.byText.get(law.variable);
  if (texts === undefined) cache.byText.set(law.variable, (texts = new Map()));
  let compiled = texts.get(law.expression.text);
  if (compiled === undefined) {
    compiled = compileLaw(law.expression.node, law.variable, parameters, { element: e.id, field: `law.${law.form}` });
    texts.set(law.expression.text, compiled);
  }
  cache.byLaw.set(law, compiled);
  return compiled;
}

/**
 * z = c·w (or w/c): shared per constant c; a value in t has a law of its own, and so has c = ±0 (a Map takes 0 and
 * −0 for one key, while w/0 and w/−0 are infinities of opposite signs).
 */
function coefficientLaw(c: ConstructorParameters<typeof CoefficientLaw>[0], invert: boolean, cache: LawCache): CoefficientLaw {
  if (typeof c !== 'number' || c === 0) return new CoefficientLaw(c, invert);
  const laws = invert ? cache.over : cache.times;
  let law = laws.get(c);
  if (law === undefined) laws.set(c, (law = new CoefficientLaw(c, invert)));
  return law;
}

export function elementLaw(e: OnePort, inTree: boolean, parameters: ReadonlyMap<string, number | null>, cache: LawCache): ElementLaw {
  const law = e.law;
  if (law !== undefined) {
    if (law.kind !== 'explicit') {
      throw new SysgraphError('unsupported', `the network model has no parametric laws yet (${e.id})`, {
        element: e.id,
        field: 'law.parametric',
        expected: 'an explicit law (the symbolic nonlinear model handles parametric curves)',
      });
    }
    return { form: law.form, variable: law.variable, law: compiledLaw(e, law, parameters, cache), linear: false };
  }
  const c = e.value.dependsOnTime ? compileLaw(e.value.node, '\u0000', parameters, { element: e.id, field: 'value' }) : constantValue(e, parameters, cache);
  switch (e.type) {
    case 'A':
      return { form: 'charge', variable: 'v', law: coefficientLaw(c, false, cache), linear: true };
    case 'T':
      return { form: 'flux', variable: 'i', law: coefficientLaw(c, false, cache), linear: true };
    default:
      return inTree
        ? { form: 'across', variable: 'i', law: coefficientLaw(c, false, cache), linear: true }
        : { form: 'through', variable: 'v', law: coefficientLaw(c, true, cache), linear: true };
  }
}
