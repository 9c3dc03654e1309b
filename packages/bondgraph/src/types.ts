/**
 * The canonical, validated bond graph: what readBondGraph() returns and the conversion, the causality assignment
 * and the formatters read. A bond carries an effort e and a flow f; its power e·f flows from `from` to `to`
 * (the half-arrow is drawn at `to`).
 */
import type { Domain } from '@sysgraph/core';

/** Sources, storage, dissipation, two-ports and junctions (Karnopp, Margolis & Rosenberg, ch. 2–3). */
export type BondElementKind = 'Se' | 'Sf' | 'C' | 'I' | 'R' | 'TF' | 'GY' | '0' | '1';

/** Value as written: a number or an expression of the parameters (the description's expression syntax). */
export type BondValue = number | string;

export interface BondElement {
  readonly id: string;
  readonly kind: BondElementKind;
  /**
   * Se, Sf: the input's name or a constant (as a description source's `value`). C: capacitance / compliance
   * (q = C e). I: inertance / mass / inertia (p = I f). R: resistance (e = R f). Absent on junctions.
   */
  readonly value?: BondValue;
  /** Se, Sf: the input's name, when `value` is a constant or absent. */
  readonly input?: string;
  /** TF: e1 = n e2, f2 = n f1.  GY: e1 = r f2, e2 = r f1 (port 1 the bond into it, port 2 the bond out). */
  readonly ratio?: BondValue;
  /** The element's energy domain, when given (else its region's, else the graph's, else generic). */
  readonly domain?: Domain;
  readonly label?: string;
}

export interface Bond {
  readonly id: string;
  /** The element power leaves. */
  readonly from: string;
  /** The element power enters (the half-arrow end). */
  readonly to: string;
}

export type BondOutput =
  | { readonly name: string; readonly bond: string; readonly variable: 'effort' | 'flow' }
  | { readonly name: string; readonly element: string; readonly variable: 'effort' | 'flow' };

export type BondParameter = number | null | { readonly value: number | null; readonly unit?: string; readonly description?: string };

export interface BondGraph {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The default domain of elements that give none. */
  readonly domain?: Domain;
  /** Passed to the description as written (name → number, null or { value, unit, description }). */
  readonly parameters: Readonly<Record<string, BondParameter>>;
  readonly elements: readonly BondElement[];
  readonly bonds: readonly Bond[];
  readonly outputs: readonly BondOutput[];
}

/** The one-port kinds: exactly one bond each. */
export const ONE_PORT_KINDS: ReadonlySet<BondElementKind> = new Set(['Se', 'Sf', 'C', 'I', 'R']);
/** The two-port kinds: one bond in (port 1) and one bond out (port 2). */
export const TWO_PORT_KINDS: ReadonlySet<BondElementKind> = new Set(['TF', 'GY']);
/** The junctions: two bonds or more. */
export const JUNCTION_KINDS: ReadonlySet<BondElementKind> = new Set(['0', '1']);
