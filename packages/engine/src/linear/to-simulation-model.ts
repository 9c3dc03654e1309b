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
import type { LinearModel } from '@sysgraph/simulate';

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
 * states (read from their branches); a node output takes the domain of the first branch at the node (one pass
 * over the terminal arrays for all node outputs, O(B), no string comparisons).
 */
function unitsOf(ss: StateSpace<unknown>, s: Structure): { states: string[]; outputs: string[] } {
  const desc: SystemDescription = s.description;
  const lg = s.graph;
  const unitOf = (domain: Domain, variable: 'across' | 'through') => {
    const v = DOMAIN_VARIABLES[domain];
    return variable === 'across' ? v.acrossUnit : v.throughUnit;
  };
  const B = lg.ids.length;
  const domainOfBranch = (k: number): Domain => (k >= 0 && k < B ? lg.domainOf(k) : 'generic');
  const domainOf = (branch: string): Domain => domainOfBranch(lg.branchIndex.get(branch) ?? 0);
  const b2 = ss.stateChoice === 'b2';
  const stateList = s.partition.states;
  const states = new Array<string>(stateList.length);
  for (let i = 0; i < stateList.length; i++) {
    const x = stateList[i];
    states[i] = b2 ? '' : unitOf(domainOfBranch(x.branch), x.variable);
  }
  // The first branch at each node, filled on the first node output (one pass over the terminals).
  let firstBranch: Int32Array | undefined;
  const nodeDomain = (node: string): Domain => {
    const n = lg.nodeIndex.get(node);
    if (n === undefined) return 'generic';
    if (!firstBranch) {
      firstBranch = new Int32Array(lg.nodeNames.length).fill(-1);
      for (let k = lg.from.length - 1; k >= 0; k--) firstBranch[lg.from[k]] = firstBranch[lg.to[k]] = k;
    }
    const k = firstBranch[n];
    return k >= 0 ? lg.domainOf(k) : 'generic';
  };
  const outputs = desc.outputs.map((o) => {
    if (o.kind === 'node') return DOMAIN_VARIABLES[nodeDomain(o.node)].acrossUnit;
    return unitOf(domainOf(o.port ? `${o.element}.${o.port}` : o.element), o.variable);
  });
  return { states, outputs };
}
