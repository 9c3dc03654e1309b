/**
 * sysgraph compare --b1-vs-b2: the general formulation with states b1 (capacitor across, inductor through
 * variables) and b2 (charges and flux linkages; formulation.md section 6.4, x₂ = T x₁ with T = diag(C, L)),
 * as matrices, poles side by side and H(s) at test points, and simulated from rest for the same inputs: the
 * largest difference of every output (the states differ by T and are not compared).
 */
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure, formatTable } from '@sysgraph/graph';
import { formulate, modelTable, modelToText, numberCells, numericBackend } from '@sysgraph/formulation';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import type { Complex, NumericModel } from '@sysgraph/analysis';
import { toSimulationModel, refuseLaws, formatPole, poleDistance, sortedPoles, transferDistance, columnPairs, compareTraces, differencesToJson, inputSignals, suggestEndTime } from '@sysgraph/engine';
import type { CompareRunOptions, TraceDifference } from '@sysgraph/engine';
import { simulate } from '@sysgraph/simulate';
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
  const common = { tEnd, inputs: signals, samples: opts.samples ?? 401, rtol: opts.rtol, atol: opts.atol };
  const r1 = simulate(toSimulationModel(b1, structure), common);
  const r2 = simulate(toSimulationModel(b2, structure), common);
  const differences = compareTraces(r1, r2, columnPairs(r1, b1.states.length, r2, b2.states.length));
  return { name: desc.name, title: desc.title ?? desc.name, b1, b2, poles, difference, simulation: { tEnd, signals, b1: r1, b2: r2, differences } };
}

const sci = (x: number) => (Number.isFinite(x) ? x.toExponential(3) : String(x));

export function formatStateChoices(r: StateChoices, format: 'text' | 'json'): string {
  const sim = r.simulation;
  if (format === 'json') {
    const matrices = (ss: StateSpace<Dense<number>>) => ({ states: ss.states, A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, Bd: ss.Bd });
    return JSON.stringify(
      {
        name: r.name,
        comparison: 'b1-vs-b2',
        b1: matrices(r.b1),
        b2: matrices(r.b2),
        poles: r.poles,
        difference: r.difference,
        simulation: {
          tEnd: sim.tEnd,
          samples: sim.b1.columns[0].length,
          signals: sim.signals,
          solvers: { b1: sim.b1.solver, b2: sim.b2.solver },
          differences: differencesToJson(sim.differences),
        },
      },
      null,
      2,
    );
  }
  const backend = numericBackend(new Map());
  const table = (ss: StateSpace<Dense<number>>) => modelToText(modelTable(r.name, ss, backend, numberCells, new Map()));
  const rows = Math.max(r.poles.b1.length, r.poles.b2.length);
  return [
    `${r.title}: states b1 (across of A-type, through of T-type elements) against b2 (charges and flux linkages)`,
    '',
    table(r.b1),
    '',
    table(r.b2),
    '',
    'Poles (eigenvalues of A):',
    formatTable(['b1', 'b2'], Array.from({ length: rows }, (_, k) => [r.poles.b1[k] ? formatPole(r.poles.b1[k]) : '', r.poles.b2[k] ? formatPole(r.poles.b2[k]) : ''])),
    `Largest difference: poles ${sci(r.difference.poles)}, H(s) at 4 test points ${sci(r.difference.transfer)}`,
    '',
    `Simulation from rest over [0, ${sim.tEnd}] s, ${sim.b1.columns[0].length} samples; inputs ${Object.entries(sim.signals).map(([k, v]) => `${k} = ${v}`).join(', ') || '(none)'}; solvers b1 ${sim.b1.solver}, b2 ${sim.b2.solver}`,
    sim.differences.length === 0
      ? 'The description has no outputs: nothing both state choices share to compare (add outputs).'
      : formatTable(['output', 'unit', 'max |b1 − b2|', 'max |b1|'], sim.differences.map((d) => [d.name, d.unit, Number.isNaN(d.maxDifference) ? '—' : sci(d.maxDifference), sci(d.scale)])),
  ].join('\n');
}
