/**
 * buildNonlinear: the nonlinear model of a description with laws as the simulator's NonlinearModel with units.
 * The model that evaluates f, g and ∂f/∂x is the network model (networkModel of @sysgraph/formulation: laws
 * compiled once, sparse Jacobian; docs/nonlinear.md, "The network model") when it covers the network, else the
 * symbolic nonlinearModel (capacitor loops, inductor cutsets, parametric laws, …). The symbolic model — f, g and
 * Jacobians as expressions for the printouts, the linearisation — is built lazily, only when `result` is read.
 * With `probes`, an output is added for the across or through variable of every law element written in v or i
 * (D-type laws above all), so that the operating point can be read off g; the model handed to the simulator hides
 * them again.
 */
import { isSysgraphError } from '@sysgraph/core';
import type { SystemDescription, OutputSpec } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { modelUnits, networkModel, nonlinearModel } from '@sysgraph/formulation';
import type { NetworkModelResult, NonlinearResult, StateQuantityOf } from '@sysgraph/formulation';
import type { NonlinearModel } from '@sysgraph/simulate';

/** A probe output: the law variable (v or i) of one element, at row `row` of g. */
export interface Probe {
  readonly element: string;
  readonly variable: 'across' | 'through';
  readonly row: number;
}

export interface NonlinearBuild {
  readonly structure: Structure;
  /** The symbolic model (expressions, linearisation), built on first read. */
  readonly result: NonlinearResult;
  /** The simulator's model: the description's outputs only, with units. */
  readonly model: NonlinearModel;
  /** Which model evaluates f, g and ∂f/∂x: the network model or the symbolic one (a fallback). */
  readonly engine: 'network' | 'symbolic';
  /**
   * The network model built with a secant width: the first law replaced by its secant in a Jacobian (the message of
   * its 'bad-law'), undefined while none was. Absent for the symbolic model.
   */
  readonly secantUse?: () => string | undefined;
  /** The network model's secant width changed in place (undefined: none); absent for the symbolic model. */
  readonly setSecantWidth?: (width: number | undefined) => void;
  /** The description's outputs are g's first `outputs` rows; the probes follow. */
  readonly outputs: number;
  readonly probes: readonly Probe[];
}

function probeOutputs(desc: SystemDescription): { outputs: OutputSpec[]; probes: Probe[] } {
  const taken = new Set(desc.outputs.map((o) => o.name));
  const outputs: OutputSpec[] = [...desc.outputs];
  const probes: Probe[] = [];
  for (const e of desc.oneports) {
    const law = e.law;
    if (!law || !('variable' in law) || (law.variable !== 'v' && law.variable !== 'i')) continue;
    const variable = law.variable === 'v' ? 'across' : 'through';
    let name = `${variable}(${e.id})`;
    while (taken.has(name)) name = `${name}'`;
    taken.add(name);
    probes.push({ element: e.id, variable, row: outputs.length });
    outputs.push({ name, kind: 'branch', element: e.id, variable });
  }
  return { outputs, probes };
}

export interface BuildNonlinearOptions {
  /** Add the probe outputs (law variables in v or i) after the description's outputs. */
  readonly probes?: boolean;
  /** A secant of this width where a law's derivative is not finite (Jacobians only). */
  readonly secantWidth?: number;
  /** Use the symbolic model to evaluate too (the network model is otherwise preferred). */
  readonly symbolic?: boolean;
}

/** The network model, or undefined when it does not cover the network ('unsupported'). */
function tryNetwork(structure: Structure, secantWidth: number | undefined): NetworkModelResult | undefined {
  try {
    return networkModel(structure, secantWidth !== undefined ? { secantWidth } : {});
  } catch (e) {
    if (isSysgraphError(e) && e.code === 'unsupported') return undefined;
    throw e;
  }
}

export function buildNonlinear(desc: SystemDescription, opts: BuildNonlinearOptions = {}): NonlinearBuild {
  const p = desc.outputs.length;
  const probed = opts.probes ? probeOutputs(desc) : { outputs: [...desc.outputs], probes: [] };
  const structure = analyzeStructure(opts.probes ? { ...desc, outputs: probed.outputs } : desc);
  let symbolic: NonlinearResult | undefined;
  const result = () => (symbolic ??= nonlinearModel(structure, opts.secantWidth !== undefined ? { secantWidth: opts.secantWidth } : {}));
  const network = opts.symbolic ? undefined : tryNetwork(structure, opts.secantWidth);
  const inner = network ? network.model : result().model;
  // The units, each list made on first read: the simulator reads them for the recorded columns only, and a run
  // that records outputs never makes the 10^4 state records of a large network (the outputs' units do not depend
  // on the states).
  let stateUnits: readonly string[] | undefined;
  let outputUnits: readonly string[] | undefined;
  const states = (): readonly StateQuantityOf[] => (network ? network.states : result().system.states);
  const full = new Float64Array(probed.outputs.length);
  const model: NonlinearModel = {
    kind: 'nonlinear',
    stateNames: inner.stateNames,
    inputNames: inner.inputNames,
    outputNames: inner.outputNames.slice(0, p),
    get stateUnits() {
      return (stateUnits ??= modelUnits(desc, states(), network?.stateDomains).states);
    },
    get outputUnits() {
      return (outputUnits ??= modelUnits(desc, []).outputs);
    },
    f: (t, x, u, du, dxdt) => inner.f(t, x, u, du, dxdt),
    g: (t, x, u, du, y) => {
      inner.g(t, x, u, du, full);
      for (let k = 0; k < p; k++) y[k] = full[k];
    },
    jacobian: (t, x, u, du) => inner.jacobian(t, x, u, du),
    ...(network
      ? {
          timeDerivative: (t, x, u, du, out) => network.model.timeDerivative(t, x, u, du, out),
          jacobianFinite: () => network.model.jacobianFinite(),
          // the static solver's counters, and the states the (probed) outputs read: a superset of what g keeps
          staticWork: () => network.model.staticWork(),
          outputStates: () => network.model.outputStates(),
        }
      : {}),
  };
  return {
    structure,
    get result() {
      return result();
    },
    model,
    engine: network ? 'network' : 'symbolic',
    ...(network ? { secantUse: () => network.model.secantUse(), setSecantWidth: (w: number | undefined) => network.model.setSecantWidth(w) } : {}),
    outputs: p,
    probes: probed.probes,
  };
}
