/**
 * The pieces a nonlinear system is assembled from (nonlinear-system.ts), as texts with the laws they use:
 * states, implicit variables with their residuals, rates (time derivatives of stored quantities used by outputs)
 * and the parametric curves whose monotonicity the formulation relies on.
 */
import type { CurveQuantity } from './element-curve';
import type { Term } from './network-texts';

/** Physical meaning of a state: the element's across v_C, charge q_C, through i_L, flux λ_L, its curve parameter ξ,
 *  or the cutset charge p_C / loop flux λ_L of a capacitor loop / inductor cutset (section 12). */
export type StateQuantity = 'across' | 'charge' | 'through' | 'flux' | 'curve' | 'cutset-charge' | 'loop-flux';

export interface BuildState {
  readonly name: string;
  readonly element: string;
  readonly quantity: StateQuantity;
}

export interface BuildImplicit {
  readonly name: string;
  readonly element: string;
  readonly residual: Term;
  /** For a D-type element: the law form that would make it explicit on its tree branch or link. */
  readonly neededForm?: 'across' | 'through';
  /** A parametric curve's interval, where its parameter is sought. */
  readonly interval?: readonly [number, number];
}

export interface BuildRate {
  readonly name: string;
  readonly element: string;
  /** The stored quantity (q_S or λ_Γ) whose time derivative the rate is. */
  readonly quantity: Term;
}

/** A parametric coordinate that is inverted (or divided by its derivative) and so must be strictly monotone. */
export interface MonotoneCheck {
  readonly element: string;
  /** The curve parameter as written in `text`. */
  readonly variable: string;
  readonly quantity: CurveQuantity;
  readonly text: string;
  readonly interval: readonly [number, number];
}
