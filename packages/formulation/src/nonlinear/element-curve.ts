/**
 * elementCurve: every one-port's constitutive relation in one shape, a curve with its own variable s
 * (formulation.md section 12, paper eq. 40): both coordinates of the element as expressions of s.
 *   explicit law q = Q(v):    s = v,  across = v,    charge = Q(v)      (likewise λ = Φ(i), v = f(i), i = g(v))
 *   explicit law v = V(q):    s = q,  across = V(q), charge = q         (likewise i = I(λ))
 *   parametric (w(ξ), z(ξ)):  s = ξ,  both coordinates given, ξ in [a, b]
 *   a value (linear): q = C v, λ = L i; a co-tree resistor i = v/R, a tree resistor v = R i (the forms the
 *   normal tree needs, so linear elements never need inverting).
 * A coordinate equal to s itself is the identity: the quantity it gives is the curve's variable, and the other
 * coordinate is an explicit function of it.
 */
import type { OnePort } from '@sysgraph/description';

/** The quantities of the coordinates: A-type across and charge, T-type through and flux, D-type across and through. */
export type CurveQuantity = 'across' | 'through' | 'charge' | 'flux';

export interface ElementCurve {
  readonly element: string;
  /** The curve variable as written in the coordinate texts: v, q, i, lambda, or the parametric law's parameter. */
  readonly variable: string;
  /** mathjs text of each coordinate in `variable`, parameters and t. */
  readonly coordinates: Readonly<Partial<Record<CurveQuantity, string>>>;
  /** A parametric curve's interval [a, b] (where inversions are sought and monotonicity is checked). */
  readonly interval?: readonly [number, number];
  readonly fromValue: boolean;
}

/** The two coordinates of each element type. */
export const CURVE_QUANTITIES = { A: ['across', 'charge'], T: ['through', 'flux'], D: ['across', 'through'] } as const;

export function elementCurve(e: OnePort, inTree: boolean): ElementCurve {
  const [first, second] = CURVE_QUANTITIES[e.type];
  const law = e.law;
  if (law !== undefined && law.kind === 'parametric') {
    const coordinates: Partial<Record<CurveQuantity, string>> = {};
    for (const c of law.coordinates) coordinates[c.quantity as CurveQuantity] = c.expression.text;
    return { element: e.id, variable: law.parameter, coordinates, interval: law.interval, fromValue: false };
  }
  if (law !== undefined) {
    // The law gives `form` in terms of `variable`; the other coordinate is the variable itself.
    const given = law.form as CurveQuantity;
    const other = given === first ? second : first;
    return { element: e.id, variable: law.variable, coordinates: { [given]: law.expression.text, [other]: law.variable }, fromValue: false };
  }
  const value = `(${e.value.text})`;
  switch (e.type) {
    case 'A':
      return { element: e.id, variable: 'v', coordinates: { across: 'v', charge: `${value} * v` }, fromValue: true };
    case 'T':
      return { element: e.id, variable: 'i', coordinates: { through: 'i', flux: `${value} * i` }, fromValue: true };
    default:
      return inTree
        ? { element: e.id, variable: 'i', coordinates: { through: 'i', across: `${value} * i` }, fromValue: true }
        : { element: e.id, variable: 'v', coordinates: { across: 'v', through: `v / ${value}` }, fromValue: true };
  }
}

/** Whether coordinate `q` of the curve is its variable (no inversion needed to get s from that quantity). */
export function isIdentity(c: ElementCurve, q: CurveQuantity): boolean {
  return c.coordinates[q]?.replace(/\s|\(|\)/g, '') === c.variable;
}

/** The symbol of the curve variable of element `id` in the system (v_C1, q_C2, s_R3, …). */
export function curveSymbol(c: ElementCurve): string {
  return `${c.variable}_${c.element}`;
}
