/**
 * assignCausality: the sequential causality assignment procedure (SCAP; Karnopp, Margolis & Rosenberg,
 * "System Dynamics", section 5.2). Each bond gets a causal stroke: the end that sets its effort (the other end
 * sets its flow). Constraints:
 *   Se sets the effort of its bond; Sf the flow.            C integral: C sets e (it integrates f).
 *   I integral: I sets f (it integrates e).                  R: either.
 *   0-junction: exactly one bond sets the effort into it.    1-junction: exactly one bond sets the flow into it
 *                                                              (the junction sets the effort on that one only).
 *   TF: the TF sets the effort on exactly one of its bonds.  GY: on both or on neither.
 * Procedure: (1) each source, propagated; (2) each C and I still free gets integral causality, propagated;
 * a storage element whose bond was already forced into derivative causality is dependent storage (its state
 * is an algebraic function of the others: a capacitor loop or an inductor cutset of the linear graph);
 * (3) each R still free gets a causality (an algebraic loop), propagated; (4) any bond left (a loop of junctions)
 * likewise. A constraint violated by the propagation is a conflict, named.
 */
import type { BondGraph } from './types';

export type EffortSetter = 'from' | 'to';

export interface CausalityConflict {
  /** The element whose constraint could not be met. */
  readonly element: string;
  readonly bonds: readonly string[];
  readonly reason: string;
}

export interface Causality {
  /** Bond id → the element that sets its effort. */
  readonly effortSetBy: ReadonlyMap<string, string>;
  /** Storage elements in integral causality: one state each (p on I, q on C). */
  readonly integral: readonly string[];
  /** Storage elements forced into derivative causality: dependent storage. */
  readonly derivative: readonly string[];
  /** Resistors whose causality was chosen freely: each closes an algebraic loop. */
  readonly arbitrary: readonly string[];
  readonly conflicts: readonly CausalityConflict[];
}

export function assignCausality(graph: BondGraph): Causality {
  const bonds = graph.bonds;
  const setter: (EffortSetter | undefined)[] = new Array(bonds.length).fill(undefined);
  const kindOf = new Map(graph.elements.map((e) => [e.id, e.kind]));
  const incident = new Map<string, number[]>();
  bonds.forEach((b, k) => {
    for (const end of [b.from, b.to]) {
      const list = incident.get(end);
      if (list) list.push(k);
      else incident.set(end, [k]);
    }
  });
  const conflicts: CausalityConflict[] = [];
  const conflictAt = new Set<string>();
  const conflict = (element: string, reason: string) => {
    if (conflictAt.has(element)) return;
    conflictAt.add(element);
    conflicts.push({ element, bonds: (incident.get(element) ?? []).map((k) => bonds[k].id), reason });
  };
  /** Whether element x sets the effort of bond k. */
  const sets = (x: string, k: number) => setter[k] !== undefined && (setter[k] === 'from' ? bonds[k].from : bonds[k].to) === x;
  const endOf = (x: string, k: number): EffortSetter => (bonds[k].from === x ? 'from' : 'to');
  const other = (e: EffortSetter): EffortSetter => (e === 'from' ? 'to' : 'from');

  const queue: string[] = [];
  let head = 0;
  function assign(k: number, value: EffortSetter, by: string): void {
    if (setter[k] === value) return;
    if (setter[k] !== undefined) {
      conflict(by, `bond ${bonds[k].id} already has its effort set by ${setter[k] === 'from' ? bonds[k].from : bonds[k].to}`);
      return;
    }
    setter[k] = value;
    queue.push(bonds[k].from, bonds[k].to);
  }
  /** x sets (or does not set) the effort on bond k. */
  const xSets = (x: string, k: number, yes: boolean) => assign(k, yes ? endOf(x, k) : other(endOf(x, k)), x);

  function propagate(): void {
    while (head < queue.length) {
      const x = queue[head++];
      const kind = kindOf.get(x);
      const list = incident.get(x) ?? [];
      const known = list.filter((k) => setter[k] !== undefined);
      const free = list.filter((k) => setter[k] === undefined);
      if (kind === '0' || kind === '1') {
        // 0: the bonds the junction does not set (effort in) — exactly one;  1: the bonds it sets — exactly one
        const special = known.filter((k) => (kind === '0' ? !sets(x, k) : sets(x, k)));
        if (special.length > 1) conflict(x, kind === '0' ? 'two bonds set its effort' : 'two bonds set its flow');
        else if (special.length === 1) for (const k of free) xSets(x, k, kind === '0');
        else if (free.length === 1) xSets(x, free[0], kind === '1');
      } else if (kind === 'TF' || kind === 'GY') {
        if (known.length === 1 && free.length === 1) {
          const setsKnown = sets(x, known[0]);
          xSets(x, free[0], kind === 'TF' ? !setsKnown : setsKnown);
        } else if (known.length === 2) {
          const n = known.filter((k) => sets(x, k)).length;
          if (kind === 'TF' ? n !== 1 : n === 1) conflict(x, kind === 'TF' ? 'a TF passes the effort through: it sets the effort on exactly one bond' : 'a GY sets the effort on both bonds or on neither');
        }
      } else if (kind === 'Se' && known.length === 1 && !sets(x, known[0])) conflict(x, 'an effort source whose effort is set elsewhere');
      else if (kind === 'Sf' && known.length === 1 && sets(x, known[0])) conflict(x, 'a flow source whose flow is set elsewhere');
    }
  }

  const ofKind = (kinds: string) => graph.elements.filter((e) => kinds.includes(e.kind));
  for (const e of ofKind('Se Sf')) {
    const k = incident.get(e.id)![0];
    if (setter[k] === undefined) xSets(e.id, k, e.kind === 'Se');
    else if (sets(e.id, k) !== (e.kind === 'Se')) conflict(e.id, e.kind === 'Se' ? 'an effort source whose effort is set elsewhere (effort sources in parallel)' : 'a flow source whose flow is set elsewhere (flow sources in series)');
    propagate();
  }
  const integral: string[] = [];
  const derivative: string[] = [];
  for (const e of graph.elements.filter((x) => x.kind === 'C' || x.kind === 'I')) {
    const k = incident.get(e.id)![0];
    // integral: C sets the effort, I the flow
    if (setter[k] === undefined) xSets(e.id, k, e.kind === 'C');
    propagate();
    if (sets(e.id, k) === (e.kind === 'C')) integral.push(e.id);
    else derivative.push(e.id);
  }
  const arbitrary: string[] = [];
  for (const e of ofKind('R')) {
    const k = incident.get(e.id)![0];
    if (setter[k] !== undefined) continue;
    xSets(e.id, k, true); // resistance causality: R takes the flow and sets the effort e = R f
    arbitrary.push(e.id);
    propagate();
  }
  bonds.forEach((_, k) => {
    if (setter[k] === undefined) {
      assign(k, 'to', bonds[k].to);
      propagate();
    }
  });
  const effortSetBy = new Map(bonds.map((b, k) => [b.id, setter[k] === 'from' ? b.from : b.to]));
  return { effortSetBy, integral, derivative, arbitrary, conflicts };
}
