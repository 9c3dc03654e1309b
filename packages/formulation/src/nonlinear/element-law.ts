/**
 * elementLaw: every one-port's constitutive law in one shape, { form, variable, text }: the user's `law`, or the
 * linear law of its generalised value (q = C v, λ = L i; a co-tree resistor i = v/R, a tree resistor v = R i,
 * the forms section 12 needs, so linear elements never need inverting).
 */
import type { LawForm, LawVariable, OnePort } from '@sysgraph/description';

export interface ElementLaw {
  readonly form: LawForm;
  readonly variable: LawVariable;
  /** mathjs text of the law's right-hand side, in `variable`, parameters and t. */
  readonly text: string;
  readonly fromValue: boolean;
}

export function elementLaw(e: OnePort, inTree: boolean): ElementLaw {
  if (e.law !== undefined) return { form: e.law.form, variable: e.law.variable, text: e.law.expression.text, fromValue: false };
  const value = `(${e.value.text})`;
  switch (e.type) {
    case 'A':
      return { form: 'charge', variable: 'v', text: `${value} * v`, fromValue: true };
    case 'T':
      return { form: 'flux', variable: 'i', text: `${value} * i`, fromValue: true };
    default:
      return inTree
        ? { form: 'across', variable: 'i', text: `${value} * i`, fromValue: true }
        : { form: 'through', variable: 'v', text: `v / ${value}`, fromValue: true };
  }
}
