/**
 * dcOperatingPoint: the DC operating point of a netlist's linear model as its initial state (SPICE's transient
 * start without `uic`): the equilibrium x' = 0 with every source at its t = 0 value, i.e. capacitors open and
 * inductors shorted (dc-equilibrium.ts). `.ic v(node)=value` entries hold their nodes during this solve, as SPICE
 * does: a current source from the node's ground into the node (an extra input, solved for) and the node's voltage
 * pinned to the value; they are released for the transient. States are returned by name (the model's v_C, i_L).
 * An operating point that does not exist or is not unique is 'no-operating-point' naming the elements.
 * Cost: one sparse LU of the model's size (plus one more formulation when nodes are held).
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { descriptionToJSON, parseSystem } from '@sysgraph/description';
import type { NodeInitial, SystemDescription } from '@sysgraph/description';
import type { StateSpace } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import { SingularMatrixError } from '@sysgraph/linalg';
import { buildModel } from '../linear/build-model';
import { borderedSystem, dcEquilibrium } from './dc-equilibrium';
import type { Equilibrium, EquilibriumProblem } from './dc-equilibrium';
import { explainSingularDc } from './explain-singular-dc';
import { holdingSources } from './holding-sources';

export interface OperatingPointRequest {
  readonly desc: SystemDescription;
  /** The model that is simulated and its structure. */
  readonly ss: StateSpace<unknown>;
  readonly structure: Structure;
  /** Every input's value at t = 0, by name. */
  readonly u0: Readonly<Record<string, number>>;
  /** `.ic` node voltages held during the solve. */
  readonly held: readonly NodeInitial[];
  /** The zero state (no solve) as {}: for callers that take an absent state as 0 (StartRequest.omitZeros). */
  readonly omitZeros?: boolean;
}

export const NO_OPERATING_POINT_EXPECTED =
  'a DC path fixing every capacitor voltage and inductor current (no capacitor fed only by current sources or cut off from the sources, no inductor in a loop with voltage sources), or `.tran … uic` with .ic / IC= values to start from';

export function dcOperatingPoint(req: OperatingPointRequest): Record<string, number> {
  const { desc, ss, structure, u0, held } = req;
  // Every source 0 at t = 0 and nothing held: the zero state is an equilibrium (F x̃ = 0), taken without a solve;
  // where it is not the only one (a floating capacitor) it is the one of least norm, as SPICE's gmin also gives.
  if (held.length === 0 && ss.inputs.every((name) => (u0[name] ?? 0) === 0)) return req.omitZeros ? {} : Object.fromEntries(ss.states.map((name) => [name, 0]));
  if (held.length === 0) {
    const eq = solve(ss, structure, u0, [], [], []);
    return Object.fromEntries(ss.states.map((name, i) => [name, eq.x[i]]));
  }
  const hold = holdingSources(desc, held);
  const augmented = parseSystem(hold.extend(descriptionToJSON(desc)), { name: desc.name });
  const built = buildModel(augmented, { symbolic: false });
  const ss2 = built.numeric as StateSpace<unknown>;
  const free = hold.inputs.map((name) => ss2.inputs.indexOf(name));
  const pinned = hold.outputs.map((name) => ss2.outputs.indexOf(name));
  const eq = solve(ss2, built.structure, u0, free, pinned, held.map((h) => h.value), held);
  const at = new Map(ss2.states.map((name, i) => [name, i]));
  const missing = ss.states.find((name) => !at.has(name));
  if (missing !== undefined) {
    throw new SysgraphError('unsupported', `.ic: holding ${held.map((h) => h.node).join(', ')} changes the states (${missing} is no longer one)`, {
      element: held[0].node,
      field: 'ic',
      expected: '.ic at nodes whose holding current source leaves the states as they are, or `.tran … uic`',
    });
  }
  return Object.fromEntries(ss.states.map((name) => [name, eq.x[at.get(name)!]]));
}

function solve(ss: StateSpace<unknown>, structure: Structure, u0: Readonly<Record<string, number>>, free: number[], pinned: number[], values: number[], held: readonly NodeInitial[] = []): Equilibrium {
  const problem = { ss, u0: ss.inputs.map((name) => u0[name] ?? 0), free, pinned, values };
  try {
    return dcEquilibrium(problem);
  } catch (e) {
    if (!(e instanceof SingularMatrixError) && !(isSysgraphError(e) && e.code === 'singular-matrix')) throw e;
    throw noOperatingPoint(problem, structure, (e as SingularMatrixError).column ?? -1, held);
  }
}

/** The typed error: the states (their elements) and held nodes nothing fixes at DC, and the sources that drive them. */
function noOperatingPoint(problem: EquilibriumProblem, structure: Structure, column: number, held: readonly NodeInitial[]): SysgraphError {
  const { ss, u0, free } = problem;
  const { K, rhs, n, G } = borderedSystem(problem);
  const why = explainSingularDc(K, rhs, column);
  const states = why.columns.filter((c) => c < n);
  const nodes = why.columns.filter((c) => c >= n).map((c) => held[c - n].node);
  const elements = states.map((c) => structure.graph.ids[structure.partition.states[c].branch]);
  // The sources nonzero at t = 0 in the equations that cannot all hold.
  const sources = new Set<string>();
  for (const row of why.rows) {
    if (row >= n) continue;
    for (let p = G.rowPtr[row]; p < G.rowPtr[row + 1]; p++) {
      const k = G.colIdx[p];
      if (G.values[p] !== 0 && u0[k] !== 0 && !free.includes(k)) sources.add(ss.inputs[k]);
    }
  }
  if (why.consistent === true) sources.clear();
  const named = [...elements, ...nodes.map((node) => `.ic v(${node})`)];
  const what =
    elements.length === 0 && nodes.length > 0
      ? `cannot hold ${named.join(', ')}: the DC circuit already fixes ${nodes.length > 1 ? 'these nodes' : 'the node'} (a voltage source, an inductor path or another .ic)`
      : why.consistent === false
      ? `does not exist: ${[...sources].join(', ') || 'the sources'} at t = 0 drive ${named.join(', ') || 'the circuit'} with no DC path to balance them`
      : why.consistent === true
        ? `is not unique: nothing at DC fixes ${named.join(', ')} (no DC path to the rest of the circuit)`
        : `does not exist or is not unique: ${named.join(', ') || 'a state'} is not fixed by the DC circuit`;
  const first = elements[0] ?? nodes[0];
  return new SysgraphError('no-operating-point', `no DC operating point (capacitors open, inductors shorted): it ${what}`, {
    ...(first !== undefined ? { element: first } : {}),
    field: elements.length > 0 ? 'initial' : 'ic',
    elements: [...elements, ...nodes, ...sources],
    expected: nodes.length > 0 && elements.length === 0 ? 'an .ic value only at nodes the DC circuit leaves free to hold, or `.tran … uic`' : NO_OPERATING_POINT_EXPECTED,
  });
}
