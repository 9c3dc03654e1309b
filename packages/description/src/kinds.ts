/**
 * The element kinds a description may use, with their class (A, T, D, E, J, two-port, mutual), implied domain,
 * the meaning of `value` and how it maps to the generalised value (formulation.md section 1; StateMint tutorial,
 * "System Types"). One table, read by the parser, the JSON Schema test, the web app and the docs.
 */
import type { Domain, OnePortType, SourceType, TwoPortKind } from '@sysgraph/core';

/** How the user's value becomes the generalised value: as is (C, L, R) or its reciprocal (spring, damper). */
export type ValueMapping = 'direct' | 'reciprocal';

export type ElementKindInfo =
  | {
      readonly kind: string;
      readonly family: 'one-port';
      readonly type: OnePortType;
      /** The implied domain; undefined for the generic kinds, whose domain comes from the `domain` field. */
      readonly domain?: Domain;
      /** The canonical kind when this one is an alias. */
      readonly aliasOf?: string;
      /** What `value` means, in words. */
      readonly value: string;
      readonly unit: string;
      readonly mapping: ValueMapping;
    }
  | {
      readonly kind: string;
      readonly family: 'source';
      readonly type: SourceType;
      readonly domain?: Domain;
      readonly aliasOf?: string;
      readonly value: string;
      readonly unit: string;
    }
  | {
      readonly kind: TwoPortKind;
      readonly family: 'two-port';
      readonly aliasOf?: string;
      readonly value: string;
      readonly unit: string;
    }
  | {
      readonly kind: string;
      readonly family: 'mutual';
      readonly aliasOf?: string;
      readonly value: string;
      readonly unit: string;
    };

const A = (kind: string, domain: Domain | undefined, value: string, unit: string, aliasOf?: string): ElementKindInfo => ({
  kind, family: 'one-port', type: 'A', domain, value, unit, mapping: 'direct', aliasOf,
});
const T = (kind: string, domain: Domain | undefined, value: string, unit: string, mapping: ValueMapping, aliasOf?: string): ElementKindInfo => ({
  kind, family: 'one-port', type: 'T', domain, value, unit, mapping, aliasOf,
});
const D = (kind: string, domain: Domain | undefined, value: string, unit: string, mapping: ValueMapping, aliasOf?: string): ElementKindInfo => ({
  kind, family: 'one-port', type: 'D', domain, value, unit, mapping, aliasOf,
});
const S = (kind: string, type: SourceType, domain: Domain | undefined, unit: string, aliasOf?: string): ElementKindInfo => ({
  kind, family: 'source', type, domain, value: 'input name (default: the id) or a constant', unit, aliasOf,
});

