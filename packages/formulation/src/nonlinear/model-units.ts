/**
 * modelUnits: units of a model's states and outputs from the elements' domains, as toSimulationModel gives them
 * for linear models: across and through variables carry the domain's units; charge and flux states (and curve
 * parameters, cutset charges, loop fluxes) carry none, like the b2 states of the linear formulation.
 * withUnits: the simulator's model (packages/simulate NonlinearModel) with those units attached.
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { NonlinearModelLike } from './nonlinear-model';

/** A state by its element and the quantity it stands for (across, through, charge, flux, …). */
export interface StateQuantityOf {
  readonly element: string;
  readonly quantity: string;
}

/** The simulator's model (packages/simulate NonlinearModel) with its units. */
export type SimulationModelWithUnits = NonlinearModelLike & { readonly stateUnits: readonly string[]; readonly outputUnits: readonly string[] };

export interface ModelUnits {
  readonly states: string[];
  readonly outputs: string[];
}

function domainOf(desc: SystemDescription, element: string, port?: 1 | 2): Domain {
  const one = desc.oneports.find((e) => e.id === element) ?? desc.sources.find((e) => e.id === element);
  if (one) return one.domain;
  const two = desc.twoPorts.find((e) => e.id === element);
  return two ? (port === 2 ? two.domain2 : two.domain1) : 'generic';
}

/** The domain of the first element at the node (a node output is that node's across variable). */
function nodeDomain(desc: SystemDescription, node: string): Domain {
  return [...desc.oneports, ...desc.sources].find((e) => e.from === node || e.to === node)?.domain ?? 'generic';
}

export function modelUnits(desc: SystemDescription, states: readonly StateQuantityOf[]): ModelUnits {
  const unit = (domain: Domain, variable: string) => (variable === 'across' ? DOMAIN_VARIABLES[domain].acrossUnit : variable === 'through' ? DOMAIN_VARIABLES[domain].throughUnit : '');
  return {
    states: states.map((x) => unit(domainOf(desc, x.element), x.quantity)),
    outputs: desc.outputs.map((o) => (o.kind === 'node' ? DOMAIN_VARIABLES[nodeDomain(desc, o.node)].acrossUnit : unit(domainOf(desc, o.element, o.port), o.variable))),
  };
}

/** The model with units (the simulator labels its trace columns with them); f, g and the Jacobian unchanged. */
export function withUnits(model: NonlinearModelLike, units: ModelUnits): SimulationModelWithUnits {
  return {
    kind: 'nonlinear',
    stateNames: model.stateNames,
    inputNames: model.inputNames,
    outputNames: model.outputNames,
    stateUnits: units.states,
    outputUnits: units.outputs,
    f: (t, x, u, du, dxdt) => model.f(t, x, u, du, dxdt),
    g: (t, x, u, du, y) => model.g(t, x, u, du, y),
    jacobian: (t, x, u, du) => model.jacobian(t, x, u, du),
  };
}
