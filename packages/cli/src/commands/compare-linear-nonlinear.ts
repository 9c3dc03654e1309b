/** The formatter of linearVsNonlinear (packages/engine/src/compare/compare-linear-nonlinear.ts): text or JSON. */
import { formatTable } from '@sysgraph/graph';
import { linearisationTable, modelTable, modelToText, numberCells, numericBackend } from '@sysgraph/engine';
import { formatPole, differencesToJson } from '@sysgraph/engine';
import { operatingPointJson, operatingPointLines } from './nonlinear-statespace';
import type { LinearVsNonlinear } from '@sysgraph/engine';
export { linearVsNonlinear } from '@sysgraph/engine';
export type { LinearVsNonlinear, LinearVsNonlinearOptions } from '@sysgraph/engine';

const sci = (x: number) => (Number.isFinite(x) ? x.toExponential(3) : String(x));

export function formatLinearVsNonlinear(r: LinearVsNonlinear, format: 'text' | 'json'): string {
  const l = r.point.linearisation;
  const sim = r.simulation;
  const linearTable = modelTable(r.name, r.linear, numericBackend(r.point.linear.parameters), numberCells, r.point.linear.parameters);
  if (format === 'json') {
    return JSON.stringify(
      {
        name: r.name,
        comparison: 'linear-vs-nonlinear',
        operatingPoint: operatingPointJson(l),
        incrementalValues: r.point.values,
        timeVarying: r.point.timeVarying,
        linearised: { states: l.states, A: l.A, B: l.B, C: l.C, D: l.D },
        linear: { states: r.linear.states, A: r.linear.A, B: r.linear.B, C: r.linear.C, D: r.linear.D, E: r.linear.E, Bd: r.linear.Bd },
        poles: r.poles,
        difference: r.difference,
        simulation: {
          tStart: sim.tStart,
          tEnd: sim.tEnd,
          samples: sim.nonlinear.columns[0].length,
          deviations: sim.deviations,
          solvers: { nonlinear: sim.nonlinear.solver, linear: sim.linearSolver },
          differences: differencesToJson(sim.differences),
        },
      },
      null,
      2,
    );
  }
  const rows = Math.max(r.poles.linearised.length, r.poles.linear.length);
  return [
    `${r.title}: the nonlinear model against the linear model at an operating point`,
    '',
    ...operatingPointLines(l),
    '',
    'Laws replaced by their incremental values there (C, L or R in the linear model):',
    formatTable(['element', 'variable', 'at', 'slope', 'value'], r.point.values.map((v) => [v.element, v.variable, v.at.toPrecision(6), v.slope.toPrecision(6), v.value.toPrecision(6)])),
    '',
    'The linearisation of the nonlinear model (δx\' = A δx + B δu, δy = C δx + D δu):',
    modelToText(linearisationTable(r.name, l, r.point.linear.parameters)),
    '',
    'The linear model of the description with those values:',
    modelToText(linearTable),
    '',
    'Poles (eigenvalues of A):',
    formatTable(['linearised', 'linear'], Array.from({ length: rows }, (_, k) => [r.poles.linearised[k] ? formatPole(r.poles.linearised[k]) : '', r.poles.linear[k] ? formatPole(r.poles.linear[k]) : ''])),
    `Largest difference: poles ${sci(r.difference.poles)}, H(s) at 4 test points ${sci(r.difference.transfer)}`,
    ...(r.point.timeVarying.length > 0 ? [`(the laws of ${r.point.timeVarying.join(', ')} depend on t: the linear model, frozen at t = ${l.t}, omits their ∂/∂t terms)`] : []),
    '',
    `Simulation from the operating point over [${sim.tStart}, ${sim.tEnd}] s, ${sim.nonlinear.columns[0].length} samples; inputs u0 + δu: ${Object.entries(sim.deviations).map(([k, v]) => `${k} = ${l.u[l.inputs.indexOf(k)]} + ${v}`).join(', ') || '(none)'}`,
    `solvers: nonlinear ${sim.nonlinear.solver} (${sim.nonlinear.solverReason}); linear ${sim.linearSolver}`,
    formatTable(
      ['variable', 'kind', 'unit', 'max |nonlinear − linear|', 'max |nonlinear|'],
      sim.differences.map((d) => [d.name, d.role, d.unit, Number.isNaN(d.maxDifference) ? 'not in the linear model' : sci(d.maxDifference), sci(d.scale)]),
    ),
  ].join('\n');
}
