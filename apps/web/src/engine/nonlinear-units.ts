/**
 * nonlinearUnits: units of a nonlinear model's states and outputs from the elements' domains, as the
 * simulator's toSimulationModel gives them for linear models (charge and flux states have none).
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { NonlinearState } from '@sysgraph/formulation';

function domainOf(desc: SystemDescription, element: string, port?: 1 | 2): Domain {
  const one = desc.oneports.find((e) => e.id === element) ?? desc.sources.find((e) => e.id === element);
  if (one) return one.domain;
  const two = desc.twoPorts.find((e) => e.id === element);
  return two ? (port === 2 ? two.domain2 : two.domain1) : 'generic';
}

export function nonlinearUnits(desc: SystemDescription, states: readonly NonlinearState[]): { states: string[]; outputs: string[] } {
  const unit = (domain: Domain, variable: string) => (variable === 'across' ? DOMAIN_VARIABLES[domain].acrossUnit : variable === 'through' ? DOMAIN_VARIABLES[domain].throughUnit : '');
  const nodeDomain = (node: string) => [...desc.oneports, ...desc.sources].find((e) => e.from === node || e.to === node)?.domain ?? 'generic';
  return {
    states: states.map((x) => unit(domainOf(desc, x.element), x.quantity)),
    outputs: desc.outputs.map((o) => (o.kind === 'node' ? DOMAIN_VARIABLES[nodeDomain(o.node)].acrossUnit : unit(domainOf(desc, o.element, o.port), o.variable))),
  };
}
