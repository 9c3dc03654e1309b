/**
 * toSimulationModel: a numeric StateSpace of the formulation as the simulator's LinearModel:
 *   dense:  x̃' = A x̃ + B u
 *   sparse: E x̃' = A0 x̃ + (B0 + A0 Bd) u   (the descriptor, E and A0 kept sparse; A is never formed)
 *   y = C x̃ + D u + F u',  x = x̃ + Bd u.
 */
import type { Domain } from '@sysgraph/core';
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import type { CsrMatrix } from '@sysgraph/linalg';
import { csrAdd, csrMul } from '@sysgraph/linalg';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import type { LinearModel } from './model';

export function toSimulationModel(ss: StateSpace<Dense<number>> | StateSpace<CsrMatrix>, s?: Structure): LinearModel {
  const units = s ? unitsOf(ss, s) : undefined;
  const base = {
    kind: 'linear' as const,
    stateNames: ss.states,
    inputNames: ss.inputs,
    outputNames: ss.outputs,
    stateUnits: units?.states,
    outputUnits: units?.outputs,
  };
  if (ss.backend === 'sparse') {
    const sp = ss as StateSpace<CsrMatrix>;
    // B0 + A0 Bd (B0 itself when Bd = 0: csrMul and csrAdd skip empty operands).
    const B = csrAdd(1, sp.descriptor.B0, 1, csrMul(sp.descriptor.A0, sp.Bd));
    return { ...base, M: sp.descriptor.E, A: sp.descriptor.A0, B, Bd: sp.Bd, C: sp.C, D: sp.D, F: sp.E };
  }
  const d = ss as StateSpace<Dense<number>>;
  return { ...base, A: d.A, B: d.B, Bd: d.Bd, C: d.C, D: d.D, F: d.E };
}

/**
 * Units of the states and outputs from the elements' domains (charge-like b2 states have none). O(n) for the
 * states (read from their branches), one lookup per output.
 */
function unitsOf(ss: StateSpace<unknown>, s: Structure): { states: string[]; outputs: string[] } {
  const desc: SystemDescription = s.description;
  const branches = s.graph.branches;
  const unitOf = (domain: Domain, variable: 'across' | 'through') => {
    const v = DOMAIN_VARIABLES[domain];
    return variable === 'across' ? v.acrossUnit : v.throughUnit;
  };
  const domainOf = (branch: string): Domain => branches[s.graph.branchIndex.get(branch) ?? 0]?.domain ?? 'generic';
  const states = s.partition.states.map((x) => (ss.stateChoice === 'b2' ? '' : unitOf(branches[x.branch]?.domain ?? 'generic', x.variable)));
  const outputs = desc.outputs.map((o) => {
    if (o.kind === 'node') return DOMAIN_VARIABLES[branches.find((b) => s.graph.nodeNames[b.from] === o.node || s.graph.nodeNames[b.to] === o.node)?.domain ?? 'generic'].acrossUnit;
    return unitOf(domainOf(o.port ? `${o.element}.${o.port}` : o.element), o.variable);
  });
  return { states, outputs };
}
