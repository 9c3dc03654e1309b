/**
 * sysgraph compare --b1-vs-b2: the general formulation with states b1 (capacitor across, inductor through
 * variables) and b2 (charges and flux linkages; formulation.md section 6.4, x₂ = T x₁ with T = diag(C, L)),
 * as matrices, poles side by side and H(s) at test points, and simulated from rest for the same inputs: the
 * largest difference of every output (the states differ by T and are not compared).
 */
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend } from '@sysgraph/formulation';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import type { Complex, NumericModel } from '@sysgraph/analysis';
import { toSimulationModel } from '../linear/to-simulation-model';
import { refuseLaws } from '../nonlinear/law-elements';
import { poleDistance, sortedPoles, transferDistance } from './model-invariants';
import { columnPairs, compareTraces } from './compare-traces';
import { inputSignals } from '../simulation/simulate-options';
import { suggestEndTime } from '../end-time';
import type { CompareRunOptions, TraceDifference } from './compare-traces';
import { simulate } from '@sysgraph/simulate';
import { engineSignals } from '../simulation/engine-signals';
import type { SimulationResult } from '@sysgraph/simulate';

/** --signal default: the source's constant, else step(1). */
export type StateChoicesOptions = CompareRunOptions;

export interface StateChoices {
  readonly name: string;
  readonly title: string;
  readonly b1: StateSpace<Dense<number>>;
  readonly b2: StateSpace<Dense<number>>;
  readonly poles: { readonly b1: readonly Complex[]; readonly b2: readonly Complex[] };
  readonly difference: { readonly poles: number; readonly transfer: number };
  readonly simulation: {
    readonly tEnd: number;
    readonly signals: Readonly<Record<string, string>>;
    readonly b1: SimulationResult;
    readonly b2: SimulationResult;
    readonly differences: readonly TraceDifference[];
  };
}

const numeric = (ss: StateSpace<Dense<number>>): NumericModel => ({ A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E });

export function compareStateChoices(desc: SystemDescription, opts: StateChoicesOptions = {}): StateChoices {
  refuseLaws(desc, '--b1-vs-b2', 'the nonlinear formulation has one choice of states, the variables its laws are written in');
  const structure = analyzeStructure(desc);
  const backend = numericBackend(desc.parameters);
  const b1 = formulate(structure, backend, { stateChoice: 'b1' }) as StateSpace<Dense<number>>;
  const b2 = formulate(structure, backend, { stateChoice: 'b2' }) as StateSpace<Dense<number>>;
  const poles = { b1: sortedPoles(b1.A), b2: sortedPoles(b2.A) };
  const difference = { poles: poleDistance(poles.b1, poles.b2), transfer: transferDistance(numeric(b2), numeric(b1)) };
  const signals = inputSignals(desc, b1.inputs, opts.signals, opts.note, '--signal');
  const tEnd = opts.tEnd ?? suggestEndTime(b1.A);
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (from the slowest eigenvalue; set it with --t-end)`);
  const common = { tEnd, inputs: engineSignals(signals), samples: opts.samples ?? 401, rtol: opts.rtol, atol: opts.atol };
  const r1 = simulate(toSimulationModel(b1, structure), common);
  const r2 = simulate(toSimulationModel(b2, structure), common);
  const differences = compareTraces(r1, r2, columnPairs(r1, b1.states.length, r2, b2.states.length));
  return { name: desc.name, title: desc.title ?? desc.name, b1, b2, poles, difference, simulation: { tEnd, signals, b1: r1, b2: r2, differences } };
}
