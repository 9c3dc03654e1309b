/** The formatter of compareStateChoices (packages/engine/src/compare/compare-state-choices.ts): text or JSON. */
import { formatTable } from '@sysgraph/graph';
import { modelTable, modelToText, numberCells, numericBackend } from '@sysgraph/engine';
import type { Dense, StateSpace } from '@sysgraph/engine';
import { formatPole, differencesToJson } from '@sysgraph/engine';
import type { StateChoices } from '@sysgraph/engine';
export { compareStateChoices } from '@sysgraph/engine';
export type { StateChoices, StateChoicesOptions } from '@sysgraph/engine';

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