/** Every accepted kind, canonical kinds first within each group, aliases after the kind they alias. */
export const ELEMENT_KINDS: readonly ElementKindInfo[] = [
  // A-type: i = (C v)', generalised C = value
  A('capacitor', 'electrical', 'capacitance C', 'F'),
  A('mass', 'translational', 'mass m', 'kg'),
  A('inertia', 'rotational', 'moment of inertia J', 'kg m^2'),
  A('rotational-inertia', 'rotational', 'moment of inertia J', 'kg m^2', 'inertia'),
  A('fluid-capacitor', 'fluid', 'fluid capacitance C_f', 'm^3/Pa'),
  A('fluid-capacitance', 'fluid', 'fluid capacitance C_f', 'm^3/Pa', 'fluid-capacitor'),
  A('thermal-capacitor', 'thermal', 'heat capacity C_t', 'J/K'),
  A('thermal-capacitance', 'thermal', 'heat capacity C_t', 'J/K', 'thermal-capacitor'),
  A('a-type', undefined, 'generalised capacitance C', ''),
  // T-type: v = (L i)', generalised L = value (inductor, inertance) or 1/value (springs)
  T('inductor', 'electrical', 'inductance L', 'H', 'direct'),
  T('inertance', 'fluid', 'fluid inertance I_f', 'Pa s^2/m^3', 'direct'),
  T('fluid-inertance', 'fluid', 'fluid inertance I_f', 'Pa s^2/m^3', 'direct', 'inertance'),
  T('spring', 'translational', 'stiffness k (L = 1/k)', 'N/m', 'reciprocal'),
  T('translational-spring', 'translational', 'stiffness k (L = 1/k)', 'N/m', 'reciprocal', 'spring'),
  T('torsional-spring', 'rotational', 'torsional stiffness k_t (L = 1/k_t)', 'N m/rad', 'reciprocal'),
  T('rotational-spring', 'rotational', 'torsional stiffness k_t (L = 1/k_t)', 'N m/rad', 'reciprocal', 'torsional-spring'),
  T('t-type', undefined, 'generalised inductance L', '', 'direct'),
  // D-type: v = R i, generalised R = value (resistors) or 1/value (dampers)
  D('resistor', 'electrical', 'resistance R', 'Ohm', 'direct'),
  D('fluid-resistor', 'fluid', 'fluid resistance R_f', 'Pa s/m^3', 'direct'),
  D('fluid-resistance', 'fluid', 'fluid resistance R_f', 'Pa s/m^3', 'direct', 'fluid-resistor'),
  D('thermal-resistor', 'thermal', 'thermal resistance R_t', 'K/W', 'direct'),
  D('thermal-resistance', 'thermal', 'thermal resistance R_t', 'K/W', 'direct', 'thermal-resistor'),
  D('damper', 'translational', 'damping b (R = 1/b)', 'N s/m', 'reciprocal'),
  D('translational-damper', 'translational', 'damping b (R = 1/b)', 'N s/m', 'reciprocal', 'damper'),
  D('rotational-damper', 'rotational', 'rotational damping b_t (R = 1/b_t)', 'N m s/rad', 'reciprocal'),
  D('torsional-damper', 'rotational', 'rotational damping b_t (R = 1/b_t)', 'N m s/rad', 'reciprocal', 'rotational-damper'),
  D('d-type', undefined, 'generalised resistance R', '', 'direct'),
  // Across sources E: v = u
  S('across-source', 'E', undefined, ''),
  S('voltage-source', 'E', 'electrical', 'V'),
  S('velocity-source', 'E', 'translational', 'm/s'),
  S('angular-velocity-source', 'E', 'rotational', 'rad/s'),
  S('pressure-source', 'E', 'fluid', 'Pa'),
  S('temperature-source', 'E', 'thermal', 'K'),
  // Through sources J: i = u, flowing from → to inside the source
  S('through-source', 'J', undefined, ''),
  S('current-source', 'J', 'electrical', 'A'),
  S('force-source', 'J', 'translational', 'N'),
  S('torque-source', 'J', 'rotational', 'N m'),
  S('flow-source', 'J', 'fluid', 'm^3/s'),
  S('heat-source', 'J', 'thermal', 'W'),
  S('heat-flow-source', 'J', 'thermal', 'W', 'heat-source'),
  // Two-ports: transformer v1 = TF v2, i1 = −i2/TF; gyrator v1 = GY i2, i1 = −v2/GY
  { kind: 'transformer', family: 'two-port', value: 'ratio TF (v1 = TF v2, i1 = -i2/TF), nonzero', unit: '' },
  { kind: 'gyrator', family: 'two-port', value: 'ratio GY (v1 = GY i2, i1 = -v2/GY), nonzero', unit: '' },
  // Mutual inductance between two T-type elements
  { kind: 'mutual-inductance', family: 'mutual', value: 'mutual inductance M, or `coupling` k (M = k sqrt(L1 L2))', unit: 'H' },
  { kind: 'mutual', family: 'mutual', value: 'mutual inductance M, or `coupling` k (M = k sqrt(L1 L2))', unit: 'H', aliasOf: 'mutual-inductance' },
];

const BY_KIND: ReadonlyMap<string, ElementKindInfo> = new Map(ELEMENT_KINDS.map((k) => [k.kind, k]));

/** The table entry of a kind, or undefined (a Map lookup: names such as "constructor" are not kinds). */
export function elementKind(kind: string): ElementKindInfo | undefined {
  return BY_KIND.get(kind);
}

/** Every accepted kind name, in table order. */
export const KIND_NAMES: readonly string[] = ELEMENT_KINDS.map((k) => k.kind);
