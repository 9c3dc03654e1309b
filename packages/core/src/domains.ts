/**
 * Energy domains and the names of their across and through variables
 * (StateMint tutorial, "System Types").
 */
export const DOMAINS = ['electrical', 'translational', 'rotational', 'fluid', 'thermal', 'generic'] as const;
export type Domain = (typeof DOMAINS)[number];

export interface DomainVariables {
  readonly across: string;
  readonly through: string;
  readonly acrossUnit: string;
  readonly throughUnit: string;
}

export const DOMAIN_VARIABLES: Readonly<Record<Domain, DomainVariables>> = {
  electrical: { across: 'voltage', through: 'current', acrossUnit: 'V', throughUnit: 'A' },
  translational: { across: 'velocity', through: 'force', acrossUnit: 'm/s', throughUnit: 'N' },
  rotational: { across: 'angular velocity', through: 'torque', acrossUnit: 'rad/s', throughUnit: 'N m' },
  fluid: { across: 'pressure', through: 'flow rate', acrossUnit: 'Pa', throughUnit: 'm^3/s' },
  thermal: { across: 'temperature', through: 'heat flow rate', acrossUnit: 'K', throughUnit: 'W' },
  generic: { across: 'across', through: 'through', acrossUnit: '', throughUnit: '' },
};
