/**
 * toLinearModel: a numeric StateSpace as the simulator's LinearModel (x̃' = A x̃ + B u, x = x̃ + Bd u,
 * y = C x̃ + D u + E u'; the formulation's E is the simulator's F), with units of the states and outputs
 * taken from the domains of their branches (across or through variable).
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { LinearModel } from '@sysgraph/simulate';

export function unitOf(domain: Domain | undefined, variable: 'across' | 'through'): string {
  if (!domain) return '';
  const d = DOMAIN_VARIABLES[domain];
  return variable === 'across' ? d.acrossUnit : d.throughUnit;
}

/** Units of the b1 states (v_X: across, i_X: through); b2 states (charges, fluxes) are left without. */
export function stateUnits(s: Structure, stateChoice: string): string[] {
  return s.partition.states.map((x) => (stateChoice === 'b1' ? unitOf(s.graph.branches[x.branch].domain, x.variable) : ''));
}

export function outputUnits(s: Structure): string[] {
  const lg = s.graph;
  const domainOfNode = (node: string): Domain | undefined => {
    const k = lg.nodeIndex.get(node);
    return lg.branches.find((b) => b.from === k || b.to === k)?.domain;
  };
  return s.description.outputs.map((o) => {
    if (o.kind === 'node') return unitOf(domainOfNode(o.node), 'across');
    const id = o.port !== undefined ? `${o.element}.${o.port}` : o.element;
    const k = lg.branchIndex.get(id);
    return unitOf(k === undefined ? undefined : lg.branches[k].domain, o.variable);
  });
}

export function toLinearModel(ss: StateSpace<Dense<number>>, s: Structure): LinearModel {
  return {
    kind: 'linear',
    stateNames: ss.states,
    inputNames: ss.inputs,
    outputNames: ss.outputs,
    stateUnits: stateUnits(s, ss.stateChoice),
    outputUnits: ss.outputs.length === s.description.outputs.length ? outputUnits(s) : undefined,
    A: ss.A,
    B: ss.B,
    Bd: ss.Bd,
    C: ss.C,
    D: ss.D,
    F: ss.E,
  };
}
