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

/** A model with its units (the simulator labels its trace columns with them). */
export type WithUnits<M> = M & { readonly stateUnits: readonly string[]; readonly outputUnits: readonly string[] };

/** The simulator's model (packages/simulate NonlinearModel) with its units. */
export type SimulationModelWithUnits = WithUnits<NonlinearModelLike>;

export interface ModelUnits {
  readonly states: string[];
  readonly outputs: string[];
}

/** The domains of the elements by id (two-ports: [port 1, port 2]), built once: O(elements). */
function domainTable(desc: SystemDescription): Map<string, Domain | readonly [Domain, Domain]> {
  const table = new Map<string, Domain | readonly [Domain, Domain]>();
  for (const e of desc.twoPorts) table.set(e.id, [e.domain1, e.domain2]);
  for (const e of desc.sources) table.set(e.id, e.domain);
  for (const e of desc.oneports) table.set(e.id, e.domain);
  return table;
}

function domainOf(table: ReadonlyMap<string, Domain | readonly [Domain, Domain]>, element: string, port?: 1 | 2): Domain {
  const d = table.get(element);
  if (d === undefined) return 'generic';
  if (typeof d === 'string') return d;
  return port === 2 ? d[1] : d[0];
}

/** The domain of the first element at the node, one-ports before sources (a node output is that node's across
 *  variable). */
function nodeDomain(desc: SystemDescription, node: string): Domain {
  for (const e of desc.oneports) if (e.from === node || e.to === node) return e.domain;
  for (const e of desc.sources) if (e.from === node || e.to === node) return e.domain;
  return 'generic';
}

/**
 * The units of the states and outputs. `stateDomains`: the domain of each state's element where the model knows
 * it (the network model reads it off the element at the state's branch); the table of every element by id is
 * then made only when an output names an element (on a cold start, a Map of 10^4–10^5 fresh ids costs more than
 * the rest of this).
 */
export function modelUnits(desc: SystemDescription, states: readonly StateQuantityOf[], stateDomains?: readonly Domain[]): ModelUnits {
  const unit = (domain: Domain, variable: string) => (variable === 'across' ? DOMAIN_VARIABLES[domain].acrossUnit : variable === 'through' ? DOMAIN_VARIABLES[domain].throughUnit : '');
  let table: Map<string, Domain | readonly [Domain, Domain]> | undefined;
  const domainOfElement = (element: string, port?: 1 | 2) => domainOf((table ??= domainTable(desc)), element, port);
  return {
    states: states.map((x, c) => unit(stateDomains !== undefined ? stateDomains[c] : domainOfElement(x.element), x.quantity)),
    outputs: desc.outputs.map((o) => (o.kind === 'node' ? DOMAIN_VARIABLES[nodeDomain(desc, o.node)].acrossUnit : unit(domainOfElement(o.element, o.port), o.variable))),
  };
}

/** The model with units (the simulator labels its trace columns with them); f, g and the Jacobian unchanged. */
export function withUnits<M extends NonlinearModelLike | { readonly kind: 'nonlinear' }>(model: M, units: ModelUnits): WithUnits<M> {
  return { ...model, stateUnits: units.states, outputUnits: units.outputs };
}
