/**
 * netlistInitialState: the initial state of a netlist's transient, by state name (the model's v_C, i_L):
 *   without uic: the DC operating point with the sources at t = 0 and the .ic nodes held (operating-point.ts);
 *                IC= on C and L cards is ignored, as in SPICE (a note says so);
 *   with uic:    a capacitor's voltage is its IC=, else v(n+) − v(n−) from the .ic node values (0 where not
 *                given), an inductor's current its IC=, else 0 (ngspice 39 does the same).
 * Only states are set: a capacitor in a loop of capacitors and voltage sources, or an inductor in a cutset of
 * inductors and current sources, is not a state and follows the others (its IC= is then not used; a note says so).
 */
import type { SystemDescription } from '@sysgraph/description';
import type { StateSpace } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { NetlistStart } from './netlist-defaults';
import { dcOperatingPoint } from './operating-point';

export interface StartRequest {
  readonly desc: SystemDescription;
  readonly ss: StateSpace<unknown>;
  readonly structure: Structure;
  readonly u0: Readonly<Record<string, number>>;
  readonly start: NetlistStart;
  readonly note?: (line: string) => void;
  /**
   * Leave out the states whose start is zero where that costs nothing (the zero state taken without a solve):
   * for a caller that treats an absent state as 0, as simulate() does, so that a 10⁴-state network starting at
   * rest does not make and look up 10⁴ names.
   */
  readonly omitZeros?: boolean;
}

export function netlistInitialState(req: StartRequest): Record<string, number> {
  const { desc, ss, structure, u0, start, note } = req;
  const { nodes, elements } = start.initial;
  if (!start.uic) {
    if (elements.length > 0) note?.(`IC= of ${elements.map((e) => e.element).join(', ')} ignored: without .tran … uic the transient starts from the DC operating point (as in SPICE)`);
    const initial = dcOperatingPoint({ desc, ss, structure, u0, held: nodes, omitZeros: req.omitZeros });
    note?.(`initial state: the DC operating point${nodes.length > 0 ? ` with ${nodes.map((n) => `v(${n.node}) = ${n.value}`).join(', ')} held (.ic)` : ''} (.tran without uic)`);
    return initial;
  }
  const stateOf = new Set(structure.partition.states.map((s) => structure.graph.ids[s.branch]));
  const unused = elements.filter((e) => !stateOf.has(e.element)).map((e) => e.element);
  if (unused.length > 0) note?.(`IC= of ${unused.join(', ')} not used: not a state (in a loop of capacitors and voltage sources or a cutset of inductors and current sources)`);
  const nodeValue = new Map(nodes.map((n) => [n.node, n.value]));
  const elementValue = new Map(elements.map((e) => [e.element, e.value]));
  const portOf = new Map(desc.oneports.map((o) => [o.id, o]));
  const initial: Record<string, number> = {};
  structure.partition.states.forEach((s, i) => {
    const id = structure.graph.ids[s.branch];
    const given = elementValue.get(id);
    if (given !== undefined) initial[ss.states[i]] = given;
    else if (s.variable === 'across') {
      const e = portOf.get(id);
      initial[ss.states[i]] = e ? (nodeValue.get(e.from) ?? 0) - (nodeValue.get(e.to) ?? 0) : 0;
    } else initial[ss.states[i]] = 0;
  });
  note?.('initial state: zero but for .ic and IC= (.tran … uic)');
  return initial;
}
