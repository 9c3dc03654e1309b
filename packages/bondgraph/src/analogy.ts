/**
 * Which power variable of a bond is the linear graph's across variable, by domain, and the description element
 * kind of each bond-graph one-port. sysgraph's linear graph uses the mobility analogy (StateMint tutorial,
 * "System Types"): across = voltage, pressure, temperature, velocity, angular velocity. Bond graphs take
 * effort = voltage, pressure, temperature, force, torque. So
 *
 *   electrical, fluid, thermal, generic ("E" analogy):      across = effort e, through = flow f
 *   translational, rotational ("F" analogy):                 across = flow f,   through = effort e
 *
 * and a mass (I: p = m f) is the linear graph's A-type (C = m), a spring (C: q = C_compliance e) its T-type
 * (L = C_compliance), a damper (R: e = R f) its D-type with R_lg = 1/R.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { BondElement } from './types';

export type Analogy = 'E' | 'F';

export function analogyOf(domain: Domain | undefined): Analogy {
  return domain === 'translational' || domain === 'rotational' ? 'F' : 'E';
}

/** The description element of a one-port: its kind, and whether it is the linear graph's across source. */
export interface OnePortKind {
  readonly kind: string;
  /** The description's class: E across source, J through source, A, T, D. */
  readonly cls: 'E' | 'J' | 'A' | 'T' | 'D';
  /** The domain field to write (only for the generic kinds a-type, t-type, …). */
  readonly domain?: Domain;
}

type Row = Readonly<Record<'Se' | 'Sf' | 'C' | 'I' | 'R', OnePortKind | undefined>>;

const TABLE: Readonly<Record<Domain, Row>> = {
  electrical: { Se: { kind: 'voltage-source', cls: 'E' }, Sf: { kind: 'current-source', cls: 'J' }, C: { kind: 'capacitor', cls: 'A' }, I: { kind: 'inductor', cls: 'T' }, R: { kind: 'resistor', cls: 'D' } },
  fluid: { Se: { kind: 'pressure-source', cls: 'E' }, Sf: { kind: 'flow-source', cls: 'J' }, C: { kind: 'fluid-capacitor', cls: 'A' }, I: { kind: 'inertance', cls: 'T' }, R: { kind: 'fluid-resistor', cls: 'D' } },
  thermal: { Se: { kind: 'temperature-source', cls: 'E' }, Sf: { kind: 'heat-source', cls: 'J' }, C: { kind: 'thermal-capacitor', cls: 'A' }, I: undefined, R: { kind: 'thermal-resistor', cls: 'D' } },
  generic: { Se: { kind: 'across-source', cls: 'E' }, Sf: { kind: 'through-source', cls: 'J' }, C: { kind: 'a-type', cls: 'A' }, I: { kind: 't-type', cls: 'T' }, R: { kind: 'd-type', cls: 'D' } },
  // F analogy: effort = through
  translational: { Se: { kind: 'force-source', cls: 'J' }, Sf: { kind: 'velocity-source', cls: 'E' }, C: { kind: 't-type', cls: 'T', domain: 'translational' }, I: { kind: 'mass', cls: 'A' }, R: { kind: 'damper', cls: 'D' } },
  rotational: { Se: { kind: 'torque-source', cls: 'J' }, Sf: { kind: 'angular-velocity-source', cls: 'E' }, C: { kind: 't-type', cls: 'T', domain: 'rotational' }, I: { kind: 'inertia', cls: 'A' }, R: { kind: 'rotational-damper', cls: 'D' } },
};

/** The description kind of a one-port in its domain (generic when none); an I in the thermal domain is refused. */
export function onePortKind(element: BondElement, domain: Domain | undefined): OnePortKind {
  const row = TABLE[domain ?? 'generic'];
  const entry = row[element.kind as keyof Row];
  if (!entry) {
    throw new SysgraphError('unsupported', `${element.id}: no ${element.kind} element in the ${domain} domain`, { element: element.id, field: 'domain', expected: 'C and R in the thermal domain (there is no thermal inertance)' });
  }
  return entry;
}
