/**
 * nonlinearUnits: units of the states and outputs of a nonlinear model from the elements' domains, as
 * toSimulationModel gives them for linear models (across and through variables have the domain's units;
 * charge and flux states have none, like the b2 states of the linear formulation).
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { NonlinearState } from '@sysgraph/formulation';

function domainOf(desc: SystemDescription, element: string, port?: 1 | 2): Domain {
  const one = desc.oneports.find((e) => e.id === element) ?? desc.sources.find((e) => e.id === element);
  if (one) return one.domain;
  const two = desc.twoPorts.find((e) => e.id === element);
  if (two) return port === 2 ? two.domain2 : two.domain1;
  return 'generic';
}

function nodeDomain(desc: SystemDescription, node: string): Domain {
  const at = [...desc.oneports, ...desc.sources].find((e) => e.from === node || e.to === node);
  return at?.domain ?? 'generic';
}

export function nonlinearUnits(desc: SystemDescription, states: readonly NonlinearState[]): { states: string[]; outputs: string[] } {
  const unit = (domain: Domain, variable: string) => {
    const v = DOMAIN_VARIABLES[domain];
    return variable === 'across' ? v.acrossUnit : variable === 'through' ? v.throughUnit : '';
  };
  return {
    states: states.map((x) => unit(domainOf(desc, x.element), x.quantity)),
    outputs: desc.outputs.map((o) => (o.kind === 'node' ? DOMAIN_VARIABLES[nodeDomain(desc, o.node)].acrossUnit : unit(domainOf(desc, o.element, o.port), o.variable))),
  };
}
