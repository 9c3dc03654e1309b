/**
 * checkCausality: SCAP (causality.ts) beside the normal tree of the equivalent linear graph, as a cross-check.
 * Integral causality on a storage element is a state; derivative causality is dependent storage, which the
 * normal tree shows as an A-type link (a capacitor loop, group S) or a T-type tree branch (an inductor cutset,
 * group Γ). The two procedures choose independently which member of a loop or cutset is dependent, so what must
 * agree is the number of states; the names are reported side by side.
 */
import type { Structure } from '@sysgraph/graph';
import type { Causality } from './causality';

export interface CausalityCheck {
  /** SCAP's states: storage elements in integral causality. */
  readonly integral: readonly string[];
  /** SCAP's dependent storage. */
  readonly derivative: readonly string[];
  /** The normal tree's state elements. */
  readonly treeStates: readonly string[];
  /** The normal tree's dependent storage (A-type links, T-type tree branches). */
  readonly treeDependent: readonly string[];
  /** Whether both count the same states. */
  readonly agree: boolean;
}

export function checkCausality(causality: Causality, structure: Structure): CausalityCheck {
  const lg = structure.graph;
  const element = (k: number) => lg.branches[k].element;
  const treeStates = structure.partition.states.map((x) => element(x.branch));
  const groups = structure.partition.groups;
  const treeDependent = [...Array.from(groups.S, element), ...Array.from(groups.Gamma, element)];
  return {
    integral: causality.integral,
    derivative: causality.derivative,
    treeStates,
    treeDependent,
    agree: treeStates.length === causality.integral.length,
  };
}
